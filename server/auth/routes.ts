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
import { Ok } from '../../src/contract/errors.ts';
import { requestId } from '../platform/http/validation.ts';
import { userInfo } from './userInfo.ts';
import { NoFields, clientOf, limit, signInClientOf } from './routeParts.ts';
import type { RouteApp } from '../platform/http/routeSchema.ts';
import { DOCS } from './routeDocs.ts';
import { docSchema } from '../platform/http/openApi.ts';

const LOGIN = '/swx/customer/login';
const USER = '/swx/customer/user';

const loginTags = ['login'];

/** Signing up: is a name free, a code sent, the account registered. */
function registrationRoutes(app: RouteApp) {
  app.get(
    `${LOGIN}/checkUserNameOrPhone`,
    {
      schema: {
        ...docSchema(DOCS.checkUserNameOrPhone),
        tags: loginTags,
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
      schema: { ...docSchema(DOCS.sendCode), tags: loginTags, body: SendCodeBody, response: { 200: Envelope(SendCodeResult) } },
      config: limit(10),
    },
    async (req, reply) => reply.ok(await app.accounts.sendCode(req.body, clientOf(req))),
  );

  app.post(
    `${LOGIN}/register`,
    {
      schema: { ...docSchema(DOCS.register), tags: loginTags, body: RegisterBody, response: { 200: Envelope(LoginResult) } },
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
      schema: { ...docSchema(DOCS.login), tags: loginTags, body: LoginBody, response: { 200: Envelope(LoginStepResult) } },
      config: limit(30),
    },
    async (req, reply) => {
      return reply.ok(await app.accounts.signIn(req.body, signInClientOf(req, reply)));
    },
  );

  app.post(
    `${LOGIN}/logout`,
    {
      schema: { ...docSchema(DOCS.logout), tags: loginTags, response: { 200: Envelope(Type.Null()) } },
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
        ...docSchema(DOCS.googleAuthUrl),
        tags: loginTags,
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
        ...docSchema(DOCS.loginByGoogle),
        tags: loginTags,
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
      schema: { ...docSchema(DOCS.getUserInfo), tags: userTags, response: { 200: Envelope(UserInfoResult) } },
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
      schema: { ...docSchema(DOCS.repassword), tags: userTags, body: RepasswordBody, response: { 200: Envelope(Type.Null()) } },
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
        ...docSchema(DOCS.listSessions),
        tags,
        security: [{ token: [] }],
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
        ...docSchema(DOCS.listInvitee),
        tags,
        security: [{ token: [] }],
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
        ...docSchema(DOCS.setLanguage),
        tags,
        security: [{ token: [] }],
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
        ...docSchema(DOCS.endSession),
        tags,
        security: [{ token: [] }],
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
