/**
 * Each user's write version, kept in Redis where every instance sees it at once (issue 44 item 3):
 * what lets an instance keep a user's reads in memory (server/platform/userReads.ts) without any
 * write waiting for the other instances to forget them.
 *
 * A version is a token no other write will ever have (this process's random id and a counter),
 * not a count: a key that Redis lost (a restart, a flush, its expiry) is made again with a new
 * token, so a copy stamped before the loss can never match again (with INCR the count would start
 * over at 1 and an old copy stamped 1 would be served once more).
 *
 * - `take` before a read's query: the user's token, made (SET NX) if there is none; the copy is
 *   stamped with it. One command, one round trip.
 * - `current` before a kept copy is served: served only when it is still the stamp. One GET.
 * - `bump` after a write's transaction has ended (server/platform/db/userWrites.ts), before the
 *   write answers: a new token for each user. A read that took its stamp before the bump may hold
 *   the rows of before the commit, and its stamp is no longer the token; a read that took it after
 *   the bump started its query after the commit.
 *
 * Commands are bounded (COMMAND_TIMEOUT_MS): a read whose version cannot be had goes to the
 * database and is not kept; a write whose bump fails is logged, committed, and bounded by the
 * memory's maximum age on the other instances, as a forgetting lost in transit was before.
 */
import crypto from 'node:crypto';
import { Redis } from 'ioredis';

/** Where the versions live; an instance without it trusts its own process only (embedded). */
export interface UserVersions {
  /** The user's token now, made if none: taken before a read's query and stored with its copy. */
  take(userId: bigint): Promise<string>;
  /** The user's token now (null: none, so no copy stamped before is current). */
  current(userId: bigint): Promise<string | null>;
  /** New tokens for `userIds`, after their write's transaction ended. */
  bump(userIds: readonly bigint[]): Promise<void>;
  close(): Promise<void>;
}

/** A read or a write waits this long for Redis at most (then: the database, or a warning). */
const COMMAND_TIMEOUT_MS = 1_000;
/** Unread keys go after a day; a key made again has a new token, so expiry is safe. */
const TTL_SECONDS = 86_400;

export function redisUserVersions(url: string, namespace = ''): UserVersions {
  // its own connection: a backlog of publications does not delay the reads' GETs
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, commandTimeout: COMMAND_TIMEOUT_MS });
  // errors reach the callers through their commands; the connection retries on its own
  redis.on('error', () => {});
  const me = crypto.randomBytes(9).toString('base64url');
  let n = 0;
  const token = () => `${me}.${(n++).toString(36)}`;
  const key = (userId: bigint) => `${namespace}user-version:${userId}`;
  return {
    async take(userId) {
      const mine = token();
      // SET … NX GET (Redis 7): the token there before, or nil when ours was set
      const before = (await redis.call('SET', key(userId), mine, 'NX', 'GET', 'EX', TTL_SECONDS)) as string | null;
      return before ?? mine;
    },
    current: (userId) => redis.get(key(userId)),
    async bump(userIds) {
      if (userIds.length === 0) return;
      const p = redis.pipeline();
      for (const id of userIds) p.set(key(id), token(), 'EX', TTL_SECONDS);
      const results = (await p.exec()) ?? [];
      const failed = results.find(([err]) => err);
      if (failed) throw failed[0];
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
