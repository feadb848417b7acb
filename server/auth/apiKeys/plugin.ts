import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiKeyScope, CreateApiKeyBody } from '../../../src/contract/apiKeys.ts';
import type { Client } from '../sessions.ts';
import { precheck, verify, type PendingKey } from './authenticate.ts';
import type { ApiKeyDeps } from './deps.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './keys.ts';

/** API keys (`app.apiKeys`): create, list, revoke, and the two checks of a signed request (authenticate.ts). */
export class ApiKeyService {
  constructor(private readonly deps: ApiKeyDeps) {}
  create(userId: bigint, body: CreateApiKeyBody, client: Client) {
    return createApiKey(this.deps, userId, body, client);
  }
  list(userId: bigint) {
    return listApiKeys(this.deps, userId);
  }
  revoke(userId: bigint, id: string, client: Client) {
    return revokeApiKey(this.deps, userId, id, client);
  }
  precheck(req: FastifyRequest, scope: ApiKeyScope | undefined): Promise<PendingKey> {
    return precheck(this.deps, req, scope);
  }
  verify(req: FastifyRequest, pending: PendingKey, rawBody: Buffer): ReturnType<typeof verify> {
    return verify(this.deps, req, pending, rawBody);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** API keys: Ed25519 public keys that sign requests (server/auth/apiKeys). */
    apiKeys: ApiKeyService;
  }
}

/** Plugin 'apiKeys': decorates `app.apiKeys`; the guard (server/auth/guard.ts) asks it about signed requests. */
async function apiKeysPlugin(app: FastifyInstance) {
  app.decorate(
    'apiKeys',
    new ApiKeyService({
      db: app.db,
      clock: app.clock,
      bus: app.bus,
      mailer: app.accounts.mailer,
      log: app.log,
      ratePerMinute: app.config.apiKeyRatePerMinute,
      // the wallet's plugin comes after auth's (server/domains.ts): asked when a key needs it, not now
      allowlistOn: async (userId) =>
        app.hasDecorator('walletProtection') && (await app.walletProtection.allowlist(userId)).status !== 'off',
    }),
  );
}

export default fp(apiKeysPlugin, { name: 'apiKeys', dependencies: ['platform', 'accounts'] });
