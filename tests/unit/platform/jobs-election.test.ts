import { EventEmitter } from 'node:events';
import { expect, it, vi } from 'vitest';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { electLeader } from '../../../server/platform/jobs/election.ts';

/** A pool of fake connections: `script` decides what each query does. */
function fakePool(script: (sql: string) => Promise<unknown>) {
  const clients: Array<EventEmitter & { released?: boolean | 'destroyed' }> = [];
  const pool = {
    async connect() {
      const c = Object.assign(new EventEmitter(), {
        released: false as boolean | 'destroyed',
        query: (sql: string) => script(sql),
        release(destroy?: boolean) {
          c.released = destroy ? 'destroyed' : true;
        },
      });
      clients.push(c);
      return c;
    },
  };
  return { pool: pool as unknown as pg.Pool, clients };
}
const log = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('gives up leadership when the lock connection stops answering (a hung check must not keep a second leader running)', async () => {
  let hang = false;
  const { pool, clients } = fakePool(async (sql) => {
    if (sql.includes('pg_try_advisory_lock')) return { rows: [{ ok: !hang }] }; // once lost, another instance holds it
    if (hang && sql === 'SELECT 1') return new Promise(() => {}); // network gone: no answer, no error
    return { rows: [] };
  });
  const onLost = vi.fn(async () => {});
  const e = await electLeader(pool, { key: 1, retryMs: 20, onElected: async () => {}, onLost, log });
  try {
    expect(e.isLeader()).toBe(true);
    hang = true;
    // the check's own timeout ends the hang: wait for the loss it reports, not for a fixed time
    const end = Date.now() + 10_000;
    while (!onLost.mock.calls.length && Date.now() < end) await sleep(20);
    expect(onLost).toHaveBeenCalled();
    expect(e.isLeader()).toBe(false);
    expect(clients[0].released).toBe('destroyed');
  } finally {
    await e.stop();
  }
});

it('returns the connection to the pool when the lock query fails', async () => {
  const { pool, clients } = fakePool(async (sql) => {
    if (sql.includes('pg_try_advisory_lock')) throw new Error('connection reset');
    return { rows: [] };
  });
  const e = await electLeader(pool, { key: 1, retryMs: 10, onElected: async () => {}, onLost: async () => {}, log });
  const end = Date.now() + 5_000;
  while (clients.length < 2 && Date.now() < end) await sleep(10);
  await e.stop();
  expect(clients.length).toBeGreaterThan(1);
  expect(clients.every((c) => c.released)).toBe(true);
});

it('survives a takeover that fails (feed start and stop both rejecting) and tries again, without an unhandled rejection', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (r: unknown) => unhandled.push(r);
  process.on('unhandledRejection', onUnhandled);
  const { pool } = fakePool(async (sql) => (sql.includes('pg_try_advisory_lock') ? { rows: [{ ok: true }] } : { rows: [] }));
  let tries = 0;
  let e: Awaited<ReturnType<typeof electLeader>> | undefined;
  try {
    e = await electLeader(pool, {
      key: 1,
      retryMs: 20,
      // e.g. the candle writer's first query fails during a database hiccup
      onElected: async () => {
        if (++tries < 3) throw new Error('database hiccup');
      },
      onLost: async () => {
        if (tries < 3) throw new Error('stop failed too');
      },
      log,
    }).catch((err) => {
      throw new Error(`electLeader itself failed: ${err}`);
    });
    const end = Date.now() + 3000;
    while (!e.isLeader() && Date.now() < end) await sleep(20);
    expect(tries).toBeGreaterThanOrEqual(3);
    expect(e.isLeader()).toBe(true);
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
    await e?.stop();
  }
});
