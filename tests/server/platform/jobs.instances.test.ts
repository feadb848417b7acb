import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_NAMES } from '../../../server/domains.ts';
import { buildTestApp, createTestDatabase, usingPostgres, type TestApp } from '../helpers.ts';

/**
 * Two instances on one PostgreSQL database and one Redis: every leader job has its own lock, so
 * each is led by exactly one instance, the NFT auctions included (they once shared the loans
 * job's lock and never ran on PostgreSQL). An instance that shuts down hands its jobs over at
 * once (it says so on the bus), not after the other's retry interval.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean | Promise<boolean>, ms: number, what: string): Promise<number> {
  const start = Date.now();
  while (!(await cond())) {
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(50);
  }
  return Date.now() - start;
}

const WEDNESDAY = Date.parse('2025-07-09T15:00:00Z');
const started = Date.now();
/** Far longer than the test waits: a takeover within it is the handover, not a retry. */
const RETRY_MS = 60_000;

describe.runIf(usingPostgres())('leader jobs on two instances', () => {
  let db: { url: string; drop: () => Promise<void> };
  let a: TestApp;
  let b: TestApp;
  let aClosed = false;

  beforeAll(async () => {
    db = await createTestDatabase();
    const overrides = {
      engines: true,
      databaseUrl: db.url,
      redisUrl: REDIS_URL,
      busNamespace: `test-${crypto.randomBytes(6).toString('hex')}:`,
      feed: { kind: 'simulated' as const, seed: 5, staleAfterMs: 30_000 },
      leaderRetryMs: RETRY_MS,
      nftTickMs: 300,
      loansTickMs: 300,
      smartTickMs: 300,
      candleFlushMs: 500,
      clock: () => WEDNESDAY + (Date.now() - started),
    };
    a = await buildTestApp(overrides);
    b = await buildTestApp(overrides);
  });
  afterAll(async () => {
    if (!aClosed) await a?.close();
    await b?.close();
    await db?.drop();
  });

  const leaders = (name: (typeof JOB_NAMES)[number]) =>
    [a, b].filter((t) => (t === a && aClosed ? false : t.app.jobs.isLeading(name)));

  it('leads every job on exactly one instance, the NFT auctions and the loans both', async () => {
    for (const name of JOB_NAMES) expect(leaders(name)).toHaveLength(1);
    // the shared table says the same, read on either instance, and every job has run
    await until(async () => (await b.app.jobs.list()).every((j) => j.lastRunAt !== null), 20_000, 'every job ran');
    const seen = await b.app.jobs.list();
    const ids = new Set([a.app.jobs.instanceId, b.app.jobs.instanceId]);
    for (const j of seen) {
      expect(ids.has(j.instance!)).toBe(true);
      expect(j.here).toBe(b.app.jobs.isLeading(j.name as (typeof JOB_NAMES)[number]));
    }
    const byName = new Map(seen.map((j) => [j.name, j]));
    expect(byName.get('nft-auctions')!.instance).not.toBeNull();
    expect(byName.get('loans-scheduler')!.instance).not.toBeNull();
    expect(a.app.nfts.schedulerRunning !== b.app.nfts.schedulerRunning).toBe(true);
    expect(a.app.loans.schedulerRunning !== b.app.loans.schedulerRunning).toBe(true);
  });

  it('hands every job over at once when the leading instance shuts down', async () => {
    const fromA = JOB_NAMES.filter((n) => a.app.jobs.isLeading(n));
    expect(fromA.length).toBeGreaterThan(0);
    const closing = Date.now();
    await a.close();
    aClosed = true;
    const waited = await until(() => JOB_NAMES.every((n) => b.app.jobs.isLeading(n)), 15_000, 'b leads every job');
    expect(Date.now() - closing).toBeLessThan(RETRY_MS);
    console.info(
      `handover of ${fromA.length} jobs: ${Date.now() - closing} ms from the close's start (${waited} ms after it returned)`,
    );
    await until(
      async () => (await b.app.jobs.list()).every((j) => j.instance === b.app.jobs.instanceId),
      10_000,
      'the table names b',
    );
    expect(b.app.nfts.schedulerRunning && b.app.loans.schedulerRunning).toBe(true);
  });
});
