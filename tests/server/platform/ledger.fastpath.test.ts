import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from '../../../server/platform/db/client.ts';
import { useTestApp } from '../helpers.ts';
import { createUser, fund } from '../wallet/walletFixtures.ts';
import { TRANSFER_BY_IDS, availableBalance, transfer, userBalances } from '../../../server/platform/ledger/ledger.ts';
import { userAccount } from '../../../server/platform/ledger/accounts.ts';
import type { TransferRequest } from '../../../server/platform/ledger/accounts.ts';
import { BizError } from '../../../server/platform/http/errors.ts';
import { Err } from '../../../src/contract/errors.ts';
import type { LedgerReason } from '../../../server/platform/ledger/reasons.ts';

/**
 * The ledger's fast path (docs/performance.md): once both accounts' ids are known a transfer is
 * one statement. These pin that it keeps every rule of the slow path: a key moves money once,
 * the CHECK constraint refuses an overdraft, a cached id that no longer names its account (made
 * in a transaction that rolled back) is looked up again, and opposite transfers between the same
 * pair at once neither deadlock nor lose a cent.
 */
const t = useTestApp();
const move = (from: bigint, to: bigint, amount: string, key = `test:${crypto.randomUUID()}`): TransferRequest => ({
  key,
  book: 'real',
  asset: 'USDT',
  from: userAccount(from),
  to: userAccount(to),
  amount,
  reason: 'deposit.approved',
});
const run = (req: TransferRequest) => t.app.db.transaction((tx) => transfer(tx, req));

