import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadKeys } from '../../platform/blobs/sealing.ts';
import { TwoFactorService } from './service.ts';
import { installStepUp } from './stepUp.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Two-factor sign-in and the anti-phishing phrase (server/auth/twofactor/service.ts). */
    twoFactor: TwoFactorService;
  }
}

/**
 * Plugin 'twoFactor': decorates `app.twoFactor` and adds the step-up check to the routes that
 * need a fresh code (stepUp.ts); registered before the routes. The secrets are sealed with the
 * documents key (KYC_KEY, read as the files plugin reads it).
 */
async function twoFactor(app: FastifyInstance) {
  const keys = loadKeys(app.config);
  app.decorate(
    'twoFactor',
    new TwoFactorService({
      db: app.db,
      keys,
      bus: app.bus,
      mailer: app.accounts.mailer,
      operatorRequired: app.config.operator2faRequired,
      now: () => app.clock.now(),
      policy: {
        sessionTtlMs: app.config.sessionTtlMs,
        sessionIdleMs: app.config.sessionIdleMs,
        sessionRememberMs: app.config.sessionRememberMs,
      },
    }),
  );
  installStepUp(app, { keys, operatorRequired: app.config.operator2faRequired });
}

export default fp(twoFactor, { name: 'twoFactor', dependencies: ['platform', 'accounts'] });
