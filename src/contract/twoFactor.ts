/**
 * Two-factor sign-in (TOTP, RFC 6238) and the anti-phishing phrase: schemas of
 * /swx/customer/login/loginTwoFactor and /swx/customer/user/twoFactor/*, /antiPhishing. Shared by
 * browser and server: no DOM, no Node. docs/security.md, "Two-factor sign-in".
 */
import { Type, type Static } from 'typebox';
import { IsoTime } from './envelope.ts';
import { LoginResult } from './auth.ts';

export * from './twoFactorRules.ts';

const Code = Type.String({
  minLength: 6,
  maxLength: 24,
  description: '6 digits from the authenticator app, or a recovery code where allowed',
});

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

/** POST /swx/customer/login/loginTwoFactor: the challenge and a code (or a recovery code). Result: LoginResult. */
export const LoginTwoFactorBody = Type.Object(
  {
    challenge: Type.String({ minLength: 1, maxLength: 64 }),
    code: Code,
  },
  { additionalProperties: false },
);
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
export const TwoFactorDisableBody = Type.Object(
  {
    password: Type.String({ maxLength: 128 }),
    code: Code,
  },
  { additionalProperties: false },
);
export type TwoFactorDisableBody = Static<typeof TwoFactorDisableBody>;

/** POST /swx/customer/user/twoFactor/recoveryCodes: new codes (the old ones stop working), with a current code. */
export const RecoveryRenewBody = Type.Object({ code: Code }, { additionalProperties: false });
export type RecoveryRenewBody = Static<typeof RecoveryRenewBody>;

/** GET/POST /swx/customer/user/antiPhishing: the phrase every mail to the user carries (null: none). */
export const AntiPhishing = Type.Object({ phrase: Type.Union([Type.String(), Type.Null()]) });
export type AntiPhishing = Static<typeof AntiPhishing>;
export const AntiPhishingBody = Type.Object(
  {
    phrase: Type.Union([Type.String({ maxLength: 64 }), Type.Null()], { description: 'null removes it' }),
  },
  { additionalProperties: false },
);
export type AntiPhishingBody = Static<typeof AntiPhishingBody>;
