/**
 * Where a signed-in read's time goes (npm run bench:profile). Not part of the test suite.
 *
 * For each database (the embedded default; PostgreSQL + Redis as in production, on a database
 * created for the run), one platform in this process with the bench customer of bench:http (20
 * open demo positions), and for each signed-in read: the queries one request sends, the CPU time
 * this process spends per request (app.inject, one request at a time, the platform's background
 * work, its CPU and its queries, measured apart for 3 s and taken off), and the parts: the session check alone, the JSON
 * serialisation of the answer, and for the positions page the view of one row. CPU time is what
 * caps the requests per second of a two-core machine, and it moves much less with a neighbour's
 * load than the wall clock does; PostgreSQL's own CPU is not in it (another process).
 *
 * Env: BENCH_REQUESTS (per path, default 300), BENCH_DATABASES (embedded,postgres),
 * BENCH_PG_ADMIN_URL, BENCH_REDIS_URL (as bench:http), SESSION_CACHE_SECONDS (0: the check in
 * the database on every request, as before issue 26).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { demoCustomer, loadAvg, runDatabase } from './benchPlatform.ts';

const N = Math.min(5000, Number(process.env.BENCH_REQUESTS ?? 300));
const DATABASES = (process.env.BENCH_DATABASES ?? 'embedded,postgres').split(',').map((s) => s.trim());
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

// every statement either driver sends, counted
let queries = 0;
for (const proto of [PGlite.prototype, pg.Client.prototype] as unknown as Array<Record<string, (...a: unknown[]) => unknown>>) {
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    queries++;
    return original.apply(this, args);
  };
}

const cpuMs = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};

interface Path {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  book: 'NO' | 'YES';
}
const PATHS: Path[] = [
  { name: 'getUserInfo', method: 'POST', url: '/swx/customer/user/getUserInfo', book: 'YES' },
  {
    name: 'listOptionsOrder (20 open)',
    method: 'GET',
    url: '/swx/customer/order/listOptionsOrder?pageNum=1&pageSize=20',
    book: 'NO',
  },
  { name: 'listRecharge', method: 'GET', url: '/swx/customer/user/listRecharge?pageNum=1&pageSize=20', book: 'YES' },
];

async function profile(db: string) {
  const { loadConfig } = await import('../server/config.ts');
  const { createPlatform } = await import('../server/start.ts');
  const { optionsOrders } = await import('../server/trading/schema.ts');
  const { findSessionUser } = await import('../server/auth/sessions.ts');
  const { positionView } = await import('../server/trading/view.ts');
  const { eq } = await import('drizzle-orm');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
  const env: Record<string, string> = { LOG_LEVEL: 'warn', FEED_SEED: '7' };
  if (process.env.SESSION_CACHE_SECONDS !== undefined) env.SESSION_CACHE_SECONDS = process.env.SESSION_CACHE_SECONDS;
  const database = await runDatabase(db, 'bench_profile');
  if (database.url) {
    env.DATABASE_URL = database.url;
    if (REDIS_URL) Object.assign(env, { REDIS_URL, BUS_NAMESPACE: `bench-profile-${crypto.randomBytes(4).toString('hex')}:` });
  }
  const app = await createPlatform(loadConfig(env, { dataDir, engines: true, staticDir: undefined }), {
    memoryDb: true,
    logger: false,
  });
  try {
    const user = await demoCustomer(app, 'prof', 'profile', 20);
    const token = user.token;
    // the platform's own background work (feed, candles, jobs) per ms of wall time, taken off below
    let c0 = process.cpuUsage();
    let w0 = performance.now();
    let q0 = queries;
    await new Promise((r) => setTimeout(r, 3000));
    const backgroundPerMs = cpuMs(c0) / (performance.now() - w0);
    const backgroundQueriesPerMs = (queries - q0) / (performance.now() - w0);
    const perRequest = (q: number, wall: number) => Math.max(0, q - backgroundQueriesPerMs * wall) / N;

    const cache = (app as unknown as { sessionCache?: { enabled: boolean; find: (t: string, now: number) => Promise<unknown> } })
      .sessionCache;
    const check = cache
      ? (t: string) => cache.find(t, app.clock.now())
      : (t: string) => findSessionUser(app.db, t, app.clock.now());
    for (let i = 0; i < 50; i++) await check(token);
    c0 = process.cpuUsage();
    w0 = performance.now();
    q0 = queries;
    for (let i = 0; i < N; i++) await check(token);
    const sessionWall = performance.now() - w0;
    const session = {
      cpuUs: ((cpuMs(c0) - backgroundPerMs * sessionWall) * 1000) / N,
      queries: perRequest(queries - q0, sessionWall),
    };

    const rows: string[] = [];
    for (const p of PATHS) {
      const req = () =>
        app.inject({
          method: p.method,
          url: p.url,
          headers: {
            authorization: token,
            virtually: p.book,
            ...(p.method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          payload: p.method === 'POST' ? '{}' : undefined,
        });
      const first = await req();
      if ((first.json() as { code: number }).code !== 200) throw new Error(`${p.name}: ${first.body.slice(0, 200)}`);
      for (let i = 0; i < 50; i++) await req();
      q0 = queries;
      c0 = process.cpuUsage();
      w0 = performance.now();
      for (let i = 0; i < N; i++) await req();
      const wall = performance.now() - w0;
      const cpuUs = ((cpuMs(c0) - backgroundPerMs * wall) * 1000) / N;
      const perReqQueries = perRequest(queries - q0, wall);
      // serialisation of the answer as the route's schema serialiser would see it (JSON.stringify as a stand-in)
      const payload = first.json();
      c0 = process.cpuUsage();
      for (let i = 0; i < N; i++) JSON.stringify(payload);
      const jsonUs = (cpuMs(c0) * 1000) / N;
      let rowUs = '';
      if (p.name.startsWith('listOptionsOrder')) {
        const orders = await app.db.select().from(optionsOrders).where(eq(optionsOrders.userId, user.id));
        const price = app.market.formatPrice(app.market.get('BTCUSDT')!);
        c0 = process.cpuUsage();
        for (let i = 0; i < N; i++) for (const o of orders) positionView(o, price);
        rowUs = ((cpuMs(c0) * 1000) / (N * orders.length)).toFixed(1);
      }
      rows.push(
        `| ${p.name} | ${db} | ${perReqQueries.toFixed(2)} | ${Math.round(cpuUs)} | ${(wall / N).toFixed(2)} | ${Math.round(session.cpuUs)} (${session.queries.toFixed(2)} queries) | ${Math.round(jsonUs)} | ${rowUs || '—'} | ${first.body.length} |`,
      );
    }
    return { rows, cache: cache?.enabled ? 'on' : 'off' };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

console.log(
  `bench:profile: ${N} requests per path, one at a time (app.inject), ${os.cpus().length} CPUs, node ${process.version}, load average ${loadAvg()}`,
);
const all: string[] = [];
const caches: string[] = [];
for (const db of DATABASES) {
  const r = await profile(db);
  all.push(...r.rows);
  caches.push(`${db} ${r.cache}`);
}
console.log(`\nsession cache: ${caches.join(', ')}; load average at the end ${loadAvg()}`);
console.log(
  "| read | database | queries / request | CPU µs / request (this process) | wall ms / request | session check alone, CPU µs | JSON of the answer, µs | one position row's view, µs | answer bytes |",
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of all) console.log(r);
process.exit(0);
