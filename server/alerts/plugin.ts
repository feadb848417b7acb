import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer } from '../platform/mail/mailer.ts';
import { AlertWatcher } from './engine.ts';
import { AlertsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Price alerts (server/alerts/service.ts); `watcher` is set while this instance leads the trading engine. */
    alerts: AlertsService & { watcher?: AlertWatcher };
  }
}

declare module '../platform/config.ts' {
  interface Config {
    /** How often the alert watcher re-reads alerts changed on other instances (default 2 s). */
    alertsSyncMs?: number;
  }
}

/** Plugin 'alerts': decorates `app.alerts`. It is watched by the trading engine's leader job (server/trading/engine.ts). */
async function alertsPlugin(app: FastifyInstance) {
  const config = app.config;
  const log = app.log.child({ module: 'alerts' });
  app.decorate(
    'alerts',
    new AlertsService({
      db: app.db,
      bus: app.bus,
      log,
      market: app.market,
      now: () => app.market.now(),
      mailer: config.smtpUrl || config.consoleDelivery ? createMailer(config, app.db, log) : null,
    }),
  );
}

/** Starts watching on this instance (called by the trading engine when it leads); returns the stop. */
export async function leadAlerts(app: FastifyInstance): Promise<AlertWatcher> {
  const w = new AlertWatcher(app.alerts, app.config.alertsSyncMs ?? 2000);
  app.alerts.watcher = w;
  await w.start();
  return w;
}

export async function followAlerts(app: FastifyInstance, w: AlertWatcher | undefined): Promise<void> {
  if (app.alerts.watcher === w) app.alerts.watcher = undefined;
  await w?.stop();
}

export default fp(alertsPlugin, { name: 'alerts', dependencies: ['platform', 'market'] });
