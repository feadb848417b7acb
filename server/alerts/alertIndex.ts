/**
 * The index of active price alerts: pure, in memory, no I/O (docs/alerts.md). Like the trading
 * engine's trigger index (server/trading/triggers) it is keyed by level, so a tick costs a few
 * binary searches plus the alerts it reaches, not a scan of every alert:
 *
 * - per instrument, "above" levels sorted by price: a tick at `p` reaches every level ≤ p;
 * - "below" levels sorted by price: a tick reaches every level ≥ p;
 * - "move" alerts sorted by their percent: a tick whose 24-hour move is `m` % (either way) reaches
 *   every percent ≤ |m|.
 *
 * Comparisons are inclusive and exact: levels and ticks are scaled to integers by the trigger
 * index's `scalePrice`, moves carry 2 decimals. What a tick reaches leaves the index (an alert
 * fires once); adding an id that is watched replaces it (an edit).
 */
import { scalePrice } from '../platform/priceScale.ts';
import { SortedLevels } from '../platform/priceLevels.ts';

export type AlertKind = 'above' | 'below' | 'move';

export interface WatchedAlert {
  id: string;
  code: string;
  kind: AlertKind;
  /** the price level (above / below) or the percent (move), a decimal string */
  value: string;
}

interface InstrumentAlerts {
  readonly above: SortedLevels;
  readonly below: SortedLevels;
  readonly move: SortedLevels;
}

interface Indexed {
  readonly code: string;
  readonly kind: AlertKind;
  readonly key: bigint;
}

/** A tick's 24-hour move (percent, 2 decimals) as the index compares it: its size, either way. */
export const moveKey = (changePct: number): bigint => scalePrice(Math.abs(changePct).toFixed(2));

export class AlertIndex {
  private readonly alerts = new Map<string, Indexed>();
  private readonly instruments = new Map<string, InstrumentAlerts>();

  get size(): number {
    return this.alerts.size;
  }

  has(id: string): boolean {
    return this.alerts.has(id);
  }

  /** Watches an alert; an id already watched is replaced. A malformed value throws before anything changes. */
  add(a: WatchedAlert): void {
    const key = scalePrice(a.value);
    this.remove(a.id);
    let levels = this.instruments.get(a.code);
    if (!levels)
      this.instruments.set(a.code, (levels = { above: new SortedLevels(), below: new SortedLevels(), move: new SortedLevels() }));
    levels[a.kind].insert(key, a.id);
    this.alerts.set(a.id, { code: a.code, kind: a.kind, key });
  }

  remove(id: string): boolean {
    const a = this.alerts.get(id);
    if (!a) return false;
    this.alerts.delete(id);
    this.instruments.get(a.code)?.[a.kind].delete(a.key, id);
    return true;
  }

  /**
   * The alerts a tick of `code` at `price` with a 24-hour move of `changePct` % reaches; they
   * leave the index. Order: above, below, then move alerts, each by level.
   */
  reachedBy(code: string, price: string, changePct: number): string[] {
    const levels = this.instruments.get(code);
    if (!levels || (levels.above.size === 0 && levels.below.size === 0 && levels.move.size === 0)) return [];
    const out: string[] = [];
    const at = scalePrice(price);
    levels.above.takeAtOrBelow(at, out);
    levels.below.takeAtOrAbove(at, out);
    if (levels.move.size > 0) levels.move.takeAtOrBelow(moveKey(changePct), out);
    for (const id of out) this.alerts.delete(id);
    return out;
  }
}
