/**
 * A sorted multiset of (price, position id) kept in chunks of at most 2 × CHUNK entries, ordered by
 * price then id. Insert and delete move at most one chunk's entries (plus the short list of chunks),
 * so they stay cheap with 100,000 levels on one instrument where one flat sorted array would shift
 * up to 100,000 slots per change. A tick takes a whole suffix (levels at or above the price) or a
 * whole prefix (at or below) after two binary searches: O(log n + k). Most ticks reach nothing: the
 * list keeps its lowest and highest key as plain numbers on itself, so such a tick is answered
 * without touching the chunks (cold chunks cost a cache miss per step of a binary search).
 */

const CHUNK = 256;

interface Level {
  readonly key: bigint;
  readonly id: string;
}

function compare(a: Level, key: bigint, id: string): number {
  if (a.key !== key) return a.key < key ? -1 : 1;
  return a.id === id ? 0 : a.id < id ? -1 : 1;
}

export class SortedLevels {
  private chunks: Level[][] = [];
  private count = 0;
  /**
   * Number(lowest key) and Number(highest key); +/-Infinity when empty. Number() of a BigInt rounds
   * monotonically, so a tick whose Number() is strictly beyond one of them is exactly beyond it.
   */
  private lowest = Infinity;
  private highest = -Infinity;

  get size(): number {
    return this.count;
  }

  insert(key: bigint, id: string): void {
    const entry: Level = { key, id };
    this.count++;
    const approx = Number(key);
    if (approx < this.lowest) this.lowest = approx;
    if (approx > this.highest) this.highest = approx;
    if (this.chunks.length === 0) {
      this.chunks.push([entry]);
      return;
    }
    const c = Math.min(this.chunkFor(key, id), this.chunks.length - 1);
    const chunk = this.chunks[c];
    chunk.splice(this.positionIn(chunk, key, id), 0, entry);
    if (chunk.length > 2 * CHUNK) this.chunks.splice(c + 1, 0, chunk.splice(CHUNK));
  }

  /** Removes one (key, id) level; false when it is not there. */
  delete(key: bigint, id: string): boolean {
    const c = this.chunkFor(key, id);
    if (c === this.chunks.length) return false;
    const chunk = this.chunks[c];
    const i = this.positionIn(chunk, key, id);
    if (i === chunk.length || compare(chunk[i], key, id) !== 0) return false;
    chunk.splice(i, 1);
    this.count--;
    if (chunk.length === 0) this.chunks.splice(c, 1);
    else if (chunk.length < CHUNK / 4 && c + 1 < this.chunks.length && chunk.length + this.chunks[c + 1].length <= 2 * CHUNK) {
      // keep chunks from thinning out after many deletions: merge with the next one
      chunk.push(...this.chunks[c + 1]);
      this.chunks.splice(c + 1, 1);
    }
    this.refreshBounds();
    return true;
  }

  /** Removes and returns the ids of every level with key >= price. */
  takeAtOrAbove(price: bigint, out: string[], approx = Number(price)): void {
    if (this.highest < approx) return;
    const chunks = this.chunks;
    // first chunk whose last key reaches the price: everything from there on is taken
    const lo = firstWhere(chunks, (chunk) => chunk[chunk.length - 1].key >= price);
    if (lo === chunks.length) return;
    const first = chunks[lo];
    const start = firstWhere(first, (level) => level.key >= price);
    for (let i = start; i < first.length; i++) out.push(first[i].id);
    this.count -= first.length - start;
    first.length = start;
    for (let c = lo + 1; c < chunks.length; c++) {
      for (const level of chunks[c]) out.push(level.id);
      this.count -= chunks[c].length;
    }
    chunks.length = start === 0 ? lo : lo + 1;
    this.refreshBounds();
  }

  /** Removes and returns the ids of every level with key <= price. */
  takeAtOrBelow(price: bigint, out: string[], approx = Number(price)): void {
    if (this.lowest > approx) return;
    const chunks = this.chunks;
    // first chunk whose last key is above the price: the chunks before it are taken whole
    const lo = firstWhere(chunks, (chunk) => chunk[chunk.length - 1].key > price);
    for (let c = 0; c < lo; c++) {
      for (const level of chunks[c]) out.push(level.id);
      this.count -= chunks[c].length;
    }
    if (lo < chunks.length) {
      const last = chunks[lo];
      const end = firstWhere(last, (level) => level.key > price);
      for (let i = 0; i < end; i++) out.push(last[i].id);
      this.count -= end;
      last.splice(0, end);
    }
    if (lo > 0) chunks.splice(0, lo);
    this.refreshBounds();
  }

  /** Every level in order (tests and debugging). */
  *entries(): IterableIterator<Level> {
    for (const chunk of this.chunks) yield* chunk;
  }

  private refreshBounds(): void {
    const chunks = this.chunks;
    if (chunks.length === 0) {
      this.lowest = Infinity;
      this.highest = -Infinity;
      return;
    }
    const last = chunks[chunks.length - 1];
    this.lowest = Number(chunks[0][0].key);
    this.highest = Number(last[last.length - 1].key);
  }

  /** Index of the first chunk whose last entry is >= (key, id); chunks.length when none. */
  private chunkFor(key: bigint, id: string): number {
    return firstWhere(this.chunks, (chunk) => compare(chunk[chunk.length - 1], key, id) >= 0);
  }

  /** Index of the first entry >= (key, id) in a chunk. */
  private positionIn(chunk: Level[], key: bigint, id: string): number {
    return firstWhere(chunk, (level) => compare(level, key, id) >= 0);
  }
}

/** Binary search: the first index where `reached` holds, for a predicate false then true along the array. */
function firstWhere<T>(items: readonly T[], reached: (item: T) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (reached(items[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
