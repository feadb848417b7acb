/**
 * Accounts, login and sessions: request and response schemas of /swx/customer/login/* and
 * /swx/customer/user/{getUserInfo,repassword}. Shared by browser (forms) and server (edge
 * validation): no DOM, no Node. Every result travels in the envelope `{ code, msg, result }`.
 *
 * A "target" (where a code goes) is either `email`, or `phone` + `areaCode` (an entry of
 * AREA_CODES, e.g. "+44"; the phone is the national number). Give exactly one of the two.
 */
import { Type, type Static } from 'typebox';
import { LANGUAGES } from './constants.ts';
import { DecimalString, IdString, IsoTime, LiteralUnion } from './envelope.ts';

/** Field limits. Over-long input is a 10030 at the edge; the finer rules give catalogue codes. */
export const USERNAME_RE = /^[A-Za-z0-9_]{3,20}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const EMAIL_MAX = 254;
/** Resend cool-down of a verification code for the same target and purpose. */
export const CODE_RESEND_SECONDS = 60;

/** Letters, digits and a letter plus a digit (message 10035). Shared so forms check the same. */
export function passwordStrongEnough(p: string): boolean {
  return p.length >= PASSWORD_MIN && p.length <= PASSWORD_MAX && /[A-Za-z]/.test(p) && /[0-9]/.test(p);
}
/**
 * The password contains the username or the e-mail's local part (ignoring case; parts shorter
 * than 3 characters do not count): message 10058. Shared so forms check the same. The server
 * also refuses common passwords (10057) from a list the browser does not hold.
 */
export function passwordContainsName(p: string, names: { username?: string | null; email?: string | null }): boolean {
  const lower = p.toLowerCase();
  const email = names.email?.trim() ?? '';
  const parts = [names.username?.trim() ?? '', email.includes('@') ? email.slice(0, email.lastIndexOf('@')) : ''];
  return parts.some((part) => part.length >= 3 && lower.includes(part.toLowerCase()));
}
/** Pragmatic e-mail check (one @, a dot in the domain, no spaces); 10002 otherwise. */
export const EMAIL_RE =
  /^[^\s@<>()[\]\\,;:"]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

const Email = Type.String({ maxLength: EMAIL_MAX, description: 'e-mail address (case-insensitive)' });
const Phone = Type.String({ maxLength: 32, description: 'national number, digits (spaces and dashes tolerated)' });
const AreaCodeField = Type.String({ maxLength: 8, description: 'area code from AREA_CODES, e.g. "+44"' });
const Password = Type.String({ maxLength: 128 });
const Code = Type.String({ maxLength: 16, description: 'the 6-digit verification code' });

export const CODE_PURPOSES = ['register', 'login', 'reset'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

// ---------- profile ----------

export const UserProfile = Type.Object({
  id: IdString,
  username: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String({ description: 'E.164, e.g. +447700900123' }), Type.Null()]),
  areaCode: Type.Union([Type.String(), Type.Null()]),
  role: Type.Union([Type.Literal('customer'), Type.Literal('operator')]),
  /** identity verification: a state of src/machines/kyc/kyc.ts ('none' = not certified; docs/kyc.md) */
  kycStatus: Type.Union([Type.Literal('none'), Type.Literal('pending'), Type.Literal('verified'), Type.Literal('rejected')]),
  /** why the last submission was rejected (shown to the user); null unless kycStatus is 'rejected' */
  kycRejectReason: Type.Union([Type.String(), Type.Null()]),
  smartEnabled: Type.Boolean(),
  inviteCode: Type.String(),
  hasPassword: Type.Boolean({ description: 'false for accounts created by Google sign-in' }),
  createdAt: IsoTime,
});
export type UserProfile = Static<typeof UserProfile>;

/** Result of register, login and loginByGoogle. Send `token` as the Authorization header. */
export const LoginResult = Type.Object({ token: Type.String(), user: UserProfile });
export type LoginResult = Static<typeof LoginResult>;

// ---------- GET /swx/customer/login/checkUserNameOrPhone ----------

/** Give one of: username, email, or phone + areaCode. */
export const CheckUserQuery = Type.Object(
  {
    username: Type.Optional(Type.String({ maxLength: 64 })),
    email: Type.Optional(Email),
    phone: Type.Optional(Phone),
    areaCode: Type.Optional(AreaCodeField),
  },
  { additionalProperties: false },
);
export type CheckUserQuery = Static<typeof CheckUserQuery>;
export const CheckUserResult = Type.Object({ exists: Type.Boolean() });
export type CheckUserResult = Static<typeof CheckUserResult>;

// ---------- POST /swx/customer/login/sendCode ----------

export const SendCodeBody = Type.Object(
  {
    email: Type.Optional(Email),
    phone: Type.Optional(Phone),
    areaCode: Type.Optional(AreaCodeField),
    purpose: Type.Union([Type.Literal('register'), Type.Literal('login'), Type.Literal('reset')]),
  },
  { additionalProperties: false },
);
export type SendCodeBody = Static<typeof SendCodeBody>;
export const SendCodeResult = Type.Object({
  /** masked target, e.g. "a***@example.com" or "+44******123" */
  sentTo: Type.String(),
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
  expiresInSeconds: Type.Integer(),
  resendAfterSeconds: Type.Integer(),
});
export type SendCodeResult = Static<typeof SendCodeResult>;

