import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadKeys } from '../../platform/blobs/sealing.ts';
import { TwoFactorService } from './service.ts';
import { ReviewWindowService } from './reviewWindowService.ts';
import { installStepUp } from './stepUp.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Two-factor sign-in and the anti-phishing phrase (server/auth/twofactor/service.ts). */
    twoFactor: TwoFactorService;
    /** The operator's review window (server/auth/twofactor/reviewWindowService.ts). */
    reviewWindow: ReviewWindowService;
  }
}

/**
 * Plugin 'twoFactor': decorates `app.twoFactor` and adds the step-up check to the routes that
 * need a fresh code (stepUp.ts), and `app.reviewWindow`, the operators' review window; registered
 * before the routes. The secrets are sealed with the
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
  const window = { lengthMs: app.config.reviewWindowMs, idleMs: app.config.reviewWindowIdleMs };
  app.decorate(
    'reviewWindow',
    new ReviewWindowService({
      db: app.db,
      keys,
      clock: app.clock,
      policy: window,
      operatorRequired: app.config.operator2faRequired,
      passkeys: app.passkeys,
    }),
  );
  installStepUp(app, {
    keys,
    operatorRequired: app.config.operator2faRequired,
    window,
    hasPasskey: (userId) => app.passkeys.hasAny(userId),
  });
}

export default fp(twoFactor, { name: 'twoFactor', dependencies: ['platform', 'accounts', 'passkeys'] });
