import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadKeys } from './crypto.ts';
import { KycService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Identity verification: submissions, sealed images, operator review (server/kyc/service.ts). */
    kyc: KycService;
  }
}

/**
 * Plugin 'kyc': decorates `app.kyc`. The document key is read (or made, on the embedded default)
 * at start, so a missing or malformed KYC_KEY stops the start instead of a first submission.
 */
async function kyc(app: FastifyInstance) {
  const keys = loadKeys(app.config);
  app.decorate('kyc', new KycService({ db: app.db, bus: app.bus, log: app.log.child({ module: 'kyc' }), config: app.config, keys, now: () => app.clock.now() }));
}

export default fp(kyc, { name: 'kyc', dependencies: ['platform'] });
