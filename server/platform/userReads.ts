/**
 * A user's own reads from memory (issue 26): getUserInfo's profile and ledger rows, a book's
 * balances, a page of their positions, of their deposits, kept per instance for at most
 * `maxAgeMs`, so a signed-in read that is asked again and again (every screen asks for
 * getUserInfo) costs no database round trip. Built like the session check (server/auth/sessionCache.ts); docs/design.md "A user's
 * reads in memory" gives the rules.
 *
 * The promise: a figure shown after a change is never older than that change for the user who
 * made it, on any instance. Every write names the users it changes (server/platform/db/userWrites.ts: the
 * ledger's transfer, every recorded user event, the domains' row changes) and they are forgotten
 * once its transaction has ended, never before: here at once, then on every other instance
 * through the bus, and the writing request answers only when every instance has said it forgot
 * (server/platform/bus/ackedChannel.ts). A read that was under way when its user was forgotten is not
 * kept (each user's last forgetting is numbered: a read started before it may hold the rows of
 * before the commit).
 *
 * What is kept are rows as the database gave them, never what is computed from them at the
 * moment: live figures (a position's profit, balances valued in USDT) are computed at each
 * request from the kept rows and the current prices. A kept value is shared by every request
 * that reads it: the callers derive new objects from it and never change it.
 *
 * When the memory is trusted: as for sessions, only while the bus carries every forgetting to
 * this process (always in one process; on Redis while the channel is heard, everything forgotten
 * on a gap); on PostgreSQL without Redis never (`enabled` false: every read asks the database).
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { AckedChannel } from './bus/ackedChannel.ts';
import type { Bus } from './bus/bus.ts';
import { monotonicMs } from './clock.ts';

export const USER_READS_CHANNEL = 'user-reads';
/** Each instance answers here once it has forgotten the users of a message. */
export const USER_READS_ACK_CHANNEL = 'user-reads:forgotten';

const MAX_IDS_PER_MESSAGE = 1_000;

interface Entry {
  userId: bigint;
  value: unknown;
  /** Rows it holds (at least 1), counted against `maxRows`. */
  weight: number;
  /** monotonicMs() when it was read from the database. */
  readAt: number;
}

export interface UserReadsOptions {
  bus: Bus;
  log: FastifyBaseLogger;
  /** Whether a write on any instance reaches this one (see above); false: always the database. */
  enabled: boolean;
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
  private readonly channel?: AckedChannel;
  private readonly unsubscribe: Array<() => void> = [];

  constructor(private readonly o: UserReadsOptions) {
    this.enabled = o.enabled && o.maxAgeMs > 0;
    if (!this.enabled) return;
    this.channel = new AckedChannel(
      { bus: o.bus, log: o.log, channel: USER_READS_CHANNEL, ackChannel: USER_READS_ACK_CHANNEL, what: 'user reads forgetting' },
      (m) => {
        const ids = Array.isArray(m.userIds) ? m.userIds : [];
        if (ids.length > 0 && ids.every((id) => typeof id === 'string' && /^[0-9]{1,20}$/.test(id)))
          this.forget(ids.map((id) => BigInt(id as string)));
        else this.clear();
      },
    );
    this.unsubscribe.push(
      () => this.channel?.close(),
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
    const k = `${userId}\u0000${key}`;
    const hit = this.entries.get(k);
    const trusted = this.channel!.hearing();
    if (hit && trusted && monotonicMs() - hit.readAt < this.o.maxAgeMs) {
      if (this.o.verify) await this.check(userId, key, hit.value, load);
      return hit.value as T;
    }
    if (hit) this.drop(k, userId);
    const started = this.seq;
    const value = await load();
    if (this.mayKeep(userId, started) && this.channel!.hearing()) this.keep(k, userId, value, Math.max(1, weigh(value)));
    return value;
  }

  /**
   * After the end of a transaction that changed the data of `userIds`: forgotten here at once,
   * then on every other instance, resolving when all have answered (bounded; a bus that fails is
   * logged, the write being committed). server/platform/db/userWrites.ts calls it for every write.
   */
  async changed(userIds: readonly bigint[]): Promise<void> {
    if (!this.enabled || userIds.length === 0) return;
    this.forget(userIds);
    for (let i = 0; i < userIds.length; i += MAX_IDS_PER_MESSAGE) {
      const part = userIds.slice(i, i + MAX_IDS_PER_MESSAGE).map(String);
      await this.channel!.publish({ userIds: part }, { userIds: part.length > 10 ? `${part.length} users` : part });
    }
  }

  close() {
    for (const u of this.unsubscribe.splice(0)) u();
    this.clear();
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

  private keep(k: string, userId: bigint, value: unknown, weight: number) {
    if (weight > this.o.maxRows) return;
    this.drop(k, userId);
    while (this.entries.size > 0 && this.rows + weight > this.o.maxRows) {
      const [oldest, e] = this.entries.entries().next().value as [string, Entry];
      this.drop(oldest, e.userId);
    }
    this.entries.set(k, { userId, value, weight, readAt: monotonicMs() });
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
