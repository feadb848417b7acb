/**
 * HTTP read benchmark (npm run bench:http). Not part of the test suite; loopback only.
 *
 * Servers, each in a child process of its own, measured by autocannon from this process:
 *   - platform on the embedded default (createPlatform on in-memory PGlite, the simulated feed of
 *     the whole catalogue stepping once a second, the built app from dist/ when there is one);
 *   - platform on PostgreSQL + Redis, the production shape (a database created for the run and
 *     dropped after it, or BENCH_DATABASE_URL as it is), unless BENCH_DATABASES leaves it out;
 *   - bare: Fastify with one route answering {"hello":"world"}, the reference.
 * Each platform has one signed-in customer with 20 open demo positions (the page of
 * listOptionsOrder) and the public reads; the signed-in paths run on both databases, the public
 * ones on the embedded default only (they do not read the database per request).
 * For ROUNDS rounds, each path is measured right after a measurement of the bare server, and the
 * pair gives that round's ratio: this machine's speed drifts by a third within a minute (a
 * neighbour's load, the sandbox's own), so a path compared with a bare figure taken moments
 * before is compared under the same conditions. On PostgreSQL, `pgbench -S` (select-only, one
 * primary-key read per transaction, as many clients as connections) on the same server is the
 * physical reference of a one-query read, measured once per round. The table gives the medians.
 *
 * Env: BENCH_DURATION_S (per measurement, default 3), BENCH_ROUNDS (default 5),
 * BENCH_CONNECTIONS (default 32), BENCH_PATHS (comma-separated name prefixes, default all),
 * BENCH_DATABASES (embedded,postgres: default both), BENCH_PG_ADMIN_URL (default
 * postgresql://postgres@127.0.0.1:5432/postgres), BENCH_DATABASE_URL (an existing database
 * instead of a fresh one, e.g. a seeded one: bench/seed.ts), BENCH_REDIS_URL (default
 * redis://127.0.0.1:6379; empty: no Redis, the sessions are then checked in the database on
 * every request), BENCH_PGBENCH (pgbench binary, default `pgbench`), BENCH_CPU_PROF (a folder: each
 * platform server writes a V8 CPU profile there), SESSION_CACHE_SECONDS (passed to
 * the platforms: 0 checks every session in the database, as before the session cache),
 * USER_READ_CACHE_SECONDS (passed to the platforms: 0 reads getUserInfo and the pages from the
 * database at every request, as before the user reads were kept in memory), BENCH_SEEDED_URL (a
 * seeded database, bench/seed.ts: instead of the above, the data-growth comparison, `growth`).
 */
import crypto from 'node:crypto';
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { demoCustomer } from './benchPlatform.ts';
import { dbUrl, admin } from './pgAdmin.ts';

const run = promisify(execFile);
const DURATION = Math.min(30, Number(process.env.BENCH_DURATION_S ?? 3));
const ROUNDS = Math.min(9, Number(process.env.BENCH_ROUNDS ?? 5));
const CONNECTIONS = Math.min(256, Number(process.env.BENCH_CONNECTIONS ?? 32));
const DATABASES = (process.env.BENCH_DATABASES ?? 'embedded,postgres').split(',').map((s) => s.trim()) as DbKind[];
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PGBENCH = process.env.BENCH_PGBENCH ?? 'pgbench';
/** Open demo positions of the bench customer: one page of listOptionsOrder. */
const POSITIONS = 20;

type DbKind = 'embedded' | 'postgres';
interface Ready {
  port: number;
  token?: string;
  operatorToken?: string;
  sessionCache?: string;
  userReads?: string;
}

// ---------------------------------------------------------------- servers (child processes)

/**
 * The bench customer (bench/benchPlatform.ts: POSITIONS open demo positions), and an operator
 * with a full first page in the deposit queue.
 */
