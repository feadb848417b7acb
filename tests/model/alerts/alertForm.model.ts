import type { PriceAlertWire } from '../../../src/contract/alerts.ts';
import { Err } from '../../../src/contract/errors.ts';
import { refused } from '../../../src/machines/platform/refusal.ts';
import { alertFormMachine, type AlertDraft } from '../../../src/machines/alerts/alertForm.ts';
import { defineModel } from '../paths.ts';
import { submissionCase } from '../submissionModel.ts';

/**
 * The price-alert form: the shared submission chart with an alert its guard accepts and one it
 * refuses (an "above" level the price already passed), repeatable after a success.
 * BTC at 67,500.00, 24-hour move +1.25 %.
 */
export const draft: AlertDraft = {
  id: null,
  code: 'BTCUSDT',
  kind: 'above',
  value: '68000',
  price: '67500.00',
  changePct: 1.25,
  precision: 2,
};
const saved: PriceAlertWire = {
  id: '7',
  code: 'BTCUSDT',
  kind: 'above',
  value: '68000',
  status: 'active',
  createdAt: '2026-11-23T10:00:00.000Z',
  firedAt: null,
  firedPrice: null,
  firedMove: null,
};

const formCase = submissionCase({
  id: 'alertForm',
  machine: alertFormMachine,
  good: draft,
  refused: { values: { ...draft, value: '67000' }, refusal: refused(Err.ALERT_LEVEL_REACHED, { price: '67500.00' }) },
  output: saved,
  serviceError: { code: Err.ALERT_LIMIT_REACHED, message: 'You already have 50 price alerts' },
  again: true,
});

export const model = defineModel(formCase);
