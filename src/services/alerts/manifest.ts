import type { ALERT_EVENTS } from '../../contract/userEvents.ts';
import type { ChangesOf, ClientDomainManifest } from '../platform/domain.ts';
import { realBook } from '../platform/queries/changes.ts';

/** Price alerts (docs/alerts.md): shown on the instrument page and in the notifications, no screen of their own. */
export default {
  name: 'alerts',
  changes: { 'alert.fired': realBook } satisfies ChangesOf<keyof typeof ALERT_EVENTS>,
  keyRoot: 'alerts',
} as const satisfies ClientDomainManifest;