async function benchCustomer(
  app: Awaited<ReturnType<typeof import('../server/start.ts').createPlatform>>,
): Promise<{ token: string; operatorToken: string }> {
  const { users } = await import('../server/platform/identity/schema.ts');
  const { createSession } = await import('../server/auth/sessions.ts');
  const { token, tag } = await demoCustomer(app, 'bench', 'http', POSITIONS);
  // an operator, for the deposit queue
  const [op] = await app.db
    .insert(users)
    .values({ username: `bench_op_${tag}`, inviteCode: `BOP${tag}`.toUpperCase(), role: 'operator' })
    .returning({ id: users.id });
  const operatorToken = await createSession(app.db, op.id, 3600_000, { now: app.clock.now() });
  // a full first page in the operator's pending queue on any database (on an empty one it was
  // empty, on the seeded one 20 rows: the data-growth comparison was not like for like)
  const { sql } = await import('drizzle-orm');
  const [queued] = await app.db
    .insert(users)
    .values({ username: `bench_q_${tag}`, inviteCode: `BQ${tag}`.toUpperCase() })
    .returning({ id: users.id });
  await app.db
    .execute(sql`insert into deposits (user_id, coin, network, amount, tx_hash, tx_hash_key, proof_last6, proof_file, proof_mime, status)
    select ${queued.id}, 'USDT', 'TRC20', 100, ${`benchtx${tag}`} || g, ${`benchtx${tag}`} || g, lpad(g::text, 6, '0'), ${`proof/bench-${tag}-`} || g, 'image/png', 'pending'
    from generate_series(1, 20) g`);
  return { token, operatorToken };
}

async function platformServer(kind: DbKind): Promise<{
  port: number;
  token: string;
  operatorToken: string;
  sessionCache: string;
  userReads: string;
  close: () => Promise<unknown>;
}> {
  const { loadConfig } = await import('../server/config.ts');
  const { createPlatform } = await import('../server/start.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-http-'));
  const staticDir = path.resolve('dist');
  const env: Record<string, string> = { LOG_LEVEL: 'warn', FEED_SEED: '7' };
  // SESSION_CACHE_SECONDS=0 measures the check in the database on every request (as before issue 26)
  if (process.env.SESSION_CACHE_SECONDS !== undefined) env.SESSION_CACHE_SECONDS = process.env.SESSION_CACHE_SECONDS;
  // USER_READ_CACHE_SECONDS=0 reads every signed-in page from the database (as before they were kept)
  if (process.env.USER_READ_CACHE_SECONDS !== undefined) env.USER_READ_CACHE_SECONDS = process.env.USER_READ_CACHE_SECONDS;
  if (kind === 'postgres') {
    env.DATABASE_URL = process.env.BENCH_CHILD_DATABASE_URL!;
    if (REDIS_URL) Object.assign(env, { REDIS_URL, BUS_NAMESPACE: `bench-http-${crypto.randomBytes(4).toString('hex')}:` });
  }
  const config = loadConfig(env, {
    dataDir,
    engines: true,
    staticDir: fs.existsSync(path.join(staticDir, 'index.html')) ? staticDir : undefined,
  });
  const app = await createPlatform(config, { memoryDb: true, logger: false });
  const { token, operatorToken } = await benchCustomer(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const sessionCache = (app as unknown as { sessionCache?: { enabled: boolean } }).sessionCache?.enabled ? 'on' : 'off';
  const userReads = (app as unknown as { userReads?: { enabled: boolean } }).userReads?.enabled ? 'on' : 'off';
  return {
    port: (app.server.address() as { port: number }).port,
    token,
    operatorToken,
    sessionCache,
    userReads,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function bareServer(): Promise<{ port: number; close: () => Promise<unknown> }> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as { port: number }).port, close: () => app.close() };
}

async function runChild(kind: string) {
  const server: {
    port: number;
    token?: string;
    operatorToken?: string;
    sessionCache?: string;
    userReads?: string;
    close: () => Promise<unknown>;
  } = kind === 'bare' ? await bareServer() : await platformServer(kind as DbKind);
  process.on('message', async (m: { cmd: string }) => {
    if (m.cmd === 'stop') {
      await server.close();
      process.exit(0);
    }
  });
  process.send!({
    port: server.port,
    token: server.token,
    operatorToken: server.operatorToken,
    sessionCache: server.sessionCache,
    userReads: server.userReads,
  } satisfies Ready);
}

