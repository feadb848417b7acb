import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { headOf } from '../platform/ops/queueAges.ts';
import { kycSubmissions } from './schema.ts';
import { KycService } from './service.ts';
import { kycFilesKnown } from './submissions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Identity verification: submissions, sealed images, operator review (server/kyc/service.ts). */
    kyc: KycService;
  }
}

/**
 * Plugin 'kyc': decorates `app.kyc`. Its images are sealed files of `app.files`, whose plugin reads
 * the document key at start; the rows naming them are declared for the orphan sweep.
 */
async function kyc(app: FastifyInstance) {
  app.decorate(
    'kyc',
    new KycService({
      db: app.db,
      bus: app.bus,
      log: app.log.child({ module: 'kyc' }),
      config: app.config,
      files: app.files,
      now: () => app.clock.now(),
    }),
  );
  app.files.owner('kyc', (keys) => kycFilesKnown(app.db, keys));
  // the operators' queue: its oldest pending item (issue 42)
  app.queueAges.declare('kyc', () =>
    headOf(app.db, { table: kycSubmissions, status: kycSubmissions.status, createdAt: kycSubmissions.createdAt }, 'pending'),
  );
}

export default fp(kyc, { name: 'kyc', dependencies: ['platform', 'ops', 'files'] });
