import { monotonicMs } from '../platform/clock.ts';

interface Entry {
  at: number;
  dep: unknown;
  value: Promise<unknown>;
}

/**
 * What the content domain read or serialised, kept per key (language, type, page) until the
 * content changes: `invalidate()` empties it (the seed calls it, and every instance hears it on
 * the bus), and an entry older than its max age is read again, so an edit made straight in the
 * database shows within that time too. An entry may also depend on a value (`dep`, compared by
 * identity, e.g. the market's statistics of the current prices): another value reads it anew.
 * Concurrent misses share one read; a failed read is not kept.
 */
export class ContentCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 1024) {}

  get<T>(key: string, load: () => Promise<T>, opts: { maxAgeMs: number; dep?: unknown }): Promise<T> {
    const now = monotonicMs();
    const hit = this.entries.get(key);
    if (hit && hit.dep === opts.dep && now >= hit.at && now - hit.at < opts.maxAgeMs) return hit.value as Promise<T>;
    // keys carry request input (ids, categories): the store is bounded
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    const entry: Entry = { at: now, dep: opts.dep, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  invalidate(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
