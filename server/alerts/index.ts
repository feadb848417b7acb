/**
 * The door of the alerts domain: what other domains may use of it. Everything else in server/alerts/ is its own
 * (lint refuses an import of another domain's module other than its index.ts, and of its tables).
 */
export { type AlertWatcher } from './engine.ts';
export { followAlerts, leadAlerts } from './plugin.ts';
