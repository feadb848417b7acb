/**
 * The rules of pending entry orders and trailing stops (docs/trading.md), shared by the server
 * (which checks and runs them) and the app (which explains a refusal before sending). Pure
 * decimal.js, like optionsMath.ts.
 *
 * - A pending order's level must lie on the side the price has to travel to: a limit buys below
 *   (sells above) the price, a stop buys above (sells below); a level the price is already at or
 *   past would fill at once, so it is refused.
 * - A trailing stop starts at price ∓ distance and only ever moves in the position's favour:
 *   up, to (best price − distance) when that is higher; down, to (best + distance) when lower.
 */
import Decimal from 'decimal.js';
import { entryFillsAtOrBelow, type EntryKind } from '../machines/trading/pendingOrder.ts';
import { Err } from './errors.ts';
import { ORDER_RULE_CODES } from './trading.ts';
import {
  isPlainDecimal,
  orderRuleBroken,
  termsOf,
  orderFigures,
  type Direction,
  type OrderInput,
  type ProductRules,
} from './optionsMath.ts';

/** How long a pending order may wait, in seconds: an hour, a day, a week. */
export const PENDING_VALIDITY_CHOICES = [3600, 86_400, 604_800] as const;
/** Pending orders per user and book at most. */
export const MAX_PENDING_ORDERS = 50;

const decimals = (s: string) => (s.includes('.') ? s.split('.')[1].length : 0);

/** A trailing distance: a positive decimal in the instrument's precision, at least the minimum stop distance at `price`. */
export function trailingDistanceBroken(
  distance: string,
  price: string,
  p: Pick<ProductRules, 'minDistance' | 'pricePrecision'>,
): boolean {
  if (!isPlainDecimal(distance) || decimals(distance) > p.pricePrecision) return true;
  const d = new Decimal(distance);
  return d.lte(0) || d.lt(new Decimal(price).mul(p.minDistance)) || d.gte(price);
}

/** Where a trailing stop starts at `price`. */
export function trailingStart(direction: Direction, price: string, distance: string, precision: number): string {
  const p = new Decimal(price);
  return (direction === 'up' ? p.minus(distance) : p.plus(distance)).toFixed(precision);
}

/**
 * The ratchet: the stop a tick at `price` moves a trailing stop to, or null when it stays (the
 * price did not make a new best, or moved against the position). It never moves back.
 */
export function trailStop(direction: Direction, stop: string, price: string, distance: string, precision: number): string | null {
  const next = new Decimal(trailingStart(direction, price, distance, precision));
  const better = direction === 'up' ? next.gt(stop) : next.lt(stop);
  return better ? next.toFixed(precision) : null;
}

/** Whether a level of kind `kind` for `direction` is reached by a tick at `price` (inclusive). */
export function entryReached(direction: Direction, kind: EntryKind, level: string, price: string): boolean {
  const c = new Decimal(price).cmp(level);
  return entryFillsAtOrBelow(direction, kind) ? c <= 0 : c >= 0;
}

export interface EntryInput extends OrderInput {
  entryKind: EntryKind;
  entryPrice: string;
  /** seconds the pending order waits */
  validity: number;
  trailingDistance?: string | null;
}

/**
 * The first rule a pending order breaks at the current `price`, as its catalogue code, or null:
 * the level (10280), the validity (10281), a trailing distance (10284) or one sent with a
 * stop-loss (10285), then every rule of an order at the market, checked at the entry level
 * (lots 10016, leverage 10064, period 10017, stops 10060–10062).
 */
export function entryRuleBroken(p: ProductRules, input: EntryInput, price: string, quoteRate: string): number | null {
  if (!isPlainDecimal(input.entryPrice) || new Decimal(input.entryPrice).lte(0) || decimals(input.entryPrice) > p.pricePrecision)
    return Err.ENTRY_LEVEL_WRONG;
  if (entryReached(input.direction, input.entryKind, input.entryPrice, price)) return Err.ENTRY_LEVEL_WRONG;
  if (!(PENDING_VALIDITY_CHOICES as readonly number[]).includes(input.validity)) return Err.PENDING_VALIDITY_NOT_OFFERED;
  return marketRuleBroken(p, input, input.entryPrice, quoteRate);
}

/**
 * The rules of an order at the market at `price`, with an optional trailing stop, as a catalogue
 * code or null. A trailing stop replaces a fixed stop-loss: its start (price ∓ distance) is the
 * stop-loss the usual rules check (side, distance, stop-out).
 */
export function marketRuleBroken(
  p: ProductRules,
  input: OrderInput & { trailingDistance?: string | null },
  price: string,
  quoteRate: string,
): number | null {
  const stopLoss = withTrailing(input, price, p.pricePrecision);
  if (stopLoss === 'both') return Err.TRAILING_WITH_STOP_LOSS;
  if (input.trailingDistance != null && trailingDistanceBroken(input.trailingDistance, price, p))
    return Err.TRAILING_DISTANCE_WRONG;
  const rule = orderRuleBroken(p, { ...input, stopLoss }, price, quoteRate);
  return rule ? ORDER_RULE_CODES[rule] : null;
}

/** The stop-loss an order opens with: its own, or a trailing stop's start; 'both' when it sends the two. */
export function withTrailing(
  input: { stopLoss?: string | null; trailingDistance?: string | null; direction: Direction },
  price: string,
  precision: number,
): string | null | 'both' {
  if (input.trailingDistance == null) return input.stopLoss ?? null;
  if (input.stopLoss != null) return 'both';
  if (!isPlainDecimal(input.trailingDistance)) return null;
  return trailingStart(input.direction, price, input.trailingDistance, precision);
}

/** What a pending order holds: margin + opening fee at its entry level. */
export function entryHold(
  p: ProductRules,
  input: Pick<OrderInput, 'direction' | 'lots' | 'leverage'>,
  entryPrice: string,
  quoteRate: string,
): string {
  return orderFigures(termsOf(p, input, entryPrice, quoteRate)).required;
}
