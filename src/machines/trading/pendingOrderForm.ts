import Decimal from 'decimal.js';
import type { Book } from '../../contract/constants.ts';
import { entryHold, entryRuleBroken } from '../../contract/entryMath.ts';
import { Err } from '../../contract/errors.ts';
import type { OrderInput } from '../../contract/optionsMath.ts';
import { PlacePendingBody, type EntryKind, type PendingOrderWire } from '../../contract/pendingOrders.ts';
import type { OptionsProduct } from '../../contract/trading.ts';
import type { Keyed } from '../platform/clientKey.ts';
import { schemaRefusal } from '../platform/contractCheck.ts';
import { refused, type Refusal } from '../platform/refusal.ts';
import { submissionMachine } from '../platform/submission.ts';
import { levelOf, orderTermsOf } from './orderBody.ts';

/**
 * A pending entry order from the trade panel (docs/trading.md, "Pending entry orders"): the user
 * sets the level (limit or stop) and how long it may wait, reviews what will be held, confirms.
 *
 *   editing ─pendingOrder.submit [valid]→ confirming ─pendingOrder.confirm→ submitting ─done→ submitted ─reset→ editing
 *                                            └─pendingOrder.edit→ editing          └─error→ failed
 *   failed ─pendingOrder.submit [valid]→ confirming, ─pendingOrder.edit→ editing
 *
 * The guard is the service's own rule (src/contract/entryMath.ts entryRuleBroken: the level's
 * side, the validity, a trailing stop, then the market order's rules at the level) plus the hold
 * against the available balance; the service checks all again at its price. A draft that breaks
 * one is not taken (`takesValidOnly`): the ticket asks `can({ type: 'pendingOrder.submit', values })`
 * to enable its review button and shows the rule's problem (`pendingRefusal`) beside it. The client key
 * (clientKey.ts) follows the order's body: sending the same order again after a timeout answers
 * the first one; a success or other values make a new key.
 */
export interface PendingDraft {
  book: Book;
  product: OptionsProduct;
  /** the live price; null while the market is closed or the price stale */
  price: string | null;
  available: string | null;
  order: OrderInput;
  entryKind: EntryKind;
  entryPrice: string;
  /** seconds */
  validity: number;
  /** the stop-loss field holds a trailing distance */
  trailing: boolean;
}

export function pendingBody(d: PendingDraft, clientKey: string): PlacePendingBody {
  const stop = levelOf(d.order.stopLoss);
  return {
    ...orderTermsOf(d.product, d.order),
    stopLoss: d.trailing ? null : stop,
    takeProfit: levelOf(d.order.takeProfit),
    trailingDistance: d.trailing ? stop : null,
    entryKind: d.entryKind,
    entryPrice: d.entryPrice.trim(),
    validity: d.validity,
    clientKey,
  };
}

/** What placing the order holds: margin + opening fee at the level (null while the level is not a price). */
export function pendingHold(d: PendingDraft): string | null {
  try {
    return entryHold(d.product, d.order, d.entryPrice.trim(), d.product.quoteRate);
  } catch {
    return null;
  }
}

/** The first problem of a draft, as the service would refuse it; null when it can be sent. */
export function pendingRefusal(d: PendingDraft): Refusal | null {
  if (d.price === null || !d.product.tradable) return refused(Err.NOT_TRADABLE);
  // a well-formed key: the one sent is the machine's
  const b = pendingBody(d, 'check-key-0');
  const code = entryRuleBroken(
    d.product,
    { ...b, stopLoss: b.stopLoss ?? null, takeProfit: b.takeProfit ?? null },
    d.price,
    d.product.quoteRate,
  );
  if (code !== null) return refused(code, { price: d.price });
  const hold = pendingHold(d);
  if (hold !== null && d.available !== null && new Decimal(hold).gt(d.available)) return refused(Err.INSUFFICIENT_BALANCE);
  return schemaRefusal(PlacePendingBody, b);
}

export const pendingOrderFormMachine = submissionMachine<'pendingOrder', PendingDraft, PendingOrderWire, Keyed<PendingDraft>>({
  id: 'pendingOrder',
  check: pendingRefusal,
  again: true,
  confirm: true,
  takesValidOnly: true,
  keyed: (d) => [d.book, pendingBody(d, '')],
});

/** Cancelling a pending order is never one tap: the order waits in `confirming` for `pendingCancel.confirm`. */
export const pendingCancelMachine = submissionMachine<'pendingCancel', { book: Book; id: string }, PendingOrderWire>({
  id: 'pendingCancel',
  confirm: true,
  again: true,
});
