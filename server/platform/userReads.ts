/**
 * A user's own reads from memory (issue 26): getUserInfo's profile and ledger rows, a book's
 * balances, a page of their positions, of their deposits, kept per instance for at most
 * `maxAgeMs`, so a signed-in read that is asked again and again (every screen asks for
 * getUserInfo) costs no database round trip. Built like the session check (server/auth/sessionCache.ts); docs/design.md "A user's
 * reads in memory" gives the rules.
 *
 * The promise: a figure shown after a change is never older than that change for the user who
 * made it, on any instance. Every write names the users it changes (server/platform/db/userWrites.ts: the
 * ledger's transfer, every recorded user event, the domains' row changes) and they are told
 * once its transaction has ended, never before. Then:
 *
 * - Here, at once: their reads are forgotten, and a read that was under way is not kept (each
 *   user's last forgetting is numbered: a read started before it may hold the rows of before the
 *   commit). In one process (embedded) that number is the user's version, and all it takes.
 * - Across instances (Redis: `versions`, server/platform/bus/userVersions.ts, issue 44): the user's
 *   version in Redis is moved before the write answers, and no write waits for another instance.
 *   Each read takes the user's version before its query and keeps it with its copy; a copy is
 *   served only while its version is the current one (one GET). A read that took its version
 *   before a bump may hold the old rows, and its version is then no longer current; one that took
 *   it after started its query after the commit. The bus still carries the users (`user-reads`),
 *   a hint that frees the other instances' memory early, never trusted for freshness.
 *
 * What is kept are rows as the database gave them, never what is computed from them at the
 * moment: live figures (a position's profit, balances valued in USDT) are computed at each
 * request from the kept rows and the current prices. A kept value is shared by every request
 * that reads it: the callers derive new objects from it and never change it.
 *
 * When the memory is trusted: with versions, whenever Redis answers the version (a read that
 * cannot have it goes to the database); without, only while the bus carries every forgetting to
 * this process (one process); on PostgreSQL without Redis never (`enabled` false: every read asks
 * the database).
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './bus/bus.ts';
import type { UserVersions } from './bus/userVersions.ts';
import { monotonicMs } from './clock.ts';

/** Where the users of each write go to every instance: a hint to forget early (with versions) or the forgetting (one process). */
export const USER_READS_CHANNEL = 'user-reads';

const MAX_IDS_PER_MESSAGE = 1_000;

interface Entry {
  userId: bigint;
  value: unknown;
  /** Rows it holds (at least 1), counted against `maxRows`. */
  weight: number;
  /** monotonicMs() when it was read from the database. */
  readAt: number;
  /** With versions: the user's version taken before the read's query; served only while current. */
  version?: string;
}

export interface UserReadsOptions {
  bus: Bus;
  log: FastifyBaseLogger;
  /** Whether a write on any instance reaches this one (see above); false: always the database. */
  enabled: boolean;
  /** Each user's write version where every instance sees it (Redis); absent: this process only. */
  versions?: UserVersions;
  /** The longest a read is served from memory (USER_READ_CACHE_SECONDS): bounds a forgetting lost in transit. */
  maxAgeMs: number;
  /** The most rows kept over all reads (USER_READ_CACHE_ROWS; a page weighs its rows): the oldest read goes first. */
  maxRows: number;
  /** The most users whose last forgetting is remembered for the reads under way; past it, all of them start over. */
  maxForgotten?: number;
  /**
   * Tests: each read served from memory is read from the database too and compared; a difference
   * that no write under way explains (`settled` waits for those) throws, naming the read. A write
   * that changes a user's data without naming the user fails the test that reads after it.
   */
  verify?: { settled: () => Promise<void> };
}

export class UserReads {
  readonly enabled: boolean;
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<bigint, Set<string>>();
  private rows = 0;
  /** Counts forgettings; a read notes it when it starts. */
  private seq = 0;
  /** Each user's last forgetting (seq), for the reads under way. */
  private readonly forgottenAt = new Map<bigint, number>();
  /** Reads that started before this seq are not kept (everything was forgotten since). */
  private floor = 0;
  private readonly unsubscribe: Array<() => void> = [];
  /** monotonicMs() of the last warning that Redis did not answer a version. */
  private warnedAt = -Infinity;

