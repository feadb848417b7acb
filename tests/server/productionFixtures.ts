/**
 * Production-shape fixtures (docs/testing-production-shape.md): the environment of a production
 * deployment (NODE_ENV=production with its required delivery channel, operator account and KYC
 * key, PostgreSQL, Redis under a namespace of its own), the leader jobs and how to see which
 * instance runs each, a stand-in feed leader whose steps the tests choose, and waiting for facts.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { JOBS, jobOf, type JobName } from '../../server/domains.ts';
import { PRICE_CHANNEL } from '../../server/market/feed/engine.ts';
import type { BusTick } from '../../server/market/feed/feed.ts';
import { redisBus, type Bus } from '../../server/platform/bus/bus.ts';

import { waitFor } from './helpers.ts';

export { waitFor };

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * What an operator sets to run several instances in production (README, "Configuration"): a
 * channel for verification codes, the first operator, the document key every instance shares,
 * PostgreSQL and Redis. The namespace keeps this run's channels apart from any other test run on
 * the same Redis (user ids of two databases overlap); the short retry makes takeovers fast.
 */
export function productionEnv(databaseUrl: string, leaderRetryMs: number): Record<string, string> {
  return {
    NODE_ENV: 'production',
    CONSOLE_DELIVERY: 'true',
    OPERATOR_EMAIL: 'operator@example.test',
    OPERATOR_PASSWORD: `Op-${crypto.randomBytes(9).toString('base64url')}-7`,
    KYC_KEY: crypto.randomBytes(32).toString('base64'),
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    BUS_NAMESPACE: `prodshape-${crypto.randomBytes(6).toString('hex')}:`,
    LEADER_RETRY_MS: String(leaderRetryMs),
    LOG_LEVEL: 'silent',
    // the shape under test is two instances; operators' two-factor codes on money reviews (on by
    // default in production) are tested in twoFactor.test.ts, and these stories' operators have none
    OPERATOR_2FA_REQUIRED: 'false',
  };
}

/**
 * How a test counts the runs of a job on an instance: the service method each run calls (the
 * feed and the upload sweep have none a story can count: the feed is the test's stand-in, the
 * sweep runs hourly).
 */
const RUNS: Partial<Record<JobName, (app: FastifyInstance) => { target: object; method: string }>> = {
  'trading-triggers': (app) => ({ target: app.trading, method: 'settle' }),
  'smart-scheduler': (app) => ({ target: app.smart, method: 'runDue' }),
  'loans-scheduler': (app) => ({ target: app.loans, method: 'runDue' }),
  'nft-auctions': (app) => ({ target: app.nfts, method: 'runDue' }),
};

/** Every job one instance runs for all (declared by the domains' manifests, server/domains.ts). */
export const JOB_NAMES: readonly JobName[] = JOBS.map((j) => j.name);
export const MARKET_FEED_LOCK = jobOf('market-feed').lock;

/** Which of the instances lead each job: exactly one each is the rule. */
export function leadersOf(apps: readonly FastifyInstance[]): Record<JobName, number[]> {
  return Object.fromEntries(
    JOB_NAMES.map((name) => [name, apps.flatMap((app, i) => (app.jobs.isLeading(name) ? [i] : []))]),
  ) as Record<JobName, number[]>;
}

/**
 * Counts the calls of each job's run method on each instance (the method is wrapped in place; it
 * still runs), and those made while the instance did not lead the job (there must be none).
 */
export function countRuns(apps: readonly FastifyInstance[]): Partial<Record<JobName, { runs: number[]; notLeading: number[] }>> {
  const counts: Partial<Record<JobName, { runs: number[]; notLeading: number[] }>> = {};
  for (const [name, runsOf] of Object.entries(RUNS) as Array<[JobName, NonNullable<(typeof RUNS)[JobName]>]>) {
    const c = (counts[name] = { runs: apps.map(() => 0), notLeading: apps.map(() => 0) });
    apps.forEach((app, i) => {
      const { target, method } = runsOf(app);
      const t = target as Record<string, (...args: unknown[]) => unknown>;
      const original = t[method].bind(target);
      t[method] = (...args: unknown[]) => {
        c.runs[i]++;
        if (!app.jobs.isLeading(name)) c.notLeading[i]++;
        return original(...args);
      };
    });
  }
  return counts;
}

/**
 * Watches who leads each job, every 20 ms, and counts how often each changed hands (a leader
 * whose event loop stalls past its lock check lets go, and another takes over): for the report.
 */
export function watchLeaders(apps: readonly FastifyInstance[]) {
  const changes = Object.fromEntries(JOB_NAMES.map((n) => [n, 0])) as Record<JobName, number>;
  let last = leadersOf(apps);
  const timer = setInterval(() => {
    const now = leadersOf(apps);
    for (const n of JOB_NAMES) if (now[n].join() !== last[n].join()) changes[n]++;
    last = now;
  }, 20);
  timer.unref();
  return { changes, stop: () => clearInterval(timer) };
}

/** The instance (hostname:pid:…) that leads each job, from the jobs table every instance writes (server/platform/jobs/board.ts). */
export async function jobRows(client: pg.Client): Promise<Record<string, string | null>> {
  const r = await client.query<{ name: string; instance: string | null }>('select name, instance from platform_jobs');
  return Object.fromEntries(r.rows.map((x) => [x.name, x.instance]));
}

/** Advisory locks held in this database, by lock id (the key as a bigint's low half). */
export async function heldLocks(client: pg.Client): Promise<number[]> {
  const r = await client.query<{ id: string }>(
    `select objid::text as id from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and a.datname = current_database()`,
  );
  return r.rows.map((x) => Number(x.id)).sort((a, b) => a - b);
}

/**
 * The test as the market feed's leader: it holds the feed's advisory lock (so neither instance
 * runs the simulator) and publishes feed steps on the bus as the leader would, with the prices
 * the test chooses. Both instances apply each step, the trigger engine's leader acts on it.
 * `handOver` releases the lock: one instance takes the feed over.
 */
export async function standInFeed(databaseUrl: string, namespace: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('select pg_advisory_lock($1)', [MARKET_FEED_LOCK]);
  const bus: Bus = redisBus(REDIS_URL, namespace);
  let released = false;
  return {
    client,
    /** One feed step at `time`: each code at its price; resolves once every instance applied it. */
    async step(apps: readonly FastifyInstance[], time: number, prices: Record<string, number>) {
      const msg: BusTick[] = Object.entries(prices).map(([code, price]) => ({
        code,
        price: price.toFixed(apps[0].market.get(code)!.info.pricePrecision),
        change24hPct: 0,
        t: time,
        v: 0,
      }));
      await bus.publish(PRICE_CHANNEL, msg);
      await waitFor(
        `feed step at ${time} applied by every instance`,
        () => apps.every((app) => Object.keys(prices).every((c) => app.market.get(c)!.time === time)),
        5000,
      );
    },
    async handOver() {
      if (released) return;
      released = true;
      await client.query('select pg_advisory_unlock($1)', [MARKET_FEED_LOCK]);
    },
    async close() {
      await bus.close();
      await client.end();
    },
  };
}
