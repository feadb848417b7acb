/**
 * Data-growth seed (npm run bench:seed): a PostgreSQL database of the platform's schema holding
 * 100,000 customers, 1,000,000 ledger transfers, 200,000 options orders and 50,000 deposits, so
 * bench:http can compare every signed-in read and the operator queues on it against an empty
 * database (docs/performance.md, "Data growth"). Not part of the test suite; local databases only.
 *
 * Made in SQL with generate_series (about a minute, not hours of requests): the rows are
 * plausible, not the outcome of real flows. The ledger stays balanced (each transfer moves 10 USDT
 * from the platform's deposits account to a customer's available balance, and the balances are the
 * transfers' sums); the orders are closed ones (the trigger engine keeps open positions in memory,
 * which is not what this measures); one deposit in ten waits in the operators' queue.
 *
 * Env: BENCH_DATABASE_URL (the database to fill; default: a new database `bench_seeded_<pid>`
 * made through BENCH_PG_ADMIN_URL, printed at the end), BENCH_SEED_SCALE (a fraction of the sizes
 * above, default 1, for a quick try).
 *
 *   npm run bench:seed
 *   BENCH_SEEDED_URL=<printed url> BENCH_PATHS=getUserInfo,listOptionsOrder,listRecharge,operator npm run bench:http
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/platform/db/client.ts';
import { users } from '../server/platform/identity/schema.ts';
import { platformAccount, userAccount } from '../server/platform/ledger/accounts.ts';
import { transfer } from '../server/platform/ledger/ledger.ts';
import { ADMIN_URL } from './pgAdmin.ts';

const SCALE = Math.min(1, Math.max(0.001, Number(process.env.BENCH_SEED_SCALE ?? 1)));
const USERS = Math.round(100_000 * SCALE);
const TRANSFERS = Math.round(1_000_000 * SCALE);
const ORDERS = Math.round(200_000 * SCALE);
const DEPOSITS = Math.round(50_000 * SCALE);

async function target(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const name = `bench_seeded_${process.pid}`;
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`).finally(() => c.end());
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

const url = await target();
const t0 = performance.now();
const step = (what: string) => console.log(`${((performance.now() - t0) / 1000).toFixed(1)} s: ${what}`);
// migrated by opening, as an instance would
const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
const db = database.db;
const tag = crypto.randomBytes(3).toString('hex');
try {
  await db.execute(sql`insert into users (username, invite_code, created_at)
    select ${`seed_${tag}_`} || g, ${`S${tag}`.toUpperCase()} || g, now() - g * interval '1 minute' from generate_series(1, ${USERS}::int) g`);
  step(`${USERS} customers`);
  // the platform's deposits account and one customer's available account, as the ledger makes them
  const [first] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.username} = ${`seed_${tag}_1`}`);
  await db.transaction((tx) =>
    transfer(tx, {
      key: `seed:${tag}:first`,
      book: 'real',
      asset: 'USDT',
      from: platformAccount('deposits'),
      to: userAccount(first.id),
      amount: '10',
      reason: 'deposit.approved',
      refType: 'seed',
      refId: '0',
    }),
  );
  await db.execute(sql`insert into ledger_accounts (owner_kind, user_id, book, asset, purpose, balance)
    select 'user', id, 'real', 'USDT', 'available', 0 from users where username like ${`seed_${tag}_%`}
    on conflict do nothing`);
  // seeded customers numbered 1..USERS, and their accounts, for the joins below
  await db.execute(sql`create temporary table seed_users as
    select u.id as user_id, a.id as account_id, row_number() over (order by u.id) as n
    from users u join ledger_accounts a on a.owner_kind = 'user' and a.user_id = u.id and a.book = 'real' and a.asset = 'USDT' and a.purpose = 'available'
    where u.username like ${`seed_${tag}_%`}`);
  await db.execute(sql`create index on seed_users (n)`);
  await db.execute(sql`insert into ledger_transfers (idempotency_key, book, asset, debit_account_id, credit_account_id, amount, reason, ref_type, ref_id, created_at)
    select ${`seed:${tag}:`} || g, 'real', 'USDT', p.id, s.account_id, 10, 'deposit.approved', 'seed', g::text, now() - g * interval '1 second'
    from generate_series(1, ${TRANSFERS}::int) g
    join seed_users s on s.n = (g % ${USERS}::int) + 1
    cross join (select id from ledger_accounts where owner_kind = 'platform' and book = 'real' and asset = 'USDT' and purpose = 'deposits') p`);
  step(`${TRANSFERS} ledger transfers`);
  // balances are the transfers' sums (the platform's side negative, as every platform account may be)
  await db.execute(sql`update ledger_accounts a set balance = a.balance + t.s
    from (select credit_account_id as id, sum(amount) as s from ledger_transfers where idempotency_key like ${`seed:${tag}:%`} and ref_id <> '0' group by 1) t
    where a.id = t.id`);
  await db.execute(sql`update ledger_accounts a set balance = a.balance - t.s
    from (select debit_account_id as id, sum(amount) as s from ledger_transfers where idempotency_key like ${`seed:${tag}:%`} and ref_id <> '0' group by 1) t
    where a.id = t.id`);
  step('balances');
  await db.execute(sql`insert into options_orders (user_id, book, code, direction, lots, leverage, period_seconds, contract_size, fee_rate, quote_rate,
      stop_out_level, price_precision, open_price, open_time, expires_at, stop_out_price, notional, margin, open_fee, expected_return, max_loss,
      status, close_price, close_time, close_reason, close_fee, pnl, raw_pnl, settled_at, client_key)
    select s.user_id, case when g % 2 = 0 then 'demo' else 'real' end, case when g % 3 = 0 then 'ETHUSDT' else 'BTCUSDT' end,
      case when g % 2 = 0 then 'up' else 'down' end, 0.1, 10, 300, 1, 0.0005, 1, 0.9, 2, 50000,
      now() - g * interval '10 seconds', now() - g * interval '10 seconds' + interval '300 seconds', 45500, 5000, 500, 2.5, 7.5, -505,
      'closed', 50100, now() - g * interval '10 seconds' + interval '300 seconds', 'expiry', 2.5, 10, 10, now() - g * interval '10 seconds' + interval '300 seconds',
      ${`seed-${tag}-`} || g
    from generate_series(1, ${ORDERS}::int) g join seed_users s on s.n = (g % ${USERS}::int) + 1`);
  step(`${ORDERS} options orders`);
  await db.execute(sql`insert into deposits (user_id, coin, network, amount, tx_hash, tx_hash_key, proof_last6, proof_file, proof_mime, status, created_at)
    select s.user_id, 'USDT', 'TRC20', 100, ${`seedtx${tag}`} || g, ${`seedtx${tag}`} || g, lpad((g % 1000000)::text, 6, '0'),
      ${`proof/seed-${tag}-`} || g, 'image/png', case when g % 10 = 0 then 'pending' else 'approved' end, now() - g * interval '1 minute'
    from generate_series(1, ${DEPOSITS}::int) g join seed_users s on s.n = (g % ${USERS}::int) + 1`);
  step(`${DEPOSITS} deposits (one in ten pending)`);
  // what autovacuum does to a table soon after such inserts, and a serving database has had done:
  // statistics, and the visibility map that lets a count read the index alone (without it every
  // counted entry visits its row, which a fresh bulk load would measure, not growth)
  await db.execute(sql`vacuum (analyze)`);
  step('vacuumed and analyzed');
} finally {
  await database.close();
}
console.log(`\nseeded: ${url}\nBENCH_SEEDED_URL='${url}' npm run bench:http`);
