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
import type { RouteApp } from '../../platform/http/routeSchema.ts';
import { Err } from '../../../src/contract/errors.ts';

const U = '/swx/customer/user';

const tags = ['user'];
const security = [{ token: [] }];

/** The second step of a sign-in with two-factor on. */
function twoFactorSignInRoutes(app: RouteApp) {
  app.post(
    '/swx/customer/login/loginTwoFactor',
    {
      schema: {
        tags: ['login'],
        operationId: 'loginTwoFactor',
        description:
          'The second step of a sign-in with two-factor on: the challenge from login and a code from the authenticator app (or a recovery code); the token and the profile.',
        'x-refusals': [
          Err.TWO_FACTOR_CHALLENGE_EXPIRED,
          Err.USER_STATUS_ABNORMAL,
          Err.TWO_FACTOR_CODE_WRONG,
          Err.TWO_FACTOR_CODE_USED,
          Err.LOGIN_THROTTLED,
        ],
        summary: 'Second step of a sign-in with two-factor on: the challenge from login and a code (or a recovery code)',
        body: LoginTwoFactorBody,
        response: { 200: Envelope(LoginResult) },
      },
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
      schema: {
        tags,
        security,
        operationId: 'getTwoFactor',
        description:
          "The caller's two-factor sign-in: on or off, the recovery codes left, and whether it is required (operators).",
        'x-refusals': [],
        summary: 'Two-factor sign-in: on or off, recovery codes left, required (operators)',
        querystring: NoFields,
        response: { 200: Envelope(TwoFactorStatus) },
      },
      preHandler: app.requireUser,
    },
    async (req, reply) => reply.ok(await app.twoFactor.status(req.user!)),
  );

  app.post(
    `${U}/twoFactor/setup`,
    {
      // an empty object as the body: a request with anything else in it starts no enrolment
      schema: {
        tags,
        security,
        operationId: 'setupTwoFactor',
        description: 'Starts enrolment: a new secret and its QR code for the authenticator app, waiting for the first code.',
        'x-refusals': [Err.TWO_FACTOR_ALREADY_ON],
        summary: 'Start enrolment: a new secret and its QR code, waiting for the first code',
        body: NoFields,
        response: { 200: Envelope(TwoFactorSetup) },
      },
      preHandler: app.requireUser,
      config: limit(10),
    },
    async (req, reply) => reply.ok(await app.twoFactor.setup(req.user!)),
  );

  app.post(
    `${U}/twoFactor/enable`,
    {
      schema: {
        tags,
        security,
        operationId: 'enableTwoFactor',
        description:
          'Confirms enrolment with the first code: two-factor is on, and the answer holds the ten recovery codes, shown only here.',
        'x-refusals': [
          Err.TWO_FACTOR_NOT_STARTED,
          Err.TWO_FACTOR_ALREADY_ON,
          Err.TWO_FACTOR_CODE_WRONG,
          Err.TWO_FACTOR_CODE_USED,
          Err.LOGIN_THROTTLED,
        ],
        summary: 'Confirm enrolment with the first code: on; answers the ten recovery codes, shown only here',
        body: TwoFactorEnableBody,
        response: { 200: Envelope(RecoveryCodes) },
      },
      preHandler: app.requireUser,
      config: limit(10),
    },
    async (req, reply) => reply.ok(await app.twoFactor.enable(req.user!, req.body.code, clientOf(req))),
  );

  app.post(
    `${U}/twoFactor/disable`,
    {
      schema: {
        tags,
        security,
        operationId: 'disableTwoFactor',
        description:
          'Turns two-factor sign-in off with the password and a current code or a recovery code; the owner is told by mail.',
        'x-refusals': [
          Err.TWO_FACTOR_NOT_ON,
          Err.PASSWORD_WRONG,
          Err.TWO_FACTOR_CODE_WRONG,
          Err.TWO_FACTOR_CODE_USED,
          Err.LOGIN_THROTTLED,
        ],
        summary: 'Turn off with the password and a current code or a recovery code',
        body: TwoFactorDisableBody,
        response: { 200: Envelope(Type.Null()) },
      },
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
      schema: {
        tags,
        security,
        operationId: 'renewRecoveryCodes',
        description: 'New recovery codes with a current code; the old ones stop working.',
        'x-refusals': [Err.TWO_FACTOR_NOT_ON, Err.TWO_FACTOR_CODE_WRONG, Err.TWO_FACTOR_CODE_USED, Err.LOGIN_THROTTLED],
        summary: 'New recovery codes (the old ones stop working), with a current code',
        body: RecoveryRenewBody,
        response: { 200: Envelope(RecoveryCodes) },
      },
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
      schema: {
        tags,
        security,
        operationId: 'getAntiPhishing',
        description: 'The anti-phishing phrase every mail to the account carries (null: none).',
        'x-refusals': [],
        summary: 'The anti-phishing phrase every mail to this account carries (null: none)',
        querystring: NoFields,
        response: { 200: Envelope(AntiPhishing) },
      },
      preHandler: app.requireUser,
    },
    async (req, reply) => reply.ok(await app.twoFactor.antiPhishing(req.user!.id)),
  );

  app.post(
    `${U}/antiPhishing`,
    {
      schema: {
        tags,
        security,
        operationId: 'setAntiPhishing',
        description: 'Sets (or with null removes) the anti-phishing phrase.',
        'x-refusals': [Err.ANTI_PHISHING_PHRASE_INVALID],
        summary: 'Set (or with null remove) the anti-phishing phrase',
        body: AntiPhishingBody,
        response: { 200: Envelope(AntiPhishing) },
      },
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
