/**
 * What the position index and the entry index share: the watched records by id and their validity
 * ends in a min-heap with lazy deletion, a record's `seq` telling its live heap entry from those of
 * an earlier add of the same id. A subclass keeps its per-instrument levels and says how a record's
 * levels are dropped.
 */
import { ExpiryHeap, type ExpiryEntry } from './expiryHeap.ts';

/** Stale heap entries tolerated beyond the live ones before the heap is rebuilt. */
const STALE_SLACK = 1024;

export abstract class ExpiringIndex<Indexed extends { readonly code: string; readonly seq: number }> {
  protected readonly watched = new Map<string, Indexed>();
  private readonly expiries = new ExpiryHeap();
  private seq = 0;

  get size(): number {
    return this.watched.size;
  }

  has(id: string): boolean {
    return this.watched.has(id);
  }

  /** The ids watched (a full re-read forgets those ended elsewhere). */
  ids(): string[] {
    return [...this.watched.keys()];
  }

  /** Stops watching a record (ended by hand, or settled elsewhere); false when not watched. */
  remove(id: string): boolean {
    const found = this.forget(id);
    this.compactIfStale();
    return found;
  }

  /** Removes and returns the ids whose expiresAt <= at, earliest first (ties in order of add). */
  expiredBy(at: number): string[] {
    return this.expiries.popDue(at, this.isLive).map(({ id }) => {
      this.forget(id);
      return id;
    });
  }

  /** The `seq` of the next record watched. */
  protected nextSeq(): number {
    return ++this.seq;
  }

  /** Watches `record` (its levels already listed by the subclass) until `expiresAt`. */
  protected watch(id: string, record: Indexed, expiresAt: number): void {
    this.watched.set(id, record);
    this.expiries.push({ at: expiresAt, seq: record.seq, id });
  }

  /** Takes a record's levels out of its instrument's lists; a level a tick already took is simply not found. */
  protected abstract unlist(id: string, record: Indexed): void;

  /** Drops a record and every level it still has; its heap entry goes stale. */
  protected forget(id: string): boolean {
    const record = this.watched.get(id);
    if (!record) return false;
    this.watched.delete(id);
    this.unlist(id, record);
    return true;
  }

  /** Keeps the heap within a constant factor of the records under remove/settle churn. */
  protected compactIfStale(): void {
    if (this.expiries.size > 2 * this.watched.size + STALE_SLACK) this.expiries.compact(this.isLive);
  }

  private isLive = (e: ExpiryEntry): boolean => this.watched.get(e.id)?.seq === e.seq;
}
