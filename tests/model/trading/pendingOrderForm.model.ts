import { Err } from '../../../src/contract/errors.ts';
import type { PendingOrderWire } from '../../../src/contract/pendingOrders.ts';
import type { OptionsProduct } from '../../../src/contract/trading.ts';
import {
  pendingCancelMachine,
  pendingOrderFormMachine,
  type PendingDraft,
} from '../../../src/machines/trading/pendingOrderForm.ts';
import { refused } from '../../../src/machines/platform/refusal.ts';
import { defineModel } from '../paths.ts';
import { submissionCase } from '../submissionModel.ts';
import { BTC_PRODUCT } from './products.ts';

/**
 * A pending entry order from the trade panel, and cancelling one: the shared submission chart
 * with its confirmation step. BTC at 67,000.00: a buy limit at 66,000 is accepted; one at 68,000
 * (the price is already below it) is not taken at all (10280 is the ticket's to show): `can` says
 * no, and the review button asks it.
 */
export const product: OptionsProduct = BTC_PRODUCT;
export const draft: PendingDraft = {
  book: 'demo',
  product,
  price: '67000.00',
  available: '10000',
  order: { direction: 'up', lots: '0.1', leverage: 10, period: 300, stopLoss: null, takeProfit: null },
  entryKind: 'limit',
  entryPrice: '66000',
  validity: 86400,
  trailing: false,
};
const placed = {
  id: '5',
  book: 'demo',
  code: 'BTCUSDT',
  status: 'pending',
  entryPrice: '66000',
  hold: '663.300000',
} as PendingOrderWire;

const placeCase = submissionCase({
  id: 'pendingOrder',
  machine: pendingOrderFormMachine,
  good: draft,
  refused: { values: { ...draft, entryPrice: '68000' }, refusal: refused(Err.ENTRY_LEVEL_WRONG, { price: '67000.00' }) },
  output: placed,
  serviceError: { code: Err.TOO_MANY_PENDING_ORDERS, message: 'At most 50 pending orders per book' },
  again: true,
  confirm: true,
  keyed: true,
  takesValidOnly: true,
});

const cancelCase = submissionCase({
  id: 'pendingCancel',
  machine: pendingCancelMachine,
  good: { book: 'demo', id: '5' },
  output: { ...placed, status: 'cancelled' },
  serviceError: { code: Err.PENDING_NOT_PENDING, message: 'This pending order is no longer pending' },
  again: true,
  confirm: true,
});

export const model = defineModel(placeCase, cancelCase);
