/**
 * The operators' review queue pages at 20 and at 5,000 pending (npm run bench:queues; issue 42,
 * docs/performance.md "Review queues"). Not part of the test suite.
 *
 * For each database (the embedded default; PostgreSQL, on a database created for the run), one
 * platform in this process without engines, an operator, and 20 pending deposits (among 200
 * approved ones); the queue's pages are asked BENCH_REQUESTS times one at a time (app.inject)
 * and their p50 and p99 taken; then the queue grows to 5,000 pending (and 50,000 decided) and the
 * same pages are asked again. Pages: the first page oldest first, the page after it (keyset
 * cursor), the largest amounts first, a filter by network and amount, and the queue ages. The
 * bound: p99 at 5,000 within 1.5× of the p99 at 20.
 *
 * Env: BENCH_REQUESTS (per page, default 300), BENCH_DATABASES (embedded,postgres), BENCH_PG_ADMIN_URL.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadAvg, runDatabase } from './benchPlatform.ts';

const N = Math.min(5000, Number(process.env.BENCH_REQUESTS ?? 300));
const DATABASES = (process.env.BENCH_DATABASES ?? 'embedded,postgres').split(',').map((s) => s.trim());
const BOUND = 1.5;

const PAGES: Array<{ name: string; url: (next: string | null) => string }> = [
  { name: 'oldest first', url: () => '/admin-api/deposits?status=pending&sort=age&pageSize=20' },
  {
    name: 'the page after (keyset)',
    url: (next) => `/admin-api/deposits?status=pending&sort=age&pageSize=20${next ? `&after=${next}` : ''}`,
  },
  { name: 'largest first', url: () => '/admin-api/deposits?status=pending&sort=amount&pageSize=20' },
  {
    name: 'network and amount filter',
    url: () => '/admin-api/deposits?status=pending&network=TRC20&minAmount=120&maxAmount=900&sort=age&pageSize=20',
  },
  { name: 'queue ages', url: () => '/admin-api/queues/ages' },
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function run(db: string) {
  const { loadConfig } = await import('../server/config.ts');
  const { createPlatform } = await import('../server/start.ts');
  const { users } = await import('../server/platform/identity/schema.ts');
  const { createSession } = await import('../server/auth/sessions.ts');
  const { sql } = await import('drizzle-orm');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-queues-'));
  const env: Record<string, string> = { LOG_LEVEL: 'warn', FEED_SEED: '7' };
  const database = await runDatabase(db, 'bench_queues');
  if (database.url) env.DATABASE_URL = database.url;
  const app = await createPlatform(loadConfig(env, { dataDir, engines: false, staticDir: undefined }), {
    memoryDb: true,
    logger: false,
  });
  try {
    const tag = crypto.randomBytes(4).toString('hex');
    const [op] = await app.db
      .insert(users)
      .values({ username: `bq_${tag}`, inviteCode: `BQ${tag}`.toUpperCase(), role: 'operator' })
      .returning({ id: users.id });
    const token = await createSession(app.db, op.id, 3600_000, { now: app.clock.now() });
    // a table of the run's own, not a temporary one: on PostgreSQL each statement may take another
    // pooled connection, and a temporary table lives on the one that made it
    const benchUsers = sql.raw(`bench_users_${tag}`);
    await app.db.execute(sql`create table ${benchUsers} (n int, user_id bigint)`);
    await app.db.execute(sql`with u as (insert into users (username, invite_code)
        select ${`bqu_${tag}_`} || g, ${`BQU${tag}`.toUpperCase()} || g from generate_series(1, 500) g returning id)
      insert into ${benchUsers} select row_number() over (order by id), id from u`);
    let made = 0;
    const add = async (n: number, status: string) => {
      await app.db
        .execute(sql`insert into deposits (user_id, coin, network, amount, tx_hash, tx_hash_key, proof_last6, proof_file, proof_mime, status, created_at)
        select s.user_id, 'USDT', case when g % 2 = 0 then 'TRC20' else 'ERC20' end, 100 + (g * 7919) % 1000,
          ${`bq${tag}`} || g, ${`bq${tag}`} || g, lpad((g % 1000000)::text, 6, '0'),
          ${`proof/bq-${tag}-`} || g, 'image/png', ${status}, ${new Date(app.clock.now()).toISOString()}::timestamptz - ((g * 37) % 100000) * interval '1 second'
        from generate_series(${made + 1}::int, ${made + n}::int) g join ${benchUsers} s on s.n = (g % 500) + 1`);
      made += n;
      await app.db.execute(sql`analyze deposits`);
    };
    const measure = async () => {
      const out: Record<string, { p50: number; p99: number }> = {};
      const first = (await app.inject({ method: 'GET', url: PAGES[0].url(null), headers: { authorization: token } })).json() as {
        result: { next: string | null };
      };
      for (const p of PAGES) {
        const url = p.url(first.result.next);
        const once = async () => {
          const t0 = performance.now();
          const res = await app.inject({ method: 'GET', url, headers: { authorization: token } });
          const ms = performance.now() - t0;
          if ((res.json() as { code: number }).code !== 200) throw new Error(`${p.name}: ${res.body.slice(0, 200)}`);
          return ms;
        };
        for (let i = 0; i < 30; i++) await once();
        const times: number[] = [];
        for (let i = 0; i < N; i++) times.push(await once());
        times.sort((a, b) => a - b);
        out[p.name] = { p50: pct(times, 50), p99: pct(times, 99) };
      }
      return out;
    };
    await add(200, 'approved');
    await add(20, 'pending');
    const small = await measure();
    await add(50_000, 'approved');
    await add(4_980, 'pending');
    const large = await measure();
    return PAGES.map((p) => {
      const a = small[p.name];
      const b = large[p.name];
      const ratio = b.p99 / a.p99;
      return `| ${p.name} | ${db} | ${a.p50.toFixed(2)} | ${a.p99.toFixed(2)} | ${b.p50.toFixed(2)} | ${b.p99.toFixed(2)} | ${ratio.toFixed(2)}× ${ratio <= BOUND ? 'within' : 'OVER'} ${BOUND}× |`;
    });
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

console.log(
  `bench:queues: ${N} requests per page, one at a time (app.inject), ${os.cpus().length} CPUs, load average ${loadAvg()}`,
);
const rows: string[] = [];
for (const db of DATABASES) rows.push(...(await run(db)));
console.log(`\nload average at the end ${loadAvg()}`);
console.log(
  '| page | database | 20 pending p50 ms | 20 pending p99 ms | 5,000 pending p50 ms | 5,000 pending p99 ms | p99 ratio |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
process.exit(0);