describe('ledger fast path', () => {
  it('moves money once per key and refuses an overdraft through the CHECK constraint', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await fund(t.app, a.id, 'USDT', '10');
    expect(await run(move(a.id, b.id, '1'))).toBe(true); // first: the ids are looked up
    const req = move(a.id, b.id, '2.5');
    expect(await run(req)).toBe(true); // second: one statement
    expect(await run(req)).toBe(false); // the same key again moves nothing
    expect(await availableBalance(t.app.db, a.id, 'real', 'USDT')).toBe('6.500000');
    expect(await availableBalance(t.app.db, b.id, 'real', 'USDT')).toBe('3.500000');
    const over = await run(move(a.id, b.id, '6.500001')).catch((e: unknown) => e);
    expect(over).toBeInstanceOf(BizError);
    expect((over as BizError).code).toBe(Err.INSUFFICIENT_BALANCE);
    expect(await availableBalance(t.app.db, a.id, 'real', 'USDT')).toBe('6.500000');
    expect(await run(move(a.id, b.id, '6.5'))).toBe(true); // to zero exactly is allowed
    expect(await availableBalance(t.app.db, a.id, 'real', 'USDT')).toBe('0.000000');
  });

  it('on PostgreSQL the one statement is a named prepared statement (parsed and planned once per connection)', async () => {
    if (t.app.database.kind !== 'postgres') return; // PGlite has no per-connection statement cache
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await fund(t.app, a.id, 'USDT', '3');
    await run(move(a.id, b.id, '1')); // ids looked up
    const prepared = await t.app.db.transaction(async (tx) => {
      await transfer(tx, move(a.id, b.id, '1'));
      const r = await tx.execute(sql`select name from pg_prepared_statements where name = 'ledger_transfer_by_ids'`);
      return (r as unknown as { rows: unknown[] }).rows.length;
    });
    expect(prepared).toBe(1);
    expect(await availableBalance(t.app.db, b.id, 'real', 'USDT')).toBe('2.000000');
  });

  it('on PostgreSQL the statement reads only its two accounts, in custom plans too, however many accounts there are', async () => {
    const pool = t.app.database.pool;
    if (!pool) return;
    const users = [];
    for (let i = 0; i < 40; i++) users.push(await createUser(t.app));
    for (const u of users) await fund(t.app, u.id, 'USDT', '1');
    const ids = await t.app.db
      .execute(sql`select id, user_id from ledger_accounts where owner_kind = 'user' and user_id in (${users[3].id}, ${users[7].id})
      and book = 'real' and asset = 'USDT' and purpose = 'available' order by user_id`);
    const [a, b] = (ids as unknown as { rows: Array<{ id: string; user_id: string }> }).rows;
    const c = await pool.connect();
    try {
      await c.query('begin');
      // the plan PostgreSQL makes with the values in place: the first five runs on each connection
      await c.query('set local plan_cache_mode = force_custom_plan');
      const r = await c.query(`explain (analyze, format json) ${TRANSFER_BY_IDS}`, [
        a.id,
        b.id,
        'user',
        a.user_id,
        'available',
        'user',
        b.user_id,
        'available',
        'real',
        'USDT',
        `test:${crypto.randomUUID()}`,
        '0.5',
        'test',
        null,
        null,
      ]);
      await c.query('rollback');
      type PlanNode = {
        'Node Type': string;
        'Relation Name'?: string;
        'Actual Rows': number;
        'Rows Removed by Filter'?: number;
        'Rows Removed by Index Recheck'?: number;
        Plans?: PlanNode[];
      };
      const read: Array<{ node: string; rows: number }> = [];
      const walk = (n: PlanNode) => {
        if (n['Relation Name'] === 'ledger_accounts')
          read.push({
            node: n['Node Type'],
            rows: n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0),
          });
        n.Plans?.forEach(walk);
      };
      const [{ Plan: plan }] = (r.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'];
      walk(plan);
      expect(read.length).toBeGreaterThan(0);
      for (const scan of read) expect(scan.rows, JSON.stringify(read)).toBeLessThanOrEqual(1);
    } finally {
      c.release();
    }
  });

  it('keys, reasons and references with quotes and backslashes are stored as given (PGlite writes them as literals)', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await fund(t.app, a.id, 'USDT', '5');
    await run(move(a.id, b.id, '1')); // both ids known: the one statement from here on
    const odd = `test:${crypto.randomUUID()}:it's \\' \\\\ "q" \n E'x' $$ --`;
    const req = {
      ...move(a.id, b.id, '1', odd),
      // no domain may write such a reason (LedgerReason refuses it): here it proves the statement's quoting only
      reason: "test.o'k\\" as LedgerReason,
      refType: "'); drop table ledger_transfers; --",
      refId: "\\x00'",
    };
    expect(await run(req)).toBe(true);
    expect(await run(req)).toBe(false); // the same odd key is the same key
    const r = await t.app.db.execute(
      sql`select idempotency_key, reason, ref_type, ref_id from ledger_transfers where idempotency_key = ${odd}`,
    );
    expect((r as unknown as { rows: unknown[] }).rows).toEqual([
      { idempotency_key: odd, reason: req.reason, ref_type: req.refType, ref_id: req.refId },
    ]);
    expect(await availableBalance(t.app.db, b.id, 'real', 'USDT')).toBe('2.000000');
  });

  it('a second database handle on the same connection moves money too (its statement is its own)', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await fund(t.app, a.id, 'USDT', '5');
    await run(move(a.id, b.id, '1'));
    const client = (t.app.db as unknown as { session: { client: unknown } }).session.client;
    const other = (t.app.database.kind === 'pglite'
      ? drizzlePglite(client as PGlite, { casing: 'snake_case' })
      : drizzlePg(client as pg.Pool, { casing: 'snake_case' })) as unknown as Db;
    expect(await other.transaction((tx) => transfer(tx, move(a.id, b.id, '2')))).toBe(true);
    expect(await run(move(a.id, b.id, '1'))).toBe(true);
    expect(await availableBalance(t.app.db, b.id, 'real', 'USDT')).toBe('4.000000');
  });

  it('an account id remembered from a transaction that rolled back is looked up again', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await fund(t.app, a.id, 'USDT', '5');
    // b's account is created inside a transaction that then fails: its id never existed for anyone else
    const rolledBack = await t.app.db
      .transaction(async (tx) => {
        await transfer(tx, move(a.id, b.id, '1'));
        throw new Error('abandoned');
      })
      .catch((e: unknown) => e);
    expect((rolledBack as Error).message).toBe('abandoned');
    expect(await userBalances(t.app.db, b.id, 'real')).toEqual([]);
    expect(await run(move(a.id, b.id, '2'))).toBe(true);
    expect(await run(move(a.id, b.id, '1'))).toBe(true);
    expect(await availableBalance(t.app.db, a.id, 'real', 'USDT')).toBe('2.000000');
    expect(await availableBalance(t.app.db, b.id, 'real', 'USDT')).toBe('3.000000');
  });

  it('opposite transfers between the same two accounts at once all complete and keep the sum', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await fund(t.app, a.id, 'USDT', '100');
    await fund(t.app, b.id, 'USDT', '100');
    await run(move(a.id, b.id, '0.1')); // both ids known from here on
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? run(move(a.id, b.id, '1')) : run(move(b.id, a.id, '2')))),
    );
    expect(results.every(Boolean)).toBe(true);
    const [ba, bb] = [
      await availableBalance(t.app.db, a.id, 'real', 'USDT'),
      await availableBalance(t.app.db, b.id, 'real', 'USDT'),
    ];
    expect(ba).toBe('119.900000'); // 100 - 0.1 - 20 x 1 + 20 x 2
    expect(bb).toBe('80.100000');
  });
});
