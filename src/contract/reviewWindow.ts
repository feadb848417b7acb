/**
 * The operators' review window (docs/security.md, "Review window"): GET /admin-api/review-window,
 * POST /admin-api/review-window (a code), /review-window/passkeyOptions and /review-window/passkey
 * (a passkey), /review-window/close. Shared by browser and server: no DOM, no Node.
 */
import { Type, type Static } from 'typebox';
import { IdString, IsoTime } from './envelope.ts';
import { PasskeyAnswer } from './passkeys.ts';

/** The window an audited action ran in: which one, opened when, by which second factor. */
export const ReviewWindowRef = Type.Object({
  id: IdString,
  openedAt: IsoTime,
  factor: Type.Union([Type.Literal('totp'), Type.Literal('passkey')]),
});
export type ReviewWindowRef = Static<typeof ReviewWindowRef>;

/** The session's window as the console shows it: open or not, and when it closes. */
export const ReviewWindowState = Type.Object({
  /** this operator's money reviews need a window (a second factor is on, or OPERATOR_2FA_REQUIRED) */
  asked: Type.Boolean(),
  open: Type.Boolean(),
  window: Type.Union([ReviewWindowRef, Type.Null()]),
  /** its end at the latest */
  endsAt: Type.Union([IsoTime, Type.Null()]),
  /** its end if no review comes before */
  idleEndsAt: Type.Union([IsoTime, Type.Null()]),
  /** until the earlier of the two */
  secondsLeft: Type.Integer({ minimum: 0 }),
});
export type ReviewWindowState = Static<typeof ReviewWindowState>;

/** POST /admin-api/review-window: opens it with an authenticator code. */
export const OpenReviewWindowBody = Type.Object(
  { code: Type.String({ minLength: 6, maxLength: 6, pattern: '^[0-9]{6}$' }) },
  { additionalProperties: false },
);
export type OpenReviewWindowBody = Static<typeof OpenReviewWindowBody>;

/** POST /admin-api/review-window/passkey: opens it with a passkey's answer to the options. */
export const PasskeyReviewWindowBody = Type.Object({ response: PasskeyAnswer }, { additionalProperties: false });
export type PasskeyReviewWindowBody = Static<typeof PasskeyReviewWindowBody>;