  constructor(private readonly o: UserReadsOptions) {
    this.enabled = o.enabled && o.maxAgeMs > 0;
    if (!this.enabled) return;
    this.unsubscribe.push(
      o.bus.subscribe(USER_READS_CHANNEL, (m) => {
        const ids = (m as { userIds?: unknown } | null)?.userIds;
        if (Array.isArray(ids) && ids.length > 0 && ids.every((id) => typeof id === 'string' && /^[0-9]{1,20}$/.test(id)))
          this.forget(ids.map((id) => BigInt(id as string)));
        else this.clear();
      }),
      o.bus.onGap(() => this.clear()),
    );
  }

  /** Reads held now (tests, metrics). */
  get size() {
    return this.entries.size;
  }

  /** Rows held now, as weighed by the readers. */
  get weight() {
    return this.rows;
  }

  /**
   * `load()`'s value for `key` of `userId`: from memory when kept, fresh enough and trusted, else
   * from `load` (kept when no write of the user ended meanwhile). `key` names the read and its
   * parameters; the user's id is added to it here. `weigh` counts the rows a value holds.
   */
  async read<T>(userId: bigint, key: string, load: () => Promise<T>, weigh: (value: T) => number = () => 1): Promise<T> {
    if (!this.enabled) return load();
    if (this.o.versions) return this.readVersioned(userId, key, load, weigh, this.o.versions);
    const k = `${userId}\u0000${key}`;
    const hit = this.entries.get(k);
    const trusted = this.hearing();
    if (hit && trusted && monotonicMs() - hit.readAt < this.o.maxAgeMs) {
      if (this.o.verify) await this.check(userId, key, hit.value, load);
      return hit.value as T;
    }
    if (hit) this.drop(k, userId);
    const started = this.seq;
    const value = await load();
    if (this.mayKeep(userId, started) && this.hearing()) this.keep(k, userId, value, Math.max(1, weigh(value)));
    return value;
  }

  /**
   * `read` across instances: a copy is served only while the version it was stamped with is the
   * user's current one, and a read is stamped with the version taken before its query. Redis not
   * answering: the database, nothing kept.
   */
  private async readVersioned<T>(
    userId: bigint,
    key: string,
    load: () => Promise<T>,
    weigh: (value: T) => number,
    versions: UserVersions,
  ): Promise<T> {
    const k = `${userId}\u0000${key}`;
    const hit = this.entries.get(k);
    const version = (ask: () => Promise<string | null>) =>
      ask().catch((err: unknown) => {
        // once in a while: while Redis is down every signed-in read comes here
        if (monotonicMs() - this.warnedAt > 10_000) {
          this.warnedAt = monotonicMs();
          this.o.log.warn({ err, userId: String(userId) }, 'user version not read: reads go to the database');
        }
        return undefined;
      });
    let stamp: string | null | undefined = null;
    if (hit && monotonicMs() - hit.readAt < this.o.maxAgeMs) {
      stamp = await version(() => versions.current(userId));
      // still held (a write of this process forgets before it bumps) and still current
      if (stamp !== undefined && stamp === hit.version && this.entries.get(k) === hit) {
        if (this.o.verify) await this.check(userId, key, hit.value, load);
        return hit.value as T;
      }
    }
    if (hit) this.drop(k, userId);
    const started = this.seq;
    // a version read just now was read before the query too: it stamps the fresh copy
    if (stamp === null) stamp = await version(() => versions.take(userId));
    const value = await load();
    if (typeof stamp === 'string' && this.mayKeep(userId, started)) this.keep(k, userId, value, Math.max(1, weigh(value)), stamp);
    return value;
  }

