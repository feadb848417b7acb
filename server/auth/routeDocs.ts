/**
 * What the account and sign-in routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  checkUserNameOrPhone: {
    operationId: 'checkUserNameOrPhone',
    summary: 'Is this username, e-mail or phone already registered?',
    description: 'Whether a username, e-mail or phone is already registered (the sign-up form asks before sending a code).',
    refusals: [Err.USERNAME_OR_EMAIL_REQUIRED, Err.EMAIL_INVALID, Err.PHONE_INVALID],
  },
  sendCode: {
    operationId: 'sendCode',
    summary: 'Send a 6-digit verification code by e-mail or SMS',
    description:
      'Sends a 6-digit verification code by e-mail or SMS, for sign-up or a password reset; one per address per cool-down, a few per hour.',
    refusals: [Err.USERNAME_OR_EMAIL_REQUIRED, Err.EMAIL_INVALID, Err.PHONE_INVALID, Err.CODE_SEND_TOO_SOON],
  },
  register: {
    operationId: 'register',
    summary: 'Create an account (e-mail or phone, with a code from sendCode)',
    description:
      'Creates an account with an e-mail or phone, a password and the code sendCode delivered (optionally an invite code), and signs it in: the answer carries the token. The demo book starts with its grant.',
    refusals: [
      Err.USERNAME_INVALID,
      Err.USERNAME_EXISTS,
      Err.EMAIL_OR_PHONE_EXISTS,
      Err.EMAIL_INVALID,
      Err.PHONE_INVALID,
      Err.VERIFY_CODE_WRONG,
      Err.VERIFY_CODE_EXPIRED,
      Err.INVITE_CODE_INVALID,
      Err.PASSWORD_TOO_WEAK,
      Err.PASSWORD_COMMON,
      Err.PASSWORD_HAS_NAME,
      Err.PASSWORD_GUESSABLE,
      Err.PASSWORD_SERVICE_WORDS,
      Err.PASSWORDS_DIFFER,
    ],
    moves: 'the demo grant is credited to the new demo book.',
  },
  login: {
    operationId: 'login',
    summary:
      'Log in with username, e-mail or phone and password (a right one leaves a device cookie: docs/auth.md); with two-factor sign-in on, the answer is a challenge for loginTwoFactor',
    description:
      'Signs in with a username, e-mail or phone and the password; the answer carries the token and the profile, or, with two-factor sign-in on, a challenge for loginTwoFactor. A right password leaves a device cookie; wrong ones make the next attempts wait longer.',
    refusals: [Err.USERNAME_OR_EMAIL_REQUIRED, Err.PASSWORD_WRONG, Err.USER_STATUS_ABNORMAL, Err.LOGIN_THROTTLED],
  },
  logout: {
    operationId: 'logout',
    summary: 'End this session (the token stops working)',
    description: "Ends the caller's session: its token stops working at once, on every instance.",
    refusals: [],
  },
  googleAuthUrl: {
    operationId: 'googleAuthUrl',
    summary: 'Start Google (OpenID Connect) sign-in: open the returned URL',
    description: 'Starts a Google (OpenID Connect) sign-in: the URL to open, with its state.',
    refusals: [Err.GOOGLE_LOGIN_FAILED],
  },
  loginByGoogle: {
    operationId: 'loginByGoogle',
    summary: "Finish Google sign-in with the callback's code and state (with two-factor on: a challenge for loginTwoFactor)",
    description:
      "Finishes a Google sign-in with the callback's code and state: the token and profile (an account is made on first use), or with two-factor on a challenge for loginTwoFactor.",
    refusals: [Err.GOOGLE_LOGIN_FAILED, Err.USER_STATUS_ABNORMAL],
  },
  getUserInfo: {
    operationId: 'getUserInfo',
    summary: 'Profile, selected book and balance summary of both books',
    description: "The caller's profile, the selected book and the balance summary of both books.",
    refusals: [],
  },
  repassword: {
    operationId: 'repassword',
    summary: 'Change the password (with oldPassword, logged in) or reset it (with a code)',
    description:
      'Changes the password (signed in, with oldPassword; with two-factor on, a fresh code) or resets it (signed out, with a code from sendCode). Other sessions end; withdrawals are held for a while after a change. Success answers 20005.',
    refusals: [
      Err.PASSWORD_WRONG,
      Err.USER_NOT_FOUND,
      Err.USER_STATUS_ABNORMAL,
      Err.VERIFY_CODE_WRONG,
      Err.VERIFY_CODE_EXPIRED,
      Err.PASSWORD_TOO_WEAK,
      Err.PASSWORD_COMMON,
      Err.PASSWORD_HAS_NAME,
      Err.PASSWORD_GUESSABLE,
      Err.PASSWORD_SERVICE_WORDS,
      Err.PASSWORDS_DIFFER,
    ],
  },
  listSessions: {
    operationId: 'listSessions',
    summary: 'The signed-in devices of this account (this one marked current)',
    description: "The signed-in devices of the caller's account, the current one marked.",
    refusals: [],
  },
  listInvitee: {
    operationId: 'listInvitee',
    summary: 'Who registered with my invite code: masked name, date joined, verified or not (newest first)',
    description:
      "Who registered with the caller's invite code: a masked name, the date joined and whether they are verified, newest first.",
    refusals: [],
  },
  setLanguage: {
    operationId: 'setLanguage',
    summary: 'The language of the mail and SMS this account receives (the app sends it after a switch)',
    description: 'The language of the mail and SMS the account receives (the app sends it after a switch).',
    refusals: [],
  },
  endSession: {
    operationId: 'endSession',
    summary: "End one of this account's sessions (its token stops working)",
    description: "Ends one of the caller's sessions: its token stops working at once.",
    refusals: [Err.RECORD_NOT_FOUND],
  },
} as const satisfies Record<string, RouteDoc>;
