/**
 * Ledger benchmark (npm run bench:ledger). Not part of the test suite; local databases only.
 *
 * PostgreSQL (127.0.0.1:5432, or BENCH_PG_ADMIN_URL): ledger transfers per second against
 * `pgbench`'s built-in TPC-B-like transaction on the same server, alternating for ROUNDS rounds
 * (median), each in a database of its own created and dropped here:
 *   - ledger: CLIENTS workers, each in a loop `db.transaction(tx => transfer(tx, ...))`: one
 *     transfer per transaction between two random users of USERS funded users, USDT, real book,
 *     through server/platform/ledger/ledger.ts exactly as the domains call it;
 *   - pgbench: `pgbench -c CLIENTS -j 2 -T DURATION` at scale CLIENTS (pgbench's advice: a scale
 *     below the client count measures lock waits on the branch rows, not the server).
 * PGlite (embedded, one connection, so one worker): ledger transfers per second against the same
 * TPC-B-like transaction run on PGlite by this process (scale 1).
 *
 * Env: BENCH_DURATION_S (default 10), BENCH_ROUNDS (default 3), BENCH_CLIENTS (default 8),
 * BENCH_USERS (default 1000), BENCH_PG_ADMIN_URL, BENCH_SKIP=pg|pglite.
 */
import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../server/platform/db/client.ts';
import { users } from '../server/platform/identity/schema.ts';
import { platformAccount, userAccount } from '../server/platform/ledger/accounts.ts';
import { transfer } from '../server/platform/ledger/ledger.ts';
import { dbUrl, admin } from './pgAdmin.ts';

const run = promisify(execFile);
const DURATION = Math.min(60, Number(process.env.BENCH_DURATION_S ?? 10));
const ROUNDS = Math.min(7, Number(process.env.BENCH_ROUNDS ?? 3));
const CLIENTS = Math.min(64, Number(process.env.BENCH_CLIENTS ?? 8));
const USERS = Math.min(100_000, Number(process.env.BENCH_USERS ?? 1000));
const SKIP = process.env.BENCH_SKIP ?? '';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** USERS customers with 1,000,000 USDT each in the real book (one ledger transfer each, from deposits). */
async function fundUsers(database: Database): Promise<bigint[]> {
  const tag = crypto.randomBytes(3).toString('hex');
  const ids: bigint[] = [];
  for (let i = 0; i < USERS; i += 500) {
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: Math.min(500, USERS - i) }, (_, j) => ({
          username: `bench_${tag}_${i + j}`,
          inviteCode: `B${tag}${i + j}`.toUpperCase(),
        })),
      )
      .returning({ id: users.id });
    ids.push(...rows.map((r) => r.id));
  }
  for (const id of ids) {
    await database.db.transaction((tx) =>
      transfer(tx, {
        key: `bench:fund:${id}`,
        book: 'real',
        asset: 'USDT',
        from: platformAccount('deposits'),
        to: userAccount(id),
        amount: '1000000',
        reason: 'deposit.approved',
      }),
    );
  }
  return ids;
}

/** Transfers per second by `workers` loops of one transfer per transaction, for DURATION seconds. */
async function ledgerLoad(database: Database, ids: bigint[], workers: number): Promise<{ perSec: number; failed: number }> {
  let done = 0;
  let failed = 0;
  const until = performance.now() + DURATION * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const a = ids[Math.floor(Math.random() * ids.length)];
      let b = ids[Math.floor(Math.random() * ids.length)];
      if (b === a) b = ids[(ids.indexOf(a) + 1) % ids.length];
      try {
        await database.db.transaction((tx) =>
          transfer(tx, {
            key: `bench:${crypto.randomUUID()}`,
            book: 'real',
            asset: 'USDT',
            from: userAccount(a),
            to: userAccount(b),
            amount: '0.01',
            reason: 'deposit.approved',
          }),
        );
        done++;
      } catch {
        failed++;
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: workers }, worker));
  return { perSec: done / ((performance.now() - t0) / 1000), failed };
}

