/**
 * API keys on the wire (docs/api.md, "Authentication with an API key"): the signed-in user's keys
 * under /swx/customer/user/apiKeys. Creating one needs a fresh second-factor code when two-factor
 * sign-in is on (server/auth/twofactor/stepUp.ts); none of these routes accepts a key
 * (server/auth/apiKeys/scopes.ts). Handlers parse and call `app.apiKeys`.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiKey, ApiKeyIdParams, ApiKeyList, CreateApiKeyBody } from '../../../src/contract/apiKeys.ts';
import { Envelope } from '../../../src/contract/envelope.ts';
import { clientOf, limit } from '../routeParts.ts';
import { docSchema } from '../../platform/http/openApi.ts';
import { DOCS } from './routeDocs.ts';

const USER = '/swx/customer/user/apiKeys';
const tags = ['apiKeys'];
const security = [{ token: [] }];

const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    USER,
    {
      schema: {
        ...docSchema(DOCS.listApiKeys),
        tags,
        security,
        response: { 200: Envelope(ApiKeyList) },
      },
      preHandler: app.requireUser,
    },
    async (req, reply) => reply.ok({ rows: await app.apiKeys.list(req.user!.id) }),
  );

  app.post(
    USER,
    {
      schema: {
        ...docSchema(DOCS.createApiKey),
        tags,
        security,
        body: CreateApiKeyBody,
        response: { 200: Envelope(ApiKey) },
      },
      preHandler: app.requireUser,
      config: limit(20),
    },
    async (req, reply) => reply.ok(await app.apiKeys.create(req.user!.id, req.body, clientOf(req))),
  );

  app.post(
    `${USER}/:id/revoke`,
    {
      schema: {
        ...docSchema(DOCS.revokeApiKey),
        tags,
        security,
        params: ApiKeyIdParams,
        response: { 200: Envelope(ApiKey) },
      },
      preHandler: app.requireUser,
      config: limit(20),
    },
    async (req, reply) => reply.ok(await app.apiKeys.revoke(req.user!.id, req.params.id, clientOf(req))),
  );
};

export default fp(apiKeyRoutes, { name: 'api-key-routes', dependencies: ['apiKeys', 'guard', 'errors'], encapsulate: true });
