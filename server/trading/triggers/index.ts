/**
 * The trigger index of open options positions: pure, in memory, no I/O. The trading engine feeds
 * it every tick and every clock step and settles what it returns; on start it rebuilds it from the
 * open positions in the database (docs/trading.md, "Trigger engine").
 *
 * Per instrument and per side there is one sorted structure per level kind (stop-loss,
 * take-profit, stop-out), so a tick costs a few binary searches plus the positions it reaches,
 * whatever the number of open positions; expiries sit in a min-heap with lazy deletion.
 */
import { ExpiringIndex } from './expiringIndex.ts';
import { scalePrice } from '../../platform/priceScale.ts';
import { SortedLevels } from '../../platform/priceLevels.ts';

export { PRICE_DECIMALS, scalePrice } from '../../platform/priceScale.ts';

export interface WatchedPosition {
  id: string;
  code: string;
  direction: 'up' | 'down';
  stopLoss: string | null;
  takeProfit: string | null;
  stopOut: string;
  /** ms epoch */
  expiresAt: number;
}

export type TriggerReason = 'take_profit' | 'stop_loss' | 'stop_out';

interface SideLevels {
  readonly stopLoss: SortedLevels;
  readonly takeProfit: SortedLevels;
  readonly stopOut: SortedLevels;
}

interface InstrumentLevels {
  readonly up: SideLevels;
  readonly down: SideLevels;
}

/** What the index keeps of a position: its levels as exact scaled integers. */
interface Indexed {
  readonly id: string;
  readonly code: string;
  readonly direction: 'up' | 'down';
  readonly stopLoss: bigint | null;
  readonly takeProfit: bigint | null;
  readonly stopOut: bigint;
  /** Add counter: tells the live heap entry from stale ones of an earlier add of the same id. */
  readonly seq: number;
}

const sideLevels = (): SideLevels => ({
  stopLoss: new SortedLevels(),
  takeProfit: new SortedLevels(),
  stopOut: new SortedLevels(),
});

export class TriggerIndex extends ExpiringIndex<Indexed> {
  private readonly instruments = new Map<string, InstrumentLevels>();

  /**
   * Watches a position. Adding an id already watched replaces it (an edit of SL/TP is remove +
   * add). Throws RangeError on a price that is not a plain decimal with at most 18 decimals or on
   * a non-finite expiry, before changing anything.
   */
  add(p: WatchedPosition): void {
    const stopLoss = p.stopLoss === null ? null : scalePrice(p.stopLoss);
    const takeProfit = p.takeProfit === null ? null : scalePrice(p.takeProfit);
    const stopOut = scalePrice(p.stopOut);
    if (!Number.isFinite(p.expiresAt)) throw new RangeError(`expiresAt is not a finite time: ${p.expiresAt}`);
    if (p.direction !== 'up' && p.direction !== 'down') throw new RangeError(`unknown direction: ${String(p.direction)}`);
    this.forget(p.id);
    let levels = this.instruments.get(p.code);
    if (!levels) {
      levels = { up: sideLevels(), down: sideLevels() };
      this.instruments.set(p.code, levels);
    }
    const side = levels[p.direction];
    side.stopOut.insert(stopOut, p.id);
    if (stopLoss !== null) side.stopLoss.insert(stopLoss, p.id);
    if (takeProfit !== null) side.takeProfit.insert(takeProfit, p.id);
    const entry: Indexed = { id: p.id, code: p.code, direction: p.direction, stopLoss, takeProfit, stopOut, seq: this.nextSeq() };
    this.watch(p.id, entry, p.expiresAt);
  }

  /**
   * Removes and returns the positions on `code` that a tick at `price` reaches. Up (long):
   * stop-loss when price <= stopLoss, stop-out when price <= stopOut, take-profit when
   * price >= takeProfit; down: the mirror; all inclusive. A position reached on several levels is
   * returned once: stop-loss wins over stop-out, and a stop over a take-profit (both at once only
   * happen with levels on the wrong side, which order validation refuses). Results come grouped
   * by reason (stop-loss, stop-out, take-profit), each group in level order.
   */
  crossedBy(code: string, price: string): { id: string; reason: TriggerReason }[] {
    const levels = this.instruments.get(code);
    if (!levels) return [];
    const at = scalePrice(price);
    const { up, down } = levels;
    const stopLoss: string[] = [];
    const stopOut: string[] = [];
    const takeProfit: string[] = [];
    const approx = Number(at);
    up.stopLoss.takeAtOrAbove(at, stopLoss, approx);
    down.stopLoss.takeAtOrBelow(at, stopLoss, approx);
    up.stopOut.takeAtOrAbove(at, stopOut, approx);
    down.stopOut.takeAtOrBelow(at, stopOut, approx);
    up.takeProfit.takeAtOrBelow(at, takeProfit, approx);
    down.takeProfit.takeAtOrAbove(at, takeProfit, approx);
    if (stopLoss.length === 0 && stopOut.length === 0 && takeProfit.length === 0) return [];
    const out: { id: string; reason: TriggerReason }[] = [];
    // forget() answers false for a position already returned under a stronger reason
    for (const id of stopLoss) if (this.forget(id)) out.push({ id, reason: 'stop_loss' });
    for (const id of stopOut) if (this.forget(id)) out.push({ id, reason: 'stop_out' });
    for (const id of takeProfit) if (this.forget(id)) out.push({ id, reason: 'take_profit' });
    this.compactIfStale();
    return out;
  }

  protected unlist(id: string, entry: Indexed): void {
    const levels = this.instruments.get(entry.code);
    if (!levels) return;
    // a level already taken by this tick is simply not found
    const side = levels[entry.direction];
    side.stopOut.delete(entry.stopOut, id);
    if (entry.stopLoss !== null) side.stopLoss.delete(entry.stopLoss, id);
    if (entry.takeProfit !== null) side.takeProfit.delete(entry.takeProfit, id);
  }
}