async function pgbench(url: string): Promise<number> {
  const { stdout } = await run('pgbench', ['-n', '-c', String(CLIENTS), '-j', '2', '-T', String(DURATION), url], {
    maxBuffer: 1 << 20,
  });
  const m = /tps = ([0-9.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([0-9.]+)/.exec(stdout);
  if (!m) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return Number(m[1]);
}

async function postgres(): Promise<void> {
  const suffix = `${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const ledgerDb = `bench_ledger_${suffix}`;
  const pgbenchDb = `bench_pgbench_${suffix}`;
  await admin(`CREATE DATABASE ${ledgerDb}`);
  await admin(`CREATE DATABASE ${pgbenchDb}`);
  let database: Database | undefined;
  try {
    const { stdout: version } = await run('pgbench', ['--version']);
    await run('pgbench', ['-i', '-q', '-s', String(CLIENTS), dbUrl(pgbenchDb)], { maxBuffer: 1 << 22 });
    database = await openDatabase({ databaseUrl: dbUrl(ledgerDb), poolSize: CLIENTS });
    const ids = await fundUsers(database);
    await ledgerLoad(database, ids, CLIENTS); // warm-up: plans, caches, the account ids
    const ledger: number[] = [];
    const reference: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const l = await ledgerLoad(database, ids, CLIENTS);
      ledger.push(l.perSec);
      const p = await pgbench(dbUrl(pgbenchDb));
      reference.push(p);
      console.log(
        `round ${round}: ledger ${Math.round(l.perSec)} transfers/s${l.failed ? ` (${l.failed} failed)` : ''}, pgbench TPC-B ${Math.round(p)} TPS`,
      );
    }
    const l = median(ledger);
    const p = median(reference);
    console.log(
      `\nPostgreSQL (${version.trim()}), ${CLIENTS} clients, ${DURATION} s each, median of ${ROUNDS} (rounds ${ledger.map((x, i) => (x / reference[i]).toFixed(2)).join(', ')}), load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(', ')}:`,
    );
    console.log('| database | ledger transfers/s | reference | reference/s | ratio |');
    console.log('|---|---|---|---|---|');
    console.log(
      `| PostgreSQL | ${Math.round(l)} | pgbench TPC-B, scale ${CLIENTS} | ${Math.round(p)} | ${(l / p).toFixed(2)}× |`,
    );
  } finally {
    await database?.close();
    await admin(`DROP DATABASE IF EXISTS ${ledgerDb} WITH (FORCE)`);
    await admin(`DROP DATABASE IF EXISTS ${pgbenchDb} WITH (FORCE)`);
  }
}

/** pgbench's TPC-B-like transaction, statement for statement, on an embedded PGlite (scale 1). */
async function pgliteTpcb(): Promise<number> {
  const pgl = new PGlite();
  await pgl.waitReady;
  await pgl.exec(`
    create table pgbench_branches (bid int primary key, bbalance int, filler char(88));
    create table pgbench_tellers (tid int primary key, bid int, tbalance int, filler char(84));
    create table pgbench_accounts (aid int primary key, bid int, abalance int, filler char(84));
    create table pgbench_history (tid int, bid int, aid int, delta int, mtime timestamp, filler char(22));
    insert into pgbench_branches select 1, 0 from generate_series(1, 1);
    insert into pgbench_tellers select t, 1, 0 from generate_series(1, 10) t;
    insert into pgbench_accounts select a, 1, 0 from generate_series(1, 100000) a;`);
  let done = 0;
  const rnd = (n: number) => 1 + Math.floor(Math.random() * n);
  const t0 = performance.now();
  const until = t0 + DURATION * 1000;
  while (performance.now() < until) {
    const aid = rnd(100_000);
    const tid = rnd(10);
    const delta = rnd(10_001) - 5001;
    await pgl.transaction(async (tx) => {
      await tx.query('UPDATE pgbench_accounts SET abalance = abalance + $1 WHERE aid = $2', [delta, aid]);
      await tx.query('SELECT abalance FROM pgbench_accounts WHERE aid = $1', [aid]);
      await tx.query('UPDATE pgbench_tellers SET tbalance = tbalance + $1 WHERE tid = $2', [delta, tid]);
      await tx.query('UPDATE pgbench_branches SET bbalance = bbalance + $1 WHERE bid = $2', [delta, 1]);
      await tx.query('INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES ($1, $2, $3, $4, CURRENT_TIMESTAMP)', [
        tid,
        1,
        aid,
        delta,
      ]);
    });
    done++;
  }
  const perSec = done / ((performance.now() - t0) / 1000);
  await pgl.close();
  return perSec;
}

async function pglite(): Promise<void> {
  const database = await openDatabase({ memory: true });
  try {
    const ids = await fundUsers(database);
    await ledgerLoad(database, ids, 1);
    const ledger: number[] = [];
    const reference: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const l = await ledgerLoad(database, ids, 1);
      ledger.push(l.perSec);
      const p = await pgliteTpcb();
      reference.push(p);
      console.log(`round ${round}: PGlite ledger ${Math.round(l.perSec)} transfers/s, TPC-B-like ${Math.round(p)} TPS`);
    }
    const l = median(ledger);
    const p = median(reference);
    console.log(`\nPGlite (embedded, in memory, one connection), ${DURATION} s each, median of ${ROUNDS}:`);
    console.log('| database | ledger transfers/s | reference | reference/s | ratio |');
    console.log('|---|---|---|---|---|');
    console.log(
      `| PGlite | ${Math.round(l)} | TPC-B-like transaction, scale 1, same process | ${Math.round(p)} | ${(l / p).toFixed(2)}× |`,
    );
  } finally {
    await database.close();
  }
}

console.log(
  `bench:ledger: ${USERS} users, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), node ${process.version}, load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(', ')}`,
);
if (SKIP !== 'pg') await postgres();
if (SKIP !== 'pglite') await pglite();
