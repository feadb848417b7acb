/**
 * Each user's write version in Redis (server/platform/bus/userVersions.ts, issue 44), on a real
 * Redis: a read's version stays until a write moves it, two instances see the same one, and a key
 * Redis lost is made again with a token no copy of before can match.
 */
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
import { redisUserVersions } from '../../../server/platform/bus/userVersions.ts';
import { REDIS_URL } from '../productionFixtures.ts';

const namespace = `user-versions-${crypto.randomBytes(6).toString('hex')}:`;
const [a, b] = [redisUserVersions(REDIS_URL, namespace), redisUserVersions(REDIS_URL, namespace)];
const raw = new Redis(REDIS_URL);
afterAll(async () => {
  const keys = await raw.keys(`${namespace}*`);
  if (keys.length > 0) await raw.del(...keys);
  await Promise.all([a.close(), b.close(), raw.quit()]);
});

it('a version taken on one instance is current on the other until a write moves it; another user keeps theirs', async () => {
  expect(await b.current(1n)).toBeNull();
  const first = await a.take(1n);
  expect(await b.take(1n)).toBe(first); // made once (NX): both stamp their copies alike
  expect(await b.current(1n)).toBe(first);
  const other = await b.take(2n);
  await a.bump([1n]);
  const moved = await b.current(1n);
  expect(moved).not.toBeNull();
  expect(moved).not.toBe(first);
  expect(await a.take(1n)).toBe(moved);
  expect(await a.current(2n)).toBe(other);
  await b.bump([1n, 2n]);
  expect([await a.current(1n), await a.current(2n)]).not.toContain(moved);
  expect(await a.current(2n)).not.toBe(other);
});

it('a key Redis lost (flush, restart, expiry) is made again with a token no earlier copy has', async () => {
  const seen = new Set<string>();
  for (let i = 0; i < 20; i++) {
    const t = await (i % 2 ? a : b).take(3n);
    expect(seen.has(t)).toBe(false);
    seen.add(t);
    await raw.del(`${namespace}user-version:3`);
  }
  // and expires on its own: a user who stops reading leaves no key behind
  await a.take(4n);
  expect(await raw.ttl(`${namespace}user-version:4`)).toBeGreaterThan(0);
});