// ---------- POST /swx/customer/login/register ----------

export const RegisterBody = Type.Object(
  {
    username: Type.String({ maxLength: 64 }),
    password: Password,
    confirmPassword: Password,
    /** verification code sent to the e-mail or phone with purpose "register" */
    code: Code,
    email: Type.Optional(Email),
    phone: Type.Optional(Phone),
    areaCode: Type.Optional(AreaCodeField),
    inviteCode: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

// ---------- POST /swx/customer/login/login ----------

/**
 * `account` is a username, an e-mail, or a phone number: with `areaCode` the national
 * number, without it the full international form ("+447700900123").
 */
export const LoginBody = Type.Object(
  {
    account: Type.String({ maxLength: EMAIL_MAX }),
    password: Password,
    areaCode: Type.Optional(AreaCodeField),
    /** "Remember me on this device": the session lasts up to 7 days instead of 30 idle minutes / 12 hours. */
    remember: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

// ---------- Google (OpenID Connect) ----------

/** GET /swx/customer/login/googleAuthUrl: open `url`; the provider returns to /api/loginCallback/google?code&state. */
export const GoogleAuthUrlResult = Type.Object({ url: Type.String(), state: Type.String() });
export type GoogleAuthUrlResult = Static<typeof GoogleAuthUrlResult>;

/** POST /swx/customer/login/loginByGoogle: the callback page posts what it received. Result: LoginResult. */
export const LoginByGoogleBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 2048 }),
    state: Type.String({ minLength: 1, maxLength: 256 }),
    /** the provider's `iss` callback parameter, when it sent one (RFC 9207) */
    iss: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { additionalProperties: false },
);
export type LoginByGoogleBody = Static<typeof LoginByGoogleBody>;

// ---------- POST /swx/customer/user/repassword ----------

/**
 * Two forms, told apart by `oldPassword`:
 * - change (logged in): { oldPassword, password, confirmPassword }; other sessions end.
 * - reset (logged out): { email | phone+areaCode, code (purpose "reset"), password, confirmPassword };
 *   every session ends.
 * Success: body code 20005, result null.
 */
export const RepasswordBody = Type.Object(
  {
    oldPassword: Type.Optional(Password),
    email: Type.Optional(Email),
    phone: Type.Optional(Phone),
    areaCode: Type.Optional(AreaCodeField),
    code: Type.Optional(Code),
    password: Password,
    confirmPassword: Password,
  },
  { additionalProperties: false },
);
export type RepasswordBody = Static<typeof RepasswordBody>;

// ---------- POST /swx/customer/user/language ----------

/**
 * The language of the mail and SMS the account receives (security notices, loan notices). The
 * app sends it after the user switches language while signed in; registration and every sign-in
 * take it from the request (`lang` header). Verification codes follow the request's language.
 */
export const LanguageBody = Type.Object({ language: LiteralUnion(LANGUAGES) }, { additionalProperties: false });
export type LanguageBody = Static<typeof LanguageBody>;
export const LanguageResult = Type.Object({ language: LiteralUnion(LANGUAGES) });
export type LanguageResult = Static<typeof LanguageResult>;

// ---------- POST /swx/customer/login/logout (result null) ----------

// ---------- POST /swx/customer/user/getUserInfo ----------

export const AssetBalance = Type.Object({
  asset: Type.String(),
  /** spendable now */
  available: DecimalString(),
  /** sum over purposes: available + holds + margin + plan principal + collateral */
  total: DecimalString(),
  /** total valued in USDT */
  totalUsdt: DecimalString(),
});
export type AssetBalance = Static<typeof AssetBalance>;

export const BookSummary = Type.Object({
  assets: Type.Array(AssetBalance),
  availableUsdt: DecimalString(),
  totalUsdt: DecimalString(),
});
export type BookSummary = Static<typeof BookSummary>;

export const UserInfoResult = Type.Object({
  user: UserProfile,
  /** the book chosen by the `virtually` header of this request */
  book: Type.Union([Type.Literal('demo'), Type.Literal('real')]),
  balances: Type.Object({ demo: BookSummary, real: BookSummary }),
});
export type UserInfoResult = Static<typeof UserInfoResult>;

// ---------- sessions (GET /swx/customer/user/sessions, POST /swx/customer/user/sessions/:id/end) ----------

/** One signed-in device: when it started, when it was last used, when it ends at the latest. */
export const ActiveSession = Type.Object({
  id: IdString,
  /** the session making this request */
  current: Type.Boolean(),
  createdAt: IsoTime,
  lastSeenAt: IsoTime,
  expiresAt: IsoTime,
  /** minutes without a request after which it ends */
  idleMinutes: Type.Integer(),
  /** "remember me on this device" */
  remember: Type.Boolean(),
  ip: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
});
export type ActiveSession = Static<typeof ActiveSession>;
export const ActiveSessionList = Type.Object({ rows: Type.Array(ActiveSession) });
export type ActiveSessionList = Static<typeof ActiveSessionList>;
export const SessionIdParams = Type.Object({ id: IdString }, { additionalProperties: false });
export const EndedSession = Type.Object({ id: IdString, ended: Type.Boolean() });
export type EndedSession = Static<typeof EndedSession>;
