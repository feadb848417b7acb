import { ALERT_EVENT_TEXTS } from '../../src/contract/userEventTexts.ts';
import type { DomainManifest } from '../platform/domain.ts';
import alerts from './plugin.ts';
import alertRoutes from './routes.ts';

/** Price alerts (docs/alerts.md): watched by the trading engine's leader job, so no job of their own. */
export default {
  name: 'alerts',
  plugins: [alerts], // app.alerts
  routes: [alertRoutes],
  events: ALERT_EVENT_TEXTS,
  keyRoot: 'alerts',
} as const satisfies DomainManifest;
