import { ALERT_EVENT_TEXTS } from '../../src/contract/userEventTexts.ts';
import type { DomainManifest } from '../platform/domain.ts';
import alerts from './plugin.ts';
import alertRoutes from './routes.ts';

/** The mail texts it sends (src/locales/<lng>/mail.json). */
const mailKeys = ['alert.subject', 'alert.above', 'alert.below', 'alert.move', 'alert.end'] as const;
declare module '../platform/mail/mailText.ts' {
  interface MailKeys {
    alerts: (typeof mailKeys)[number];
  }
}

/** Price alerts (docs/alerts.md): watched by the trading engine's leader job, so no job of their own. */
export default {
  name: 'alerts',
  plugins: [alerts], // app.alerts
  routes: [alertRoutes],
  events: ALERT_EVENT_TEXTS,
  keyRoot: 'alerts',
  mailKeys,
  openApiTags: [{ name: 'alerts', description: 'Price alerts' }],
} as const satisfies DomainManifest;
