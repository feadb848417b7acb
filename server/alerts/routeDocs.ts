/**
 * What the price alerts' routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  listAlerts: {
    operationId: 'listAlerts',
    summary: 'My price alerts (of one instrument with `code`), oldest first, with the limit and how many are active',
    description:
      "The caller's price alerts (of one instrument with `code`), oldest first, with the limit and how many are active.",
    refusals: [],
  },
  createAlert: {
    operationId: 'createAlert',
    summary:
      'A price alert: above / below a price level, or a 24-hour move of at least `value` %. Refused when the level is already reached (10297, 10299) or with 50 active (10295).',
    description:
      'Creates a price alert: above or below a price level, or a 24-hour move of at least a percentage; it fires once, as a notification (and mail when asked). A retry with the same clientKey answers the first.',
    refusals: [
      Err.INSTRUMENT_NOT_FOUND,
      Err.ALERT_LIMIT_REACHED,
      Err.ALERT_PRICE_WRONG,
      Err.ALERT_LEVEL_REACHED,
      Err.ALERT_PERCENT_WRONG,
      Err.ALERT_MOVE_REACHED,
      Err.PRICE_UNAVAILABLE,
    ],
  },
  updateAlert: {
    operationId: 'updateAlert',
    summary: 'New terms for my active alert, checked as at creation (10300 once fired). Success 20005.',
    description: "New terms for the caller's active alert, checked as at creation. Success answers 20005.",
    refusals: [
      Err.RECORD_NOT_FOUND,
      Err.ALERT_ALREADY_FIRED,
      Err.ALERT_PRICE_WRONG,
      Err.ALERT_LEVEL_REACHED,
      Err.ALERT_PERCENT_WRONG,
      Err.ALERT_MOVE_REACHED,
      Err.PRICE_UNAVAILABLE,
    ],
  },
  deleteAlert: {
    operationId: 'deleteAlert',
    summary: "Delete my alert (active or fired; 10043 for anyone else's)",
    description: "Deletes one of the caller's alerts, active or fired.",
    refusals: [Err.RECORD_NOT_FOUND],
  },
} as const satisfies Record<string, RouteDoc>;