function start(kind: DbKind | 'bare', env: Record<string, string> = {}): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(fileURLToPath(import.meta.url), ['--child', kind], {
    // BENCH_CPU_PROF=<dir>: each platform server writes a V8 CPU profile there when stopped
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF && kind !== 'bare' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (ready: Ready) => resolve({ child, ready }));
    child.once('exit', (code) => reject(new Error(`${kind} server exited (${code})`)));
  });
}

async function stop(child: ChildProcess) {
  child.removeAllListeners('exit');
  child.send({ cmd: 'stop' });
  await new Promise((r) => child.once('exit', r));
}

// ---------------------------------------------------------------- load (this process)

interface Target {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  auth?: boolean;
  /** Demo book (the positions are demo ones); the other signed-in paths ask for the real book. */
  demo?: boolean;
  /** Signed in as the bench operator (the operator queues). */
  operator?: boolean;
  /** Only when the service serves the built app. */
  needsBuild?: boolean;
}

const I = '/swx/customer/index';
const TARGETS: Target[] = [
  { name: 'homeFigures', path: `${I}/homeFigures` },
  { name: 'marketStats', path: `${I}/marketStats` },
  { name: 'market list (20 rows)', path: `${I}/listMarketByType?pageNum=1&pageSize=20` },
  { name: 'listContents/2', path: `${I}/listContents/2` },
  { name: 'getPrice/bitcoin', path: `${I}/getPrice/bitcoin` },
  { name: '/ (index.html)', path: '/', needsBuild: true },
  { name: 'getUserInfo (signed in)', method: 'POST', path: '/swx/customer/user/getUserInfo', auth: true },
  {
    name: `listOptionsOrder (signed in, page of ${POSITIONS} open)`,
    path: `/swx/customer/order/listOptionsOrder?pageNum=1&pageSize=${POSITIONS}`,
    auth: true,
    demo: true,
  },
  { name: 'listRecharge (signed in)', path: '/swx/customer/user/listRecharge?pageNum=1&pageSize=20', auth: true },
  {
    name: 'operator deposit queue (pending, page of 20)',
    path: '/admin-api/deposits?status=pending&pageNum=1&pageSize=20',
    auth: true,
    operator: true,
  },
];

/** What the issue asks of a signed-in read (issue 26): ratio to the bare server per database, and p99. */
const SIGNED_IN_TARGET: Record<DbKind, number> = { embedded: 0.05, postgres: 0.15 };
const P99_TARGET_MS = 50;

interface Sample {
  reqPerSec: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytesPerReq: number;
}

