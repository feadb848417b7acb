/**
 * Production-shape fixtures (docs/testing-production-shape.md): the environment of a production
 * deployment (NODE_ENV=production with its required delivery channel, operator account and KYC
 * key, PostgreSQL, Redis under a namespace of its own), the leader jobs and how to see which
 * instance runs each, a stand-in feed leader whose steps the tests choose, and waiting for facts.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { MARKET_LEADER_LOCK } from '../../server/market/leadership/leader.ts';
import { LOANS_LEADER_LOCK } from '../../server/loans/engine.ts';
import { NFT_LEADER_LOCK } from '../../server/nfts/engine.ts';
import { SMART_LEADER_LOCK } from '../../server/smart/engine.ts';
import { TRADING_LEADER_LOCK } from '../../server/trading/engine.ts';
import { PRICE_CHANNEL } from '../../server/market/feed/engine.ts';
import type { BusTick } from '../../server/market/feed/feed.ts';
import { redisBus, type Bus } from '../../server/notify/bus.ts';

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
  };
}

/**
 * Every job one instance runs for all (the holder of its advisory lock), and how an instance
 * shows that it runs it. `runs` names the service method each run calls, so a test can count
 * the runs of each instance.
 */
export interface LeaderJob {
  name: string;
  /** The module its election logs under (the market feed's logs under none). */
  module: string;
  lock: number;
  leads: (app: FastifyInstance) => boolean;
  runs?: (app: FastifyInstance) => { target: object; method: string };
}

export const LEADER_JOBS: readonly LeaderJob[] = [
  { name: 'market feed', module: 'market-feed', lock: MARKET_LEADER_LOCK, leads: (app) => app.market.writer !== undefined },
  { name: 'trading triggers', module: 'trading-engine', lock: TRADING_LEADER_LOCK, leads: (app) => app.trading.engine !== undefined, runs: (app) => ({ target: app.trading, method: 'settle' }) },
  { name: 'smart payouts', module: 'smart-scheduler', lock: SMART_LEADER_LOCK, leads: (app) => app.smart.schedulerRunning, runs: (app) => ({ target: app.smart, method: 'runDue' }) },
  { name: 'loan scheduler', module: 'loans-scheduler', lock: LOANS_LEADER_LOCK, leads: (app) => app.loans.schedulerRunning, runs: (app) => ({ target: app.loans, method: 'runDue' }) },
  { name: 'NFT auctions', module: 'nft-scheduler', lock: NFT_LEADER_LOCK, leads: (app) => app.nfts.schedulerRunning, runs: (app) => ({ target: app.nfts, method: 'runDue' }) },
];

/** Which of the instances lead each job: exactly one each is the rule. */
export function leadersOf(apps: readonly FastifyInstance[]): Record<string, number[]> {
  return Object.fromEntries(LEADER_JOBS.map((j) => [j.name, apps.flatMap((app, i) => (j.leads(app) ? [i] : []))]));
}

/**
 * Counts the calls of each job's run method on each instance (the method is wrapped in place; it
 * still runs), and those made while the instance did not lead the job (there must be none).
 */
export function countRuns(apps: readonly FastifyInstance[]): Record<string, { runs: number[]; notLeading: number[] }> {
  const counts: Record<string, { runs: number[]; notLeading: number[] }> = {};
  for (const job of LEADER_JOBS) {
    if (!job.runs) continue;
    const c = (counts[job.name] = { runs: apps.map(() => 0), notLeading: apps.map(() => 0) });
    apps.forEach((app, i) => {
      const { target, method } = job.runs!(app);
      const t = target as Record<string, (...args: unknown[]) => unknown>;
      const original = t[method].bind(target);
      t[method] = (...args: unknown[]) => {
        c.runs[i]++;
        if (!job.leads(app)) c.notLeading[i]++;
        return original(...args);
      };
    });
  }
  return counts;
}

/**
 * Watches who leads each job, every 20 ms: `overlaps` lists the moments two instances led the
 * same job (there must be none), `changes` how often each job changed hands (a leader whose
 * event loop stalls past its lock check lets go, and another takes over: allowed, and counted).
 */
export function watchLeaders(apps: readonly FastifyInstance[]) {
  const overlaps: string[] = [];
  const changes: Record<string, number> = Object.fromEntries(LEADER_JOBS.map((j) => [j.name, 0]));
  let last = leadersOf(apps);
  const timer = setInterval(() => {
    const now = leadersOf(apps);
    for (const j of LEADER_JOBS) {
      if (now[j.name].length > 1) overlaps.push(`${j.name}: ${now[j.name].join(', ')}`);
      if (now[j.name].join() !== last[j.name].join()) changes[j.name]++;
    }
    last = now;
  }, 20);
  timer.unref();
  return { overlaps, changes, stop: () => clearInterval(timer) };
}

/**
 * The jobs an instance in a child process was elected to run, from its log (pino JSON lines):
 * each election logs "elected ... leader" under the job's module.
 */
export function electedJobs(log: string): string[] {
  const elected = new Set<string>();
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { msg?: unknown; module?: unknown };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof entry.msg !== 'string' || !/^elected .*leader$/.test(entry.msg)) continue;
    const module = typeof entry.module === 'string' ? entry.module : 'market-feed';
    const job = LEADER_JOBS.find((j) => j.module === module);
    if (job) elected.add(job.name);
  }
  return LEADER_JOBS.map((j) => j.name).filter((n) => elected.has(n));
}

/** Polls `cond` until it holds (or returns a truthy value); fails after `ms` with `what`. */
export async function waitFor<T>(what: string, cond: () => T | Promise<T>, ms = 20_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await cond();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`not met within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Advisory locks held in this database, by lock id (the key as a bigint's low half). */
export async function heldLocks(client: pg.Client): Promise<number[]> {
  const r = await client.query<{ id: string }>(
    `select objid::text as id from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and a.datname = current_database()`);
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
  await client.query('select pg_advisory_lock($1)', [MARKET_LEADER_LOCK]);
  const bus: Bus = redisBus(REDIS_URL, namespace);
  let released = false;
  return {
    client,
    /** One feed step at `time`: each code at its price; resolves once every instance applied it. */
    async step(apps: readonly FastifyInstance[], time: number, prices: Record<string, number>) {
      const msg: BusTick[] = Object.entries(prices).map(([code, price]) => ({
        code, price: price.toFixed(apps[0].market.get(code)!.info.pricePrecision), change24hPct: 0, t: time, v: 0,
      }));
      await bus.publish(PRICE_CHANNEL, msg);
      await waitFor(`feed step at ${time} applied by every instance`, () => apps.every((app) => Object.keys(prices).every((c) => app.market.get(c)!.time === time)), 5000);
    },
    async handOver() {
      if (released) return;
      released = true;
      await client.query('select pg_advisory_unlock($1)', [MARKET_LEADER_LOCK]);
    },
    async close() {
      await bus.close();
      await client.end();
    },
  };
}
