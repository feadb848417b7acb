/**
 * Two-factor sign-in and the anti-phishing phrase on the wire: POST /swx/customer/login/loginTwoFactor
 * and /swx/customer/user/twoFactor/*, /antiPhishing. Handlers parse and call `app.twoFactor`.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { LoginResult } from '../../../src/contract/auth.ts';
import { Envelope } from '../../../src/contract/envelope.ts';
import {
  AntiPhishing,
  AntiPhishingBody,
  LoginTwoFactorBody,
  RecoveryCodes,
  RecoveryRenewBody,
  TwoFactorDisableBody,
  TwoFactorEnableBody,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../../src/contract/twoFactor.ts';
import { NoFields, clientOf, limit, signInClientOf } from '../routeParts.ts';
import { DOCS } from './routeDocs.ts';
import { routeSchemas, type RouteApp } from '../../platform/http/routeSchema.ts';

const U = '/swx/customer/user';

const route = routeSchemas('user');
const signIn = routeSchemas('login');

/** The second step of a sign-in with two-factor on. */
function twoFactorSignInRoutes(app: RouteApp) {
  app.post(
    '/swx/customer/login/loginTwoFactor',
    {
      ...signIn.open({ ...DOCS.loginTwoFactor, body: LoginTwoFactorBody, response: { 200: Envelope(LoginResult) } }),
      config: limit(30),
    },
    async (req, reply) => {
      const c = signInClientOf(req, reply);
      return reply.ok(await app.accounts.announceSession(await app.twoFactor.loginTwoFactor(req.body, c), c));
    },
  );
}

/** Two-factor settings: status, setup, enable, disable, new recovery codes. */
function twoFactorSettingsRoutes(app: RouteApp) {
  app.get(
    `${U}/twoFactor`,
    {
      ...route.signedIn({ ...DOCS.getTwoFactor, querystring: NoFields, response: { 200: Envelope(TwoFactorStatus) } }),
      preHandler: app.requireUser,
    },
    async (req, reply) => reply.ok(await app.twoFactor.status(req.user!)),
  );

  app.post(
    `${U}/twoFactor/setup`,
    {
      // an empty object as the body: a request with anything else in it starts no enrolment
      ...route.signedIn({ ...DOCS.setupTwoFactor, body: NoFields, response: { 200: Envelope(TwoFactorSetup) } }),
      preHandler: app.requireUser,
      config: limit(10),
    },
    async (req, reply) => reply.ok(await app.twoFactor.setup(req.user!)),
  );

  app.post(
    `${U}/twoFactor/enable`,
    {
      ...route.signedIn({ ...DOCS.enableTwoFactor, body: TwoFactorEnableBody, response: { 200: Envelope(RecoveryCodes) } }),
      preHandler: app.requireUser,
      config: limit(10),
    },
    async (req, reply) => reply.ok(await app.twoFactor.enable(req.user!, req.body.code, clientOf(req))),
  );

  app.post(
    `${U}/twoFactor/disable`,
    {
      ...route.signedIn({ ...DOCS.disableTwoFactor, body: TwoFactorDisableBody, response: { 200: Envelope(Type.Null()) } }),
      preHandler: app.requireUser,
      config: limit(10),
    },
    async (req, reply) => {
      await app.twoFactor.disable(req.user!, req.body, clientOf(req));
      return reply.ok(null);
    },
  );

  app.post(
    `${U}/twoFactor/recoveryCodes`,
    {
      ...route.signedIn({ ...DOCS.renewRecoveryCodes, body: RecoveryRenewBody, response: { 200: Envelope(RecoveryCodes) } }),
      preHandler: app.requireUser,
      config: limit(10),
    },
    async (req, reply) => reply.ok(await app.twoFactor.renewRecoveryCodes(req.user!, req.body.code, clientOf(req))),
  );
}

/** The anti-phishing phrase shown in every mail. */
function antiPhishingRoutes(app: RouteApp) {
  app.get(
    `${U}/antiPhishing`,
    {
      ...route.signedIn({ ...DOCS.getAntiPhishing, querystring: NoFields, response: { 200: Envelope(AntiPhishing) } }),
      preHandler: app.requireUser,
    },
    async (req, reply) => reply.ok(await app.twoFactor.antiPhishing(req.user!.id)),
  );

  app.post(
    `${U}/antiPhishing`,
    {
      ...route.signedIn({ ...DOCS.setAntiPhishing, body: AntiPhishingBody, response: { 200: Envelope(AntiPhishing) } }),
      preHandler: app.requireUser,
      config: limit(20),
    },
    async (req, reply) => reply.ok(await app.twoFactor.setAntiPhishing(req.user!.id, req.body.phrase)),
  );
}

const twoFactorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  twoFactorSignInRoutes(app);
  twoFactorSettingsRoutes(app);
  antiPhishingRoutes(app);
};

export default fp(twoFactorRoutes, {
  name: 'two-factor-routes',
  dependencies: ['twoFactor', 'accounts', 'guard', 'errors'],
  encapsulate: true,
});
