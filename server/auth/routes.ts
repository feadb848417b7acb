/**
 * Accounts, sign-in and sessions on the wire: /swx/customer/login/* and
 * /swx/customer/user/{getUserInfo,repassword,language,sessions,listInvitee}. Handlers parse and call `app.accounts`
 * (server/auth/service.ts); see docs/auth.md.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ActiveSessionList,
  CheckUserQuery,
  EndedSession,
  SessionIdParams,
  CheckUserResult,
  GoogleAuthUrlResult,
  LanguageBody,
  LanguageResult,
  LoginBody,
  LoginByGoogleBody,
  LoginResult,
  RegisterBody,
  RepasswordBody,
  SendCodeBody,
  SendCodeResult,
  UserInfoResult,
} from '../../src/contract/auth.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import { LoginStepResult } from '../../src/contract/twoFactor.ts';
import { InviteeList } from '../../src/contract/support.ts';
import { Err, Ok } from '../../src/contract/errors.ts';
import { requestId } from '../platform/http/validation.ts';
import { userInfo } from './userInfo.ts';
import { NoFields, clientOf, limit, signInClientOf } from './routeParts.ts';
import type { RouteApp } from '../platform/http/routeSchema.ts';

const LOGIN = '/swx/customer/login';
const USER = '/swx/customer/user';

const loginTags = ['login'];

/** Signing up: is a name free, a code sent, the account registered. */
function registrationRoutes(app: RouteApp) {
  app.get(
    `${LOGIN}/checkUserNameOrPhone`,
    {
      schema: {
        tags: loginTags,
        operationId: 'checkUserNameOrPhone',
        description: 'Whether a username, e-mail or phone is already registered (the sign-up form asks before sending a code).',
        'x-refusals': [Err.USERNAME_OR_EMAIL_REQUIRED, Err.EMAIL_INVALID, Err.PHONE_INVALID],
        summary: 'Is this username, e-mail or phone already registered?',
        querystring: CheckUserQuery,
        response: { 200: Envelope(CheckUserResult) },
      },
      config: limit(60),
    },
    async (req, reply) => reply.ok({ exists: await app.accounts.isRegistered(req.query) }),
  );

  app.post(
    `${LOGIN}/sendCode`,
    {
      schema: {
        tags: loginTags,
        operationId: 'sendCode',
        description:
          'Sends a 6-digit verification code by e-mail or SMS, for sign-up or a password reset; one per address per cool-down, a few per hour.',
        'x-refusals': [Err.USERNAME_OR_EMAIL_REQUIRED, Err.EMAIL_INVALID, Err.PHONE_INVALID, Err.CODE_SEND_TOO_SOON],
        summary: 'Send a 6-digit verification code by e-mail or SMS',
        body: SendCodeBody,
        response: { 200: Envelope(SendCodeResult) },
      },
      config: limit(10),
    },
    async (req, reply) => reply.ok(await app.accounts.sendCode(req.body, clientOf(req))),
  );

  app.post(
    `${LOGIN}/register`,
    {
      schema: {
        tags: loginTags,
        operationId: 'register',
        description:
          'Creates an account with an e-mail or phone, a password and the code sendCode delivered (optionally an invite code), and signs it in: the answer carries the token. The demo book starts with its grant.',
        'x-refusals': [
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
        'x-moves': 'the demo grant is credited to the new demo book.',
        summary: 'Create an account (e-mail or phone, with a code from sendCode)',
        body: RegisterBody,
        response: { 200: Envelope(LoginResult) },
      },
      config: limit(10),
    },
    async (req, reply) => reply.ok(await app.accounts.register(req.body, clientOf(req))),
  );
}

/** Signing in and out, with a password or with Google. */
function signInRoutes(app: RouteApp) {
  app.post(
    `${LOGIN}/login`,
    {
      schema: {
        tags: loginTags,
        operationId: 'login',
        description:
          'Signs in with a username, e-mail or phone and the password; the answer carries the token and the profile, or, with two-factor sign-in on, a challenge for loginTwoFactor. A right password leaves a device cookie; wrong ones make the next attempts wait longer.',
        'x-refusals': [Err.USERNAME_OR_EMAIL_REQUIRED, Err.PASSWORD_WRONG, Err.USER_STATUS_ABNORMAL, Err.LOGIN_THROTTLED],
        summary:
          'Log in with username, e-mail or phone and password (a right one leaves a device cookie: docs/auth.md); with two-factor sign-in on, the answer is a challenge for loginTwoFactor',
        body: LoginBody,
        response: { 200: Envelope(LoginStepResult) },
      },
      config: limit(30),
    },
    async (req, reply) => {
      return reply.ok(await app.accounts.signIn(req.body, signInClientOf(req, reply)));
    },
  );

  app.post(
    `${LOGIN}/logout`,
    {
      schema: {
        tags: loginTags,
        operationId: 'logout',
        description: "Ends the caller's session: its token stops working at once, on every instance.",
        'x-refusals': [],
        summary: 'End this session (the token stops working)',
        response: { 200: Envelope(Type.Null()) },
      },
      preHandler: app.requireUser,
    },
    async (req, reply) => {
      await app.accounts.signOut(req.user!);
      return reply.ok(null);
    },
  );

  app.get(
    `${LOGIN}/googleAuthUrl`,
    {
      schema: {
        tags: loginTags,
        operationId: 'googleAuthUrl',
        description: 'Starts a Google (OpenID Connect) sign-in: the URL to open, with its state.',
        'x-refusals': [Err.GOOGLE_LOGIN_FAILED],
        summary: 'Start Google (OpenID Connect) sign-in: open the returned URL',
        querystring: NoFields,
        response: { 200: Envelope(GoogleAuthUrlResult) },
      },
      config: limit(20),
    },
    async (_req, reply) => reply.ok(await app.accounts.googleAuthUrl()),
  );

  app.post(
    `${LOGIN}/loginByGoogle`,
    {
      schema: {
        tags: loginTags,
        operationId: 'loginByGoogle',
        description:
          "Finishes a Google sign-in with the callback's code and state: the token and profile (an account is made on first use), or with two-factor on a challenge for loginTwoFactor.",
        'x-refusals': [Err.GOOGLE_LOGIN_FAILED, Err.USER_STATUS_ABNORMAL],
        summary: "Finish Google sign-in with the callback's code and state (with two-factor on: a challenge for loginTwoFactor)",
        body: LoginByGoogleBody,
        response: { 200: Envelope(LoginStepResult) },
      },
      config: limit(20),
    },
    async (req, reply) => reply.ok(await app.accounts.googleSignIn(req.body, clientOf(req))),
  );
}

/** The signed-in user: who they are, a new password. */
function accountRoutes(app: RouteApp) {
  const userTags = ['user'];

  app.post(
    `${USER}/getUserInfo`,
    {
      schema: {
        tags: userTags,
        operationId: 'getUserInfo',
        description: "The caller's profile, the selected book and the balance summary of both books.",
        'x-refusals': [],
        summary: 'Profile, selected book and balance summary of both books',
        response: { 200: Envelope(UserInfoResult) },
      },
      preHandler: app.requireUser,
    },
    async (req, reply) => {
      // one prepared statement, kept among the user's reads in memory (server/auth/userInfo.ts)
      return reply.ok({ ...(await userInfo(app.db, app.userReads, app.market, req.user!.id)), book: req.book });
    },
  );

  app.post(
    `${USER}/repassword`,
    {
      schema: {
        tags: userTags,
        operationId: 'repassword',
        description:
          'Changes the password (signed in, with oldPassword; with two-factor on, a fresh code) or resets it (signed out, with a code from sendCode). Other sessions end; withdrawals are held for a while after a change. Success answers 20005.',
        'x-refusals': [
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
        summary: 'Change the password (with oldPassword, logged in) or reset it (with a code)',
        body: RepasswordBody,
        response: { 200: Envelope(Type.Null()) },
      },
      preHandler: app.optionalUser,
      config: limit(10),
    },
    async (req, reply) => {
      await app.accounts.newPassword(req.body, req.user, clientOf(req));
      return reply.ok(null, Ok.MODIFIED);
    },
  );
}

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registrationRoutes(app);
  signInRoutes(app);
  accountRoutes(app);
};

const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['user'];
  app.get(
    `${USER}/sessions`,
    {
      schema: {
        tags,
        security: [{ token: [] }],
        operationId: 'listSessions',
        description: "The signed-in devices of the caller's account, the current one marked.",
        'x-refusals': [],
        summary: 'The signed-in devices of this account (this one marked current)',
        querystring: NoFields,
        response: { 200: Envelope(ActiveSessionList) },
      },
      preHandler: app.requireUser,
    },
    async (req, reply) => reply.ok({ rows: await app.accounts.sessions(req.user!) }),
  );

  app.get(
    `${USER}/listInvitee`,
    {
      schema: {
        tags,
        security: [{ token: [] }],
        operationId: 'listInvitee',
        description:
          "Who registered with the caller's invite code: a masked name, the date joined and whether they are verified, newest first.",
        'x-refusals': [],
        summary: 'Who registered with my invite code: masked name, date joined, verified or not (newest first)',
        querystring: NoFields,
        response: { 200: Envelope(InviteeList) },
      },
      preHandler: app.requireUser,
    },
    async (req, reply) => reply.ok(await app.accounts.invitees(req.user!.id)),
  );

  app.post(
    `${USER}/language`,
    {
      schema: {
        tags,
        security: [{ token: [] }],
        operationId: 'setLanguage',
        description: 'The language of the mail and SMS the account receives (the app sends it after a switch).',
        'x-refusals': [],
        summary: 'The language of the mail and SMS this account receives (the app sends it after a switch)',
        body: LanguageBody,
        response: { 200: Envelope(LanguageResult) },
      },
      preHandler: app.requireUser,
      config: limit(30),
    },
    async (req, reply) => reply.ok(await app.accounts.setLanguage(req.user!.id, req.body.language)),
  );

  app.post(
    `${USER}/sessions/:id/end`,
    {
      schema: {
        tags,
        security: [{ token: [] }],
        operationId: 'endSession',
        description: "Ends one of the caller's sessions: its token stops working at once.",
        'x-refusals': [Err.RECORD_NOT_FOUND],
        summary: "End one of this account's sessions (its token stops working)",
        params: SessionIdParams,
        response: { 200: Envelope(EndedSession) },
      },
      preHandler: app.requireUser,
    },
    async (req, reply) => {
      await app.accounts.endSession(req.user!, requestId(req.params.id));
      return reply.ok({ id: req.params.id, ended: true });
    },
  );
};

export const accountSessionRoutes = fp(sessionRoutes, {
  name: 'session-routes',
  dependencies: ['accounts', 'guard', 'errors'],
  encapsulate: true,
});

export default fp(authRoutes, {
  name: 'auth-routes',
  dependencies: ['accounts', 'wallet', 'guard', 'errors'],
  encapsulate: true,
});
