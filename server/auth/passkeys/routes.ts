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
import { DOCS } from './routeDocs.ts';
import { routeSchemas, type RouteApp } from '../../platform/http/routeSchema.ts';

const LOGIN = '/swx/customer/login';
const USER = '/swx/customer/user/passkeys';

const route = routeSchemas('passkeys');

/** Signing in with a passkey: the options, then the answer. */
function passkeySignInRoutes(app: RouteApp) {
  app.post(
    `${LOGIN}/passkeyOptions`,
    {
      ...route.open({ ...DOCS.passkeyOptions, body: Type.Optional(NoFields), response: { 200: Envelope(PasskeySignInOptions) } }),
      config: limit(30),
    },
    async (_req, reply) => reply.ok(await app.passkeys.signInOptions()),
  );

  app.post(
    `${LOGIN}/loginByPasskey`,
    {
      ...route.open({ ...DOCS.loginByPasskey, body: PasskeySignInBody, response: { 200: Envelope(LoginResult) } }),
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
      ...route.signedIn({ ...DOCS.listPasskeys, response: { 200: Envelope(PasskeyList) } }),
      preHandler: app.requireUser,
    },
    async (req, reply) => reply.ok({ rows: await app.passkeys.list(req.user!.id) }),
  );

  app.post(
    `${USER}/options`,
    {
      ...route.signedIn({
        ...DOCS.passkeyRegistrationOptions,
        body: Type.Optional(NoFields),
        response: { 200: Envelope(PasskeyRegistrationOptions) },
      }),
      preHandler: app.requireUser,
      config: limit(20),
    },
    async (req, reply) => reply.ok(await app.passkeys.registrationOptions(req.user!.id)),
  );

  app.post(
    `${USER}/register`,
    {
      ...route.signedIn({ ...DOCS.registerPasskey, body: PasskeyRegisterBody, response: { 200: Envelope(Passkey) } }),
      preHandler: app.requireUser,
      config: limit(20),
    },
    async (req, reply) => reply.ok(await app.passkeys.register(req.user!.id, req.body, clientOf(req))),
  );

  app.post(
    `${USER}/:id/remove`,
    {
      ...route.signedIn({ ...DOCS.removePasskey, params: PasskeyIdParams, response: { 200: Envelope(RemovedPasskey) } }),
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
