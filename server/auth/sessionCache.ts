/**
 * The signed-in check without a database round trip per request (issue 26): each instance keeps
 * the sessions it has looked up lately in memory, for at most `maxAgeMs`, and forgets a user's at
 * once on every instance when any of them revokes one (logout, ending a session, password change
 * or reset, operator disable) through the bus's 'sessions' channel.
 *
 * When the memory is trusted: only while the bus carries every revocation to this process. In one
 * process (the embedded database, which no second instance can share) the bus is an
 * EventEmitter and always does; on Redis only while the subscriber is connected and the channel's
 * subscription confirmed (Bus.hearing), and everything is forgotten when the connection drops
 * (Bus.onGap). PostgreSQL without Redis may have several instances that cannot tell each other:
 * the cache is off there and every request asks the database, as before.
 *
 * What a cached session still checks on every request, in memory and on the platform clock: its
 * absolute limit and its idle limit (from the last activity this instance knows of; when that
 * looks idle the database is asked, since another instance may have seen a later request).
 * `maxAgeMs` bounds what a revocation lost in transit could cost (a network fault that Redis
 * never reports). Revocation order: the revoking instance commits, forgets locally, then
 * publishes; a lookup that was under way when a revocation arrived is not kept (the epoch), so
 * a row read just before the commit cannot come back into memory after it.
 *
 * "Refused at the next request on any instance" holds because the revoking instance answers its
 * caller only when every instance has said it forgot (SESSIONS_ACK_CHANNEL; PUBLISH tells how many
 * subscriptions took the message; server/platform/bus/ackedChannel.ts): Redis hands a message to each
 * subscriber's socket, but another instance may read it after a request that the client sent once
 * the logout returned. An instance that does not answer within two seconds is logged; `maxAgeMs`
 * bounds what it could serve.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import { AckedChannel } from '../platform/bus/ackedChannel.ts';
import type { Bus } from '../platform/bus/bus.ts';
import type { Clock } from '../platform/clock.ts';
import { findSessionUser, hashToken, lookupSession, type SessionUser } from './sessions.ts';

export const SESSIONS_CHANNEL = 'sessions';
/** Each instance answers a revocation here once it has forgotten the user's sessions. */
export const SESSIONS_ACK_CHANNEL = 'sessions:forgotten';

interface Entry {
  user: SessionUser;
  /** The session's absolute limit, ms on the platform clock. */
  expiresAt: number;
  /** When it was read from the database, ms on the platform clock. */
  readAt: number;
}

export interface SessionCacheOptions {
  db: Db;
  bus: Bus;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Whether a revocation on any instance reaches this one (see above); false: always the database. */
  enabled: boolean;
  /** The longest a session is served from memory before the database is asked again. */
  maxAgeMs: number;
  /** The most sessions kept; the oldest read goes first. */
  maxEntries?: number;
}

export class SessionCache {
  private readonly byHash = new Map<string, Entry>();
  private readonly byUser = new Map<bigint, Set<string>>();
  /** Moves on every revocation heard: a lookup that started before it is not kept. */
  private epoch = 0;
  readonly enabled: boolean;
  private readonly unsubscribe: Array<() => void> = [];
  private readonly channel?: AckedChannel;

  constructor(private readonly o: SessionCacheOptions) {
    this.enabled = o.enabled && o.maxAgeMs > 0;
    if (!this.enabled) return;
    this.channel = new AckedChannel(
      { bus: o.bus, log: o.log, channel: SESSIONS_CHANNEL, ackChannel: SESSIONS_ACK_CHANNEL, what: 'session revocation' },
      (m) => {
        const id = m.userId;
        if (typeof id === 'string' && /^[0-9]{1,20}$/.test(id)) this.forget(BigInt(id));
        else this.clear();
      },
    );
    this.unsubscribe.push(
      () => this.channel?.close(),
      o.bus.onGap(() => this.clear()),
    );
  }

  /** Sessions held now (tests, metrics). */
  get size() {
    return this.byHash.size;
  }

  /** The live session of `token` at `now` (platform clock, ms), with its user; from memory when trusted. */
  async find(token: string, now: number): Promise<SessionUser | undefined> {
    if (!token || token.length > 200) return undefined;
    if (!this.enabled) return findSessionUser(this.o.db, token, now);
    const hash = hashToken(token);
    const hit = this.byHash.get(hash);
    if (hit && this.o.bus.hearing(SESSIONS_CHANNEL)) {
      const u = hit.user;
      // the same conditions as the database's (sessions.ts, live), on what this instance knows
      if (now - hit.readAt < this.o.maxAgeMs && now < hit.expiresAt && now - u.lastSeenAt.getTime() < u.idleSeconds * 1000)
        return u;
    }
    if (hit) this.drop(hash, hit.user.id);
    const epoch = this.epoch;
    const found = await lookupSession(this.o.db, hash, now);
    // kept only when nothing was revoked meanwhile and the bus is heard (else it could miss the next one)
    if (found && epoch === this.epoch && this.o.bus.hearing(SESSIONS_CHANNEL)) this.keep(hash, found, now);
    return found?.user;
  }

  /** A request's activity was written (touchSession): the idle limit counts from `now` here too. */
  touched(user: SessionUser, now: number) {
    user.lastSeenAt = new Date(now);
  }

  /**
   * After the commit that revoked sessions of `userId` (or disabled the user): forgotten here at
   * once, then on every other instance. A bus that does not answer is logged, not thrown: the
   * revocation is committed, and an instance cut from Redis has forgotten its sessions already.
   */
  async revoked(userId: bigint): Promise<void> {
    this.forget(userId);
    await this.channel?.publish({ userId: userId.toString() }, { userId: userId.toString() });
  }

  close() {
    for (const u of this.unsubscribe.splice(0)) u();
    this.clear();
  }

  private keep(hash: string, found: { user: SessionUser; expiresAt: Date }, now: number) {
    const max = this.o.maxEntries ?? 50_000;
    if (this.byHash.size >= max) {
      const [oldest, e] = this.byHash.entries().next().value as [string, Entry];
      this.drop(oldest, e.user.id);
    }
    this.byHash.set(hash, { user: found.user, expiresAt: found.expiresAt.getTime(), readAt: now });
    let mine = this.byUser.get(found.user.id);
    if (!mine) this.byUser.set(found.user.id, (mine = new Set()));
    mine.add(hash);
  }

  private drop(hash: string, userId: bigint) {
    this.byHash.delete(hash);
    const mine = this.byUser.get(userId);
    if (mine) {
      mine.delete(hash);
      if (mine.size === 0) this.byUser.delete(userId);
    }
  }

  private forget(userId: bigint) {
    this.epoch++;
    for (const hash of this.byUser.get(userId) ?? []) this.byHash.delete(hash);
    this.byUser.delete(userId);
  }

  private clear() {
    this.epoch++;
    this.byHash.clear();
    this.byUser.clear();
  }
}
