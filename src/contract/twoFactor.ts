/**
 * Two-factor sign-in (TOTP, RFC 6238) and the anti-phishing phrase: schemas of
 * /swx/customer/login/loginTwoFactor and /swx/customer/user/twoFactor/*, /antiPhishing. Shared by
 * browser and server: no DOM, no Node. docs/security.md, "Two-factor sign-in".
 */
import { Type, type Static } from 'typebox';
import { IsoTime } from './envelope.ts';
import { LoginResult } from './auth.ts';

/** The header that carries a step-up code (a withdrawal, a password change, an operator's money review). */
export const STEP_UP_HEADER = 'x-two-factor-code';
/** How long the second step of a sign-in waits for its code. */
export const CHALLENGE_MINUTES = 5;
/** Recovery codes made at each enrolment (and each renewal); each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** The anti-phishing phrase: its length and alphabet (10218 otherwise). */
export const PHRASE_MIN = 4;
export const PHRASE_MAX = 32;
export const PHRASE_RE = /^[\p{L}\p{N} ._-]+$/u;

/** The phrase, trimmed, when it may be used; null otherwise (the form checks the same). */
export function phraseAllowed(text: string): string | null {
  const p = text.trim().replace(/\s+/g, ' ');
  return p.length >= PHRASE_MIN && p.length <= PHRASE_MAX && PHRASE_RE.test(p) ? p : null;
}

/** Six digits from the authenticator app (spaces tolerated by the forms, not here). */
export const TOTP_RE = /^[0-9]{6}$/;
/** A recovery code as shown: four groups of four letters or digits, dashes optional. */
export const RECOVERY_RE = /^[A-Za-z2-7]{4}-?[A-Za-z2-7]{4}-?[A-Za-z2-7]{4}-?[A-Za-z2-7]{4}$/;

const Code = Type.String({ minLength: 6, maxLength: 24, description: '6 digits from the authenticator app, or a recovery code where allowed' });

/**
 * What the password step of a sign-in answers when two-factor sign-in is on: not a session but a
 * challenge for POST /swx/customer/login/loginTwoFactor, valid CHALLENGE_MINUTES.
 */
export const TwoFactorChallenge = Type.Object({
  twoFactorRequired: Type.Literal(true),
  challenge: Type.String(),
  expiresInSeconds: Type.Integer(),
});
export type TwoFactorChallenge = Static<typeof TwoFactorChallenge>;

/** Result of POST /swx/customer/login/login: a session, or the challenge of the second step. */
export const LoginStepResult = Type.Union([LoginResult, TwoFactorChallenge]);
export type LoginStepResult = Static<typeof LoginStepResult>;
export const isChallenge = (r: LoginStepResult): r is TwoFactorChallenge => 'twoFactorRequired' in r;

/** POST /swx/customer/login/loginTwoFactor: the challenge and a code (or a recovery code). Result: LoginResult. */
export const LoginTwoFactorBody = Type.Object({
  challenge: Type.String({ minLength: 1, maxLength: 64 }),
  code: Code,
}, { additionalProperties: false });
export type LoginTwoFactorBody = Static<typeof LoginTwoFactorBody>;

/** GET /swx/customer/user/twoFactor */
export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  enabledAt: Type.Union([IsoTime, Type.Null()]),
  /** unused recovery codes */
  recoveryCodesLeft: Type.Integer(),
  /** an operator must have it on to review money (OPERATOR_2FA_REQUIRED) */
  required: Type.Boolean(),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;

/** POST /swx/customer/user/twoFactor/setup: a new secret, waiting for its first code. */
export const TwoFactorSetup = Type.Object({
  /** base32, for typing into the app by hand */
  secret: Type.String(),
  /** the otpauth:// URI the QR code holds */
  otpauthUri: Type.String(),
  /** the QR code as an SVG data URL, drawn by the server */
  qrDataUrl: Type.String(),
});
export type TwoFactorSetup = Static<typeof TwoFactorSetup>;

/** POST /swx/customer/user/twoFactor/enable: the first code from the app confirms the secret. */
export const TwoFactorEnableBody = Type.Object({ code: Code }, { additionalProperties: false });
export type TwoFactorEnableBody = Static<typeof TwoFactorEnableBody>;
/** Shown once: only their hashes are kept. */
export const RecoveryCodes = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
export type RecoveryCodes = Static<typeof RecoveryCodes>;

/** POST /swx/customer/user/twoFactor/disable: the password AND a current code or a recovery code. */
export const TwoFactorDisableBody = Type.Object({
  password: Type.String({ maxLength: 128 }),
  code: Code,
}, { additionalProperties: false });
export type TwoFactorDisableBody = Static<typeof TwoFactorDisableBody>;

/** POST /swx/customer/user/twoFactor/recoveryCodes: new codes (the old ones stop working), with a current code. */
export const RecoveryRenewBody = Type.Object({ code: Code }, { additionalProperties: false });
export type RecoveryRenewBody = Static<typeof RecoveryRenewBody>;

/** GET/POST /swx/customer/user/antiPhishing: the phrase every mail to the user carries (null: none). */
export const AntiPhishing = Type.Object({ phrase: Type.Union([Type.String(), Type.Null()]) });
export type AntiPhishing = Static<typeof AntiPhishing>;
export const AntiPhishingBody = Type.Object({
  phrase: Type.Union([Type.String({ maxLength: 64 }), Type.Null()], { description: 'null removes it' }),
}, { additionalProperties: false });
export type AntiPhishingBody = Static<typeof AntiPhishingBody>;
