/**
 * Binary min-heap of (expiresAt, seq, id). Removal is lazy: the index forgets a position and its
 * heap entry stays until it reaches the top, where the caller's `isLive(id, seq)` check drops it.
 * `seq` tells a stale entry from the live one when an id is removed and added again, and breaks
 * ties between equal expiries in insertion order.
 */

export interface ExpiryEntry {
  readonly at: number;
  readonly seq: number;
  readonly id: string;
}

function before(a: ExpiryEntry, b: ExpiryEntry): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

export class ExpiryHeap {
  private heap: ExpiryEntry[] = [];

  /** Entries held, stale ones included. */
  get size(): number {
    return this.heap.length;
  }

  push(entry: ExpiryEntry): void {
    const heap = this.heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(entry, heap[parent])) break;
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = entry;
  }

  peek(): ExpiryEntry | undefined {
    return this.heap[0];
  }

  pop(): ExpiryEntry | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      this.siftDown(0);
    }
    return top;
  }

  /** Drops every stale entry at once (O(n)); used when stale entries outnumber live ones. */
  compact(isLive: (e: ExpiryEntry) => boolean): void {
    // rebuild by sift-down from the middle: O(n)
    const kept = this.heap.filter(isLive);
    this.heap = kept;
    for (let i = (kept.length >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  private siftDown(start: number): void {
    const heap = this.heap;
    const entry = heap[start];
    let i = start;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= heap.length) break;
      const r = l + 1;
      const child = r < heap.length && before(heap[r], heap[l]) ? r : l;
      if (!before(heap[child], entry)) break;
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = entry;
  }
}
