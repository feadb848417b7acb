import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { redisBus } from '../../../server/platform/bus/bus.ts';

/**
 * The Redis bus subscribes in the background (subscribe() returns at once): when Redis refuses
 * the command (connection closed or lost past its retries), the rejection must not go unhandled,
 * which in Node 20 ends the whole process (every websocket, every request in flight).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => void process.on('unhandledRejection', onUnhandled));
afterAll(() => void process.off('unhandledRejection', onUnhandled));

it('a subscribe or unsubscribe Redis refuses leaves no unhandled rejection', async () => {
  const bus = redisBus(REDIS_URL);
  await bus.close();
  // the commands the bus sends in the background, to wait for Redis's answers to them
  const sent: Array<Promise<unknown>> = [];
  const spies = (['subscribe', 'unsubscribe'] as const).map((name) => {
    const original = Redis.prototype[name] as (...a: unknown[]) => Promise<unknown>;
    return vi.spyOn(Redis.prototype, name).mockImplementation(function (this: Redis, ...a: unknown[]) {
      const p = original.apply(this, a);
      sent.push(p);
      return p as never;
    });
  });
  try {
    // e.g. a websocket client authenticating (user:<id>) or leaving while the instance shuts down
    const off = bus.subscribe('user:1', () => {});
    off();
    expect(sent).toHaveLength(2);
    const answers = await Promise.allSettled(sent);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']); // Redis refused both
  } finally {
    for (const s of spies) s.mockRestore();
  }
  // Node reports a rejection nobody handled once the microtasks have run: before the next turn
  await new Promise((r) => setImmediate(r));
  expect(unhandled).toEqual([]);
});