async function load(port: number, p: string, headers: Record<string, string>, method: 'GET' | 'POST' = 'GET'): Promise<Sample> {
  const r = await autocannon({
    url: `http://127.0.0.1:${port}${p}`,
    method,
    headers,
    connections: CONNECTIONS,
    duration: DURATION,
    // POST without a body: getUserInfo takes none
    ...(method === 'POST' ? { body: '{}', headers: { ...headers, 'content-type': 'application/json' } } : {}),
  });
  return {
    reqPerSec: r.requests.average,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    bytesPerReq: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** pgbench -S: select-only transactions per second on `url`, CONNECTIONS clients, DURATION seconds. */
async function pgbenchSelect(url: string): Promise<{ tps: number; latencyMs: number }> {
  const { stdout } = await run(PGBENCH, ['-n', '-S', '-c', String(CONNECTIONS), '-j', '2', '-T', String(DURATION), url], {
    maxBuffer: 1 << 20,
  });
  const tps = /tps = ([\d.]+)/.exec(stdout);
  const lat = /latency average = ([\d.]+) ms/.exec(stdout);
  if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return { tps: Number(tps[1]), latencyMs: lat ? Number(lat[1]) : NaN };
}

/** A path's request headers on `platform`: the bench customer's or operator's session where it needs one. */
const headersFor = (platform: Ready, t: Target): Record<string, string> => ({
  lang: 'en',
  ...(t.auth ? { authorization: t.operator ? platform.operatorToken! : platform.token!, virtually: t.demo ? 'NO' : 'YES' } : {}),
});

/** Every path answers successfully before it is measured (a refusal is fast and would flatter). */
async function checkAnswers(db: string, platform: Ready, targets: Target[]): Promise<void> {
  for (const t of targets) {
    const res = await fetch(`http://127.0.0.1:${platform.port}${t.path}`, {
      method: t.method ?? 'GET',
      headers: { ...headersFor(platform, t), ...(t.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      body: t.method === 'POST' ? '{}' : undefined,
    });
    const text = await res.text();
    const code = t.needsBuild ? 200 : (JSON.parse(text) as { code: number }).code;
    if (res.status !== 200 || code !== 200) throw new Error(`${t.name} (${db}): HTTP ${res.status}, ${text.slice(0, 200)}`);
  }
}

interface Row {
  db: DbKind;
  target: Target;
  rounds: Array<{ sample: Sample; ratio: number; pgbench?: number }>;
}

async function measure(
  db: DbKind,
  platform: { ready: Ready },
  bare: { ready: Ready },
  targets: Target[],
  pgbenchUrl?: string,
): Promise<{ rows: Row[]; bare: Sample[]; pgbench: Array<{ tps: number; latencyMs: number }> }> {
  const headers = (t: Target) => headersFor(platform.ready, t);
  await checkAnswers(db, platform.ready, targets);
  // warm up both (JIT, the platform's first rings and caches, the pool's connections)
  await load(bare.ready.port, '/', {});
  for (const t of targets) await load(platform.ready.port, t.path, headers(t), t.method);

  const bareSamples: Sample[] = [];
  const pgbench: Array<{ tps: number; latencyMs: number }> = [];
  const rows: Row[] = targets.map((target) => ({ db, target, rounds: [] }));
  for (let round = 1; round <= ROUNDS; round++) {
    let pgb: number | undefined;
    if (pgbenchUrl) {
      const r = await pgbenchSelect(pgbenchUrl);
      pgbench.push(r);
      pgb = r.tps;
      console.log(`round ${round} (${db}): pgbench -S ${Math.round(r.tps)} TPS, latency average ${r.latencyMs} ms`);
    }
    for (const row of rows) {
      const t = row.target;
      const b = await load(bare.ready.port, '/', {});
      bareSamples.push(b);
      const s = await load(platform.ready.port, t.path, headers(t), t.method);
      row.rounds.push({ sample: s, ratio: s.reqPerSec / b.reqPerSec, pgbench: pgb });
      console.log(
        `round ${round} (${db}): ${t.name} ${Math.round(s.reqPerSec)} req/s, p99 ${s.p99} ms${s.non2xx || s.errors ? `, ${s.non2xx} non-2xx, ${s.errors} errors` : ''}; bare just before ${Math.round(b.reqPerSec)} req/s; ratio ${(s.reqPerSec / b.reqPerSec).toFixed(3)}`,
      );
    }
  }
  return { rows, bare: bareSamples, pgbench };
}

/**
 * Data growth (BENCH_SEEDED_URL set): the signed-in paths on two PostgreSQL platforms at once, one
 * on a fresh database and one on the seeded database (bench/seed.ts), measured back to back in each
 * round (which goes first alternates), so both p99s of a pair are taken under the same conditions.
 * The bound (issue 26 item 6): the seeded p99 within 1.5× of the empty one.
 */
async function growth(seededUrl: string, targets: Target[]): Promise<void> {
  const suffix = `${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const emptyDb = `bench_http_${suffix}`;
  await admin(`CREATE DATABASE ${emptyDb}`);
  try {
    const empty = await start('postgres', { BENCH_CHILD_DATABASE_URL: dbUrl(emptyDb) });
    try {
      const seeded = await start('postgres', { BENCH_CHILD_DATABASE_URL: seededUrl });
      try {
        const headers = (platform: { ready: Ready }, t: Target) => headersFor(platform.ready, t);
        const sides = { empty, seeded };
        for (const [name, side] of Object.entries(sides)) await checkAnswers(`postgres, ${name}`, side.ready, targets);
        for (const t of targets)
          for (const side of Object.values(sides)) await load(side.ready.port, t.path, headers(side, t), t.method);
        const pairs = targets.map(() => [] as Array<{ empty: Sample; seeded: Sample }>);
        for (let round = 1; round <= ROUNDS; round++) {
          for (const [i, t] of targets.entries()) {
            const order: Array<'empty' | 'seeded'> = round % 2 ? ['empty', 'seeded'] : ['seeded', 'empty'];
            const got: Partial<Record<'empty' | 'seeded', Sample>> = {};
            for (const side of order) got[side] = await load(sides[side].ready.port, t.path, headers(sides[side], t), t.method);
            pairs[i].push(got as { empty: Sample; seeded: Sample });
            console.log(
              `round ${round}: ${t.name}: empty ${Math.round(got.empty!.reqPerSec)} req/s p99 ${got.empty!.p99} ms, seeded ${Math.round(got.seeded!.reqPerSec)} req/s p99 ${got.seeded!.p99} ms`,
            );
          }
        }
        console.log(`
Data growth, PostgreSQL + Redis, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s, load average at the end ${os
          .loadavg()
          .map((x) => x.toFixed(1))
          .join(', ')}`);
        console.log(
          '| path | empty req/s | p99 ms | seeded req/s | p99 ms | bytes/answer (empty, seeded) | p99 seeded ÷ empty (median of pairs, range) | within 1.5× |',
        );
        console.log('|---|---|---|---|---|---|---|---|');
        for (const [i, t] of targets.entries()) {
          const ps = pairs[i];
          const ratios = ps.map((p) => p.seeded.p99 / Math.max(1, p.empty.p99));
          const m = (pick: (p: { empty: Sample; seeded: Sample }) => number) => median(ps.map(pick));
          const bad = ps.reduce((n, p) => n + p.empty.non2xx + p.empty.errors + p.seeded.non2xx + p.seeded.errors, 0);
          console.log(
            `| ${t.name} | ${Math.round(m((p) => p.empty.reqPerSec))} | ${m((p) => p.empty.p99)} | ${Math.round(m((p) => p.seeded.reqPerSec))} | ${m((p) => p.seeded.p99)} | ${m((p) => p.empty.bytesPerReq)}, ${m((p) => p.seeded.bytesPerReq)} | ${fmtRatio(ratios)}${bad ? ` (${bad} failed)` : ''} | ${median(ratios) <= 1.5 ? 'yes' : 'no'} |`,
          );
        }
      } finally {
        await stop(seeded.child);
      }
    } finally {
      await stop(empty.child);
    }
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${emptyDb} WITH (FORCE)`);
  }
}

const fmtRatio = (xs: number[]) => `${median(xs).toFixed(3)}× (${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)})`;

async function main() {
  const only = process.env.BENCH_PATHS?.split(',').map((s) => s.trim());
  const load1 = os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(', ');
  console.log(
    `bench:http: ${CONNECTIONS} connections, ${DURATION} s per measurement, ${ROUNDS} rounds, loopback, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), node ${process.version}, load average ${load1}`,
  );
  const hasBuild = fs.existsSync(path.resolve('dist/index.html'));
  const chosen = TARGETS.filter((t) => (!only || only.some((o) => t.name.startsWith(o))) && (!t.needsBuild || hasBuild));
  if (process.env.BENCH_SEEDED_URL) {
    await growth(
      process.env.BENCH_SEEDED_URL,
      chosen.filter((t) => t.auth),
    );
    return;
  }
  const bare = await start('bare');
  const results: Awaited<ReturnType<typeof measure>>[] = [];
  const sessionCache: Partial<Record<DbKind, string>> = {};
  try {
    for (const db of DATABASES) {
      const targets = db === 'embedded' ? chosen : chosen.filter((t) => t.auth);
      if (targets.length === 0) continue;
      if (db === 'embedded') {
        const platform = await start('embedded');
        sessionCache.embedded = `${platform.ready.sessionCache}, user reads ${platform.ready.userReads}`;
        try {
          results.push(await measure(db, platform, bare, targets));
        } finally {
          await stop(platform.child);
        }
        continue;
      }
      // PostgreSQL: a fresh database for the platform (or the one given), and one for pgbench -S
      const suffix = `${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
      const own = !process.env.BENCH_DATABASE_URL;
      const platformDb = `bench_http_${suffix}`;
      const pgbenchDb = `bench_pgbench_s_${suffix}`;
      if (own) await admin(`CREATE DATABASE ${platformDb}`);
      await admin(`CREATE DATABASE ${pgbenchDb}`);
      try {
        await run(PGBENCH, ['-i', '-q', '-s', '1', dbUrl(pgbenchDb)], { maxBuffer: 1 << 22 });
        const platform = await start('postgres', {
          BENCH_CHILD_DATABASE_URL: process.env.BENCH_DATABASE_URL ?? dbUrl(platformDb),
        });
        sessionCache.postgres = `${platform.ready.sessionCache}, user reads ${platform.ready.userReads}`;
        try {
          results.push(await measure(db, platform, bare, targets, dbUrl(pgbenchDb)));
        } finally {
          await stop(platform.child);
        }
      } finally {
        await admin(`DROP DATABASE IF EXISTS ${pgbenchDb} WITH (FORCE)`);
        if (own) await admin(`DROP DATABASE IF EXISTS ${platformDb} WITH (FORCE)`);
      }
    }
  } finally {
    await stop(bare.child);
  }

  const allBare = results.flatMap((r) => r.bare.map((s) => s.reqPerSec));
  const pgb = results.flatMap((r) => r.pgbench);
  console.log(
    `\nload average at the end ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')} (at the start ${load1}); session cache: ${Object.entries(sessionCache)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  console.log(
    `bare Fastify: ${Math.round(median(allBare))} req/s (median of ${allBare.length} measurements)${pgb.length ? `; pgbench -S on the same PostgreSQL: ${Math.round(median(pgb.map((p) => p.tps)))} TPS, latency average ${median(pgb.map((p) => p.latencyMs)).toFixed(2)} ms (${CONNECTIONS} clients)` : ''}`,
  );
  console.log(
    '\n| path | database | platform req/s | p99 ms | bytes/answer | ratio to bare Fastify (median of paired rounds, range) | vs pgbench -S | target |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of results.flatMap((x) => x.rows)) {
    const ss = r.rounds.map((x) => x.sample);
    const rps = median(ss.map((s) => s.reqPerSec));
    const p99 = median(ss.map((s) => s.p99));
    const bad = ss.reduce((n, s) => n + s.non2xx + s.errors, 0);
    const ratios = r.rounds.map((x) => x.ratio);
    const vsPg = r.rounds.every((x) => x.pgbench)
      ? `${median(r.rounds.map((x) => x.sample.reqPerSec / x.pgbench!)).toFixed(3)}×`
      : '—';
    const target =
      r.target.auth && !r.target.operator
        ? `≥ ${SIGNED_IN_TARGET[r.db]}×, p99 < ${P99_TARGET_MS} ms: ${median(ratios) >= SIGNED_IN_TARGET[r.db] && p99 < P99_TARGET_MS ? 'met' : 'not met'}`
        : '—';
    console.log(
      `| ${r.target.name} | ${r.db} | ${Math.round(rps)} | ${p99} | ${median(ss.map((s) => s.bytesPerReq))} | ${fmtRatio(ratios)}${bad ? ` (${bad} failed)` : ''} | ${vsPg} | ${target} |`,
    );
  }
}

if (process.argv[2] === '--child') void runChild(process.argv[3]);
else await main();
