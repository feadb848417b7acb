/**
 * Passkeys on the wire (docs/security.md, "Passkeys"): sign-in under /swx/customer/login, the
 * signed-in user's passkeys under /swx/customer/user/passkeys. Handlers parse and call
 * `app.passkeys` (server/auth/passkeys/passkeys.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { LoginResult } from '../../../src/contract/auth.ts';
import { Envelope } from '../../../src/contract/envelope.ts';
import {
  PasskeyIdParams,
  PasskeyList,
  PasskeyRegisterBody,
  PasskeyRegistrationOptions,
  PasskeySignInBody,
  PasskeySignInOptions,
  Passkey,
  RemovedPasskey,
} from '../../../src/contract/passkeys.ts';
import { requestId } from '../../platform/http/validation.ts';
import { NoFields, clientOf, limit } from '../routeParts.ts';
import type { RouteApp } from '../../platform/http/routeSchema.ts';
import { Err } from '../../../src/contract/errors.ts';

const LOGIN = '/swx/customer/login';
const USER = '/swx/customer/user/passkeys';

const tags = ['passkeys'];
const security = [{ token: [] }];

/** Signing in with a passkey: the options, then the answer. */
function passkeySignInRoutes(app: RouteApp) {
  app.post(
    `${LOGIN}/passkeyOptions`,
    {
      schema: {
        tags,
        operationId: 'passkeyOptions',
        description:
          'Starts a passkey sign-in: the options for startAuthentication, with a challenge that works once, for 5 minutes.',
        'x-refusals': [],
        summary: 'Start a passkey sign-in: options for startAuthentication (a challenge that works once, for 5 minutes)',
        body: Type.Optional(NoFields),
        response: { 200: Envelope(PasskeySignInOptions) },
      },
      config: limit(30),
    },
    async (_req, reply) => reply.ok(await app.passkeys.signInOptions()),
  );

  app.post(
    `${LOGIN}/loginByPasskey`,
    {
      schema: {
        tags,
        operationId: 'loginByPasskey',
        description: "Signs in with a passkey: the authenticator's answer names the account, no password; the token and profile.",
        'x-refusals': [
          Err.PASSKEY_CHALLENGE_EXPIRED,
          Err.PASSKEY_NOT_VERIFIED,
          Err.PASSKEY_UNKNOWN,
          Err.PASSKEY_COUNTER_REPLAYED,
          Err.USER_STATUS_ABNORMAL,
        ],
        summary: "Sign in with a passkey: the authenticator's answer names the account, no password",
        body: PasskeySignInBody,
        response: { 200: Envelope(LoginResult) },
      },
      config: limit(30),
    },
    async (req, reply) => reply.ok(await app.passkeys.signIn(req.body, clientOf(req))),
  );
}

/** The signed-in user's passkeys: listed, registered, removed. */
function passkeyManagementRoutes(app: RouteApp) {
  app.get(
    USER,
    {
      schema: {
        tags,
        security,
        operationId: 'listPasskeys',
        description: "The caller's passkeys with their names and last use.",
        'x-refusals': [],
        summary: "This account's passkeys",
        response: { 200: Envelope(PasskeyList) },
      },
      preHandler: app.requireUser,
    },
    async (req, reply) => reply.ok({ rows: await app.passkeys.list(req.user!.id) }),
  );

  app.post(
    `${USER}/options`,
    {
      schema: {
        tags,
        security,
        operationId: 'passkeyRegistrationOptions',
        description: 'Starts registering a passkey: the options for startRegistration.',
        'x-refusals': [Err.PASSKEY_LIMIT],
        summary: 'Start registering a passkey: options for startRegistration',
        body: Type.Optional(NoFields),
        response: { 200: Envelope(PasskeyRegistrationOptions) },
      },
      preHandler: app.requireUser,
      config: limit(20),
    },
    async (req, reply) => reply.ok(await app.passkeys.registrationOptions(req.user!.id)),
  );

  app.post(
    `${USER}/register`,
    {
      schema: {
        tags,
        security,
        operationId: 'registerPasskey',
        description: "Finishes registering a passkey with the authenticator's answer; the owner is told by mail.",
        'x-refusals': [
          Err.PASSKEY_CHALLENGE_EXPIRED,
          Err.PASSKEY_NOT_VERIFIED,
          Err.PASSKEY_ALREADY_REGISTERED,
          Err.PASSKEY_LIMIT,
        ],
        summary: "Finish registering a passkey with the authenticator's answer",
        body: PasskeyRegisterBody,
        response: { 200: Envelope(Passkey) },
      },
      preHandler: app.requireUser,
      config: limit(20),
    },
    async (req, reply) => reply.ok(await app.passkeys.register(req.user!.id, req.body, clientOf(req))),
  );

  app.post(
    `${USER}/:id/remove`,
    {
      schema: {
        tags,
        security,
        operationId: 'removePasskey',
        description: "Removes one of the caller's passkeys at once.",
        'x-refusals': [Err.RECORD_NOT_FOUND],
        summary: "Remove one of this account's passkeys (at once)",
        params: PasskeyIdParams,
        response: { 200: Envelope(RemovedPasskey) },
      },
      preHandler: app.requireUser,
    },
    async (req, reply) => {
      await app.passkeys.remove(req.user!.id, requestId(req.params.id), clientOf(req));
      return reply.ok({ id: req.params.id, removed: true });
    },
  );
}

const passkeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  passkeySignInRoutes(app);
  passkeyManagementRoutes(app);
};

export default fp(passkeyRoutes, { name: 'passkey-routes', dependencies: ['passkeys', 'guard', 'errors'], encapsulate: true });
