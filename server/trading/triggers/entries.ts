/**
 * The entry index: pending entry orders waiting for their level (docs/trading.md, "Pending entry
 * orders"). Pure and in memory like the position index beside it, and built from the same parts:
 * per instrument two sorted lists of levels, those reached by a price at or below them and those
 * reached at or above, so a tick costs two binary searches plus the orders it reaches; validity
 * ends sit in a min-heap with lazy deletion.
 */
import { ExpiringIndex } from './expiringIndex.ts';
import { scalePrice } from '../../platform/priceScale.ts';
import { SortedLevels } from '../../platform/priceLevels.ts';

export interface WatchedEntry {
  id: string;
  code: string;
  /** true: a tick at or below `level` fills it (buy limit, sell stop); false: at or above */
  fillsAtOrBelow: boolean;
  level: string;
  /** ms epoch: the pending order lapses then */
  expiresAt: number;
}

interface Indexed {
  code: string;
  fillsAtOrBelow: boolean;
  level: bigint;
  seq: number;
}
interface Lists {
  readonly below: SortedLevels;
  readonly above: SortedLevels;
}

export class EntryIndex extends ExpiringIndex<Indexed> {
  private readonly instruments = new Map<string, Lists>();

  /** Watches a pending order (an id already watched is replaced); RangeError on a bad level or time, before any change. */
  add(e: WatchedEntry): void {
    const level = scalePrice(e.level);
    if (!Number.isFinite(e.expiresAt)) throw new RangeError(`expiresAt is not a finite time: ${e.expiresAt}`);
    this.forget(e.id);
    let lists = this.instruments.get(e.code);
    if (!lists) this.instruments.set(e.code, (lists = { below: new SortedLevels(), above: new SortedLevels() }));
    (e.fillsAtOrBelow ? lists.below : lists.above).insert(level, e.id);
    this.watch(e.id, { code: e.code, fillsAtOrBelow: e.fillsAtOrBelow, level, seq: this.nextSeq() }, e.expiresAt);
  }

  /** Removes and returns the orders on `code` a tick at `price` reaches (inclusive), in level order per list. */
  reachedBy(code: string, price: string): string[] {
    const lists = this.instruments.get(code);
    if (!lists) return [];
    const at = scalePrice(price);
    const out: string[] = [];
    // filled at or below the level: every level >= price; at or above: every level <= price
    lists.below.takeAtOrAbove(at, out);
    lists.above.takeAtOrBelow(at, out);
    for (const id of out) this.watched.delete(id);
    return out;
  }

  protected unlist(id: string, e: Indexed): void {
    const lists = this.instruments.get(e.code);
    if (lists) (e.fillsAtOrBelow ? lists.below : lists.above).delete(e.level, id);
  }
}
