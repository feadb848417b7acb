import type { AlertKind, PriceAlertWire } from '../../contract/alerts.ts';
import { alertProblem } from '../../contract/alerts.ts';
import { Err } from '../../contract/errors.ts';
import { refused, type Refusal } from '../platform/refusal.ts';
import { submissionMachine } from '../platform/submission.ts';

/**
 * Creating or editing a price alert (docs/alerts.md). The guard applies the service's own rule
 * (`alertProblem`, src/contract/alerts.ts) to the price and 24-hour move the screen shows, so a
 * level already reached or a malformed value is explained before anything is sent; the service
 * checks again at its current price. The user may save again (another alert, another edit).
 */
export interface AlertDraft {
  /** the alert being edited; null creates one */
  id: string | null;
  code: string;
  kind: AlertKind;
  /** as typed: the price level, or the percent of a move */
  value: string;
  /** the live price and 24-hour move; price null before the feed has one */
  price: string | null;
  changePct: number;
  precision: number;
}

export const alertBody = (d: AlertDraft) => ({ code: d.code, kind: d.kind, value: d.value.trim() });

export function alertRefusal(d: AlertDraft): Refusal | null {
  if (d.price === null) return refused(Err.NOT_TRADABLE);
  const value = d.value.trim();
  if (!/^[0-9]{1,20}(\.[0-9]{1,18})?$/.test(value)) {
    return d.kind === 'move'
      ? refused(Err.ALERT_PERCENT_WRONG, { min: '0.1', max: '100' })
      : refused(Err.ALERT_PRICE_WRONG, { decimals: String(d.precision) });
  }
  const p = alertProblem(d.kind, value, d.price, d.changePct, d.precision);
  return p ? refused(p.code, p.params) : null;
}

export const alertFormMachine = submissionMachine<'alertForm', AlertDraft, PriceAlertWire>({
  id: 'alertForm',
  check: alertRefusal,
  again: true,
});
