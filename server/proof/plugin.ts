import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ProofService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Proof of liabilities: snapshots, the public summary, inclusion proofs (server/proof/service.ts). */
    proof: ProofService;
  }
}

/** Plugin 'proof': decorates `app.proof`. Its daily snapshot is an engine (server/proof/engine.ts). */
async function proof(app: FastifyInstance) {
  app.decorate(
    'proof',
    new ProofService({
      db: app.db,
      log: app.log.child({ module: 'proof' }),
      now: () => app.clock.now(),
      parts: app.config.proofParts,
    }),
  );
}

export default fp(proof, { name: 'proof', dependencies: ['platform'] });
