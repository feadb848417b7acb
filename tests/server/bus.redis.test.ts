import { afterAll, beforeAll, expect, it } from 'vitest';
import { redisBus } from '../../server/notify/bus.ts';

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
  // e.g. a websocket client authenticating (user:<id>) or leaving while the instance shuts down
  const off = bus.subscribe('user:1', () => {});
  off();
  await new Promise((r) => setTimeout(r, 200));
  expect(unhandled).toEqual([]);
});
