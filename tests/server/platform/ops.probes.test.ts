import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { Err } from '../../../src/contract/errors.ts';
import { JOB_NAMES } from '../../../server/domains.ts';
import { body, useTestApp, usingPostgres } from '../helpers.ts';
import { createUser } from '../wallet/walletFixtures.ts';

/**
 * The operator's probes (docs/deployment.md): /healthz, /readyz (503 while this instance cannot
 * serve, 200 again once it can) and /metrics behind its token. Runs on PGlite and PostgreSQL.
 */
const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`not reached in ${ms} ms: ${JSON.stringify(v)}`);
    await sleep(100);
  }
}

describe('probes and metrics', () => {
  const t = useTestApp({ metricsToken: 'scrape-me' });

  it('/healthz answers while the process lives', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
  });

  it('/readyz is 200 with every check and the jobs table', async () => {
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.ready).toBe(true);
    expect(Object.keys(r.checks).sort()).toEqual(['accepting', 'database', 'feed', 'migrations', 'redis']);
    expect(r.jobs.map((j: { name: string }) => j.name)).toEqual(JOB_NAMES);
    expect(r.instance).toBe(t.app.jobs.instanceId);
  });

  it('/readyz is 503 while the feed is silent and 200 again once prices arrive', async () => {
    const market = t.app.market;
    // as if the engine ran and no instrument whose market is open had a price for FEED_STALE_MS
    const seen = market.state.list.map((q) => q.seenAt);
    market.feedExpected = true;
    for (const q of market.state.list) q.seenAt = market.now() - market.staleAfterMs - 60_000;
    try {
      const res = await t.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.feed.ok).toBe(false);
      expect(res.json().checks.database.ok).toBe(true);
      // prices again
      for (const q of market.state.list) q.seenAt = market.now();
      expect((await t.app.inject('/readyz')).statusCode).toBe(200);
    } finally {
      market.feedExpected = false;
      market.state.list.forEach((q, i) => (q.seenAt = seen[i]!));
    }
  });

  it('/readyz is 503 once shutdown begins (draining), so the proxy sends new requests elsewhere', async () => {
    t.app.readiness.draining = true; // what the preClose hook sets
    try {
      const res = await t.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.accepting).toEqual({ ok: false, detail: 'shutting down' });
    } finally {
      t.app.readiness.draining = false;
    }
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('/metrics refuses without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong', 'scrape-me', 'Bearer scrape-me2']) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(body(res).code).toBe(Err.METRICS_TOKEN_REQUIRED);
      expect(res.body).not.toMatch(/http_requests_total/);
    }
  });

  it('/metrics serves Prometheus text with the token', async () => {
    await t.app.inject('/swx/customer/index/listMarketByType?type=crypto&pageSize=1');
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-me' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/swx\/customer\/index\/listMarketByType",status="200"\} 1/);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/swx\/customer\/index\/listMarketByType"\}/,
    );
    for (const name of [
      'ledger_transfers',
      'ws_clients',
      'trading_trigger_lag_seconds_count',
      'job_leader{job="nft-auctions"}',
      'process_resident_memory_bytes',
    ]) {
      expect(text).toContain(name);
    }
    expect(text).toMatch(/^ledger_transfers \d+$/m);
    expect(text).toMatch(/^trading_open_positions\{book="real"\} 0$/m);
    if (usingPostgres()) expect(text).toMatch(/^db_pool_connections\{state="total"\} \d+$/m);
  });
});

describe('jobs recorded per job', () => {
  const t = useTestApp({
    engines: true,
    nftTickMs: 200,
    loansTickMs: 200,
    smartTickMs: 200,
    candleFlushMs: 300,
    metricsToken: 'm',
    leaderRetryMs: 300,
  });

  it('records for every job the instance that leads it, its last run and duration; the console and /readyz show them', async () => {
    const me = t.app.jobs.instanceId;
    const jobs = await until(
      async () => (await t.app.inject('/readyz')).json().jobs as Array<Record<string, unknown>>,
      (js) =>
        js.length === JOB_NAMES.length && js.every((j) => j.instance === me && j.lastRunAt !== null && j.lastDurationMs !== null),
      45_000,
    );
    for (const j of jobs) {
      expect(j.here).toBe(true);
      expect(j.lastError).toBeNull();
      expect(Date.parse(String(j.leaderSince))).toBeLessThanOrEqual(Date.parse(String(j.lastRunAt)) + 1000);
    }
    // the operator console reads the same table; customers are refused
    const op = await createUser(t.app, 'operator');
    const answer = body(await t.app.inject({ url: '/admin-api/jobs', headers: { authorization: op.token } }));
    expect(answer.code).toBe(200);
    expect(answer.result.instance).toBe(me);
    expect(answer.result.jobs.map((j: { name: string; instance: string }) => [j.name, j.instance])).toEqual(
      JOB_NAMES.map((n) => [n, me]),
    );
    const customer = await createUser(t.app);
    expect(body(await t.app.inject({ url: '/admin-api/jobs', headers: { authorization: customer.token } })).code).toBe(
      Err.OPERATOR_ONLY,
    );

    const text = (await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer m' } })).body;
    for (const name of JOB_NAMES) {
      expect(text).toMatch(new RegExp(`^job_leader\\{job="${name}"\\} 1$`, 'm'));
      expect(text).toMatch(new RegExp(`^job_last_run_timestamp_seconds\\{job="${name}"\\} \\d`, 'm'));
      expect(text).toMatch(new RegExp(`^job_last_run_duration_seconds\\{job="${name}"\\} \\d`, 'm'));
    }
  });
});

describe.runIf(usingPostgres())('readiness while PostgreSQL is unreachable', () => {
  const t = useTestApp();

  it('/readyz is 503 while the database refuses connections and 200 again once it accepts them', async () => {
    const name = new URL(t.config.databaseUrl!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    try {
      // the database goes away: no new connections, and those open are cut
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
        name,
      ]);
      const down = await until(
        async () => t.app.inject('/readyz'),
        (r) => r.statusCode === 503,
      );
      expect(down.json().checks.database.ok).toBe(false);
      expect(down.json().jobs).toEqual([]);
      // the liveness probe does not care
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    const up = await until(
      async () => t.app.inject('/readyz'),
      (r) => r.statusCode === 200,
    );
    expect(up.json().checks.database.ok).toBe(true);
    expect(up.json().jobs).toHaveLength(JOB_NAMES.length);
  });
});