  /**
   * After the end of a transaction that changed the data of `userIds`: forgotten here at once;
   * with versions, their versions moved in Redis (what makes every other instance's copies stale)
   * and the users published as a hint, waiting for no other instance; without, published to the
   * instances of this process. A failure is logged, the write being committed.
   * server/platform/db/userWrites.ts calls it for every write.
   */
  async changed(userIds: readonly bigint[]): Promise<void> {
    if (!this.enabled || userIds.length === 0) return;
    this.forget(userIds);
    if (this.o.versions) {
      try {
        await this.o.versions.bump(userIds);
      } catch (err) {
        this.o.log.warn(
          { err, users: userIds.length },
          "user versions not moved: other instances may serve the users' old reads until their maximum age",
        );
      }
    }
    for (let i = 0; i < userIds.length; i += MAX_IDS_PER_MESSAGE) {
      const part = userIds.slice(i, i + MAX_IDS_PER_MESSAGE).map(String);
      const sent = this.o.bus
        .publish(USER_READS_CHANNEL, { userIds: part })
        .catch((err: unknown) => void this.o.log.warn({ err }, 'user reads hint not published'));
      // a hint only with versions: nobody waits for it
      if (!this.o.versions) await sent;
    }
  }

  close() {
    for (const u of this.unsubscribe.splice(0)) u();
    this.clear();
  }

  /** Without versions, memory is trusted only while the bus carries every forgetting here. */
  private hearing(): boolean {
    return this.o.bus.hearing(USER_READS_CHANNEL);
  }

  /** Whether a read of `userId` that started at `started` may be kept: nothing of the user forgotten since. */
  private mayKeep(userId: bigint, started: number): boolean {
    return started >= this.floor && (this.forgottenAt.get(userId) ?? -1) <= started;
  }

  private async check(userId: bigint, key: string, kept: unknown, load: () => Promise<unknown>): Promise<void> {
    const started = this.seq;
    const fresh = await load();
    if (isDeepStrictEqual(fresh, kept)) return;
    // a write that has committed and not yet told its users explains a difference: wait for the
    // writes under way, then a forgetting of the user must have come
    await this.o.verify!.settled();
    if (!this.mayKeep(userId, started)) return;
    throw new Error(
      `user read "${key}" of user ${userId} served from memory differs from the database: a write changed the user's data without naming the user (server/platform/db/userWrites.ts)`,
    );
  }

  private keep(k: string, userId: bigint, value: unknown, weight: number, version?: string) {
    if (weight > this.o.maxRows) return;
    this.drop(k, userId);
    while (this.entries.size > 0 && this.rows + weight > this.o.maxRows) {
      const [oldest, e] = this.entries.entries().next().value as [string, Entry];
      this.drop(oldest, e.userId);
    }
    this.entries.set(k, { userId, value, weight, readAt: monotonicMs(), version });
    this.rows += weight;
    let mine = this.byUser.get(userId);
    if (!mine) this.byUser.set(userId, (mine = new Set()));
    mine.add(k);
  }

  private drop(k: string, userId: bigint) {
    const e = this.entries.get(k);
    if (!e) return;
    this.rows -= e.weight;
    this.entries.delete(k);
    const mine = this.byUser.get(userId);
    if (mine) {
      mine.delete(k);
      if (mine.size === 0) this.byUser.delete(userId);
    }
  }

  private forget(userIds: readonly bigint[]) {
    this.seq++;
    if (this.forgottenAt.size + userIds.length > (this.o.maxForgotten ?? 100_000)) {
      // too many to remember one by one: every read under way starts over
      this.forgottenAt.clear();
      this.floor = this.seq;
    }
    for (const id of userIds) {
      this.forgottenAt.delete(id);
      this.forgottenAt.set(id, this.seq);
      for (const k of [...(this.byUser.get(id) ?? [])]) this.drop(k, id);
    }
  }

  private clear() {
    this.seq++;
    this.floor = this.seq;
    this.forgottenAt.clear();
    this.entries.clear();
    this.byUser.clear();
    this.rows = 0;
  }
}
