/**
 * What the two-factor and anti-phishing routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../../src/contract/errors.ts';
import type { RouteDoc } from '../../platform/http/routeSchema.ts';

export const DOCS = {
  loginTwoFactor: {
    operationId: 'loginTwoFactor',
    summary: 'Second step of a sign-in with two-factor on: the challenge from login and a code (or a recovery code)',
    description:
      'The second step of a sign-in with two-factor on: the challenge from login and a code from the authenticator app (or a recovery code); the token and the profile.',
    refusals: [
      Err.TWO_FACTOR_CHALLENGE_EXPIRED,
      Err.USER_STATUS_ABNORMAL,
      Err.TWO_FACTOR_CODE_WRONG,
      Err.TWO_FACTOR_CODE_USED,
      Err.LOGIN_THROTTLED,
    ],
  },
  getTwoFactor: {
    operationId: 'getTwoFactor',
    summary: 'Two-factor sign-in: on or off, recovery codes left, required (operators)',
    description: "The caller's two-factor sign-in: on or off, the recovery codes left, and whether it is required (operators).",
    refusals: [],
  },
  setupTwoFactor: {
    operationId: 'setupTwoFactor',
    summary: 'Start enrolment: a new secret and its QR code, waiting for the first code',
    description: 'Starts enrolment: a new secret and its QR code for the authenticator app, waiting for the first code.',
    refusals: [Err.TWO_FACTOR_ALREADY_ON],
  },
  enableTwoFactor: {
    operationId: 'enableTwoFactor',
    summary: 'Confirm enrolment with the first code: on; answers the ten recovery codes, shown only here',
    description:
      'Confirms enrolment with the first code: two-factor is on, and the answer holds the ten recovery codes, shown only here.',
    refusals: [
      Err.TWO_FACTOR_NOT_STARTED,
      Err.TWO_FACTOR_ALREADY_ON,
      Err.TWO_FACTOR_CODE_WRONG,
      Err.TWO_FACTOR_CODE_USED,
      Err.LOGIN_THROTTLED,
    ],
  },
  disableTwoFactor: {
    operationId: 'disableTwoFactor',
    summary: 'Turn off with the password and a current code or a recovery code',
    description:
      'Turns two-factor sign-in off with the password and a current code or a recovery code; the owner is told by mail.',
    refusals: [
      Err.TWO_FACTOR_NOT_ON,
      Err.PASSWORD_WRONG,
      Err.TWO_FACTOR_CODE_WRONG,
      Err.TWO_FACTOR_CODE_USED,
      Err.LOGIN_THROTTLED,
    ],
  },
  renewRecoveryCodes: {
    operationId: 'renewRecoveryCodes',
    summary: 'New recovery codes (the old ones stop working), with a current code',
    description: 'New recovery codes with a current code; the old ones stop working.',
    refusals: [Err.TWO_FACTOR_NOT_ON, Err.TWO_FACTOR_CODE_WRONG, Err.TWO_FACTOR_CODE_USED, Err.LOGIN_THROTTLED],
  },
  getAntiPhishing: {
    operationId: 'getAntiPhishing',
    summary: 'The anti-phishing phrase every mail to this account carries (null: none)',
    description: 'The anti-phishing phrase every mail to the account carries (null: none).',
    refusals: [],
  },
  setAntiPhishing: {
    operationId: 'setAntiPhishing',
    summary: 'Set (or with null remove) the anti-phishing phrase',
    description: 'Sets (or with null removes) the anti-phishing phrase.',
    refusals: [Err.ANTI_PHISHING_PHRASE_INVALID],
  },
  getReviewWindow: {
    operationId: 'getReviewWindow',
    summary: "This session's review window: open or not, and when it closes",
    description:
      "The operator session's review window: whether it is open, the factor that opened it, when it ends and when it idles out. Money reviews inside it need no code.",
    refusals: [],
  },
  openReviewWindow: {
    operationId: 'openReviewWindow',
    summary: 'Open the review window with a fresh authenticator code',
    description:
      "Opens a review window on this operator session with a fresh authenticator code, for REVIEW_WINDOW_MINUTES (idling out after REVIEW_WINDOW_IDLE_MINUTES without a review). Each review's audit line names the window.",
    refusals: [Err.TWO_FACTOR_NOT_ON, Err.TWO_FACTOR_CODE_WRONG, Err.TWO_FACTOR_CODE_USED],
  },
  reviewWindowPasskeyOptions: {
    operationId: 'reviewWindowPasskeyOptions',
    summary: "Options for startAuthentication with one of this operator's passkeys",
    description:
      "The options for startAuthentication listing only this operator's passkeys, with a challenge that works once, for 5 minutes.",
    refusals: [Err.PASSKEY_UNKNOWN],
  },
  openReviewWindowWithPasskey: {
    operationId: 'openReviewWindowWithPasskey',
    summary: "Open the review window with a passkey's answer",
    description:
      "Opens the review window with the authenticator's answer to the challenge; the counter is checked as at sign-in.",
    refusals: [Err.PASSKEY_CHALLENGE_EXPIRED, Err.PASSKEY_UNKNOWN, Err.PASSKEY_NOT_VERIFIED, Err.PASSKEY_COUNTER_REPLAYED],
  },
  closeReviewWindow: {
    operationId: 'closeReviewWindow',
    summary: 'Close the review window now',
    description: "Closes this session's review window; the next money review asks for a second factor again.",
    refusals: [],
  },
} as const satisfies Record<string, RouteDoc>;
