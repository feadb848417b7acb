import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readOnChainReserves } from './reserves/onChain.ts';
import { ProofService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Proof of liabilities: snapshots, the public summary, inclusion proofs (server/proof/service.ts). */
    proof: ProofService;
  }
}

/** Plugin 'proof': decorates `app.proof`. Its daily snapshot is an engine (server/proof/engine.ts). */
async function proof(app: FastifyInstance) {
  const eth = app.config.chain?.eth;
  app.decorate(
    'proof',
    new ProofService({
      db: app.db,
      log: app.log.child({ module: 'proof' }),
      now: () => app.clock.now(),
      parts: app.config.proofParts,
      // reserves read from the node with every snapshot, when a chain is watched (CHAIN_ETH_RPC_URL)
      readOnChain: eth ? () => readOnChainReserves(app.db, eth) : undefined,
    }),
  );
}

export default fp(proof, { name: 'proof', dependencies: ['platform'] });
