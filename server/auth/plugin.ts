import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dummyHash } from './passwords.ts';
import { AccountsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts, sign-in and verification codes (server/auth/service.ts). */
    accounts: AccountsService;
  }
}

/** Plugin 'accounts': decorates `app.accounts`. */
async function accounts(app: FastifyInstance) {
  // made before the first sign-in, so an unknown account's first answer is not slower
  await dummyHash();
  app.decorate('accounts', new AccountsService(app.db, app.config, app.log, app.bus, app.clock, app.sessionCache));
}

export default fp(accounts, { name: 'accounts', dependencies: ['platform', 'guard'] });
