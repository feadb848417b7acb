import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SmartService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Smart plans: products, yield reserve, plans, payouts (server/smart/service.ts). */
    smart: SmartService;
  }
}

/** Plugin 'smart': decorates `app.smart`. Its scheduler is an engine (server/smart/engine.ts). */
async function smart(app: FastifyInstance) {
  app.decorate(
    'smart',
    new SmartService({
      db: app.db,
      bus: app.bus,
      log: app.log.child({ module: 'smart' }),
      now: () => app.clock.now(),
      operatorProbationHours: app.config.operatorProbationHours,
      reserveFundingMax: app.config.reserveFundingMax,
      operatorAmountMax: app.config.operatorAmountMax,
    }),
  );
}

export default fp(smart, { name: 'smart', dependencies: ['platform'] });
