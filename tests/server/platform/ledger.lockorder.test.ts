import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../../../server/platform/db/client.ts';
import { userAccount, type TransferRequest } from '../../../server/platform/ledger/accounts.ts';
import { availableBalance, transfer } from '../../../server/platform/ledger/ledger.ts';
import { useTestApp, waitUntilWaiting } from '../helpers.ts';
import { createUser, fund } from '../wallet/walletFixtures.ts';

/**
 * The one transfer statement updates the two accounts one after the other, the lower id first
 * (server/platform/ledger/ledger.ts): the order every transfer takes its two row locks in, so that two
 * transfers over the same pair never wait for each other crosswise (issue 25, docs/ledger.md).
 * Forced here with plain connections (no retry could hide a deadlock): a transfer that waits for
 * the higher account already holds the lower one; a transfer that waits for the lower one holds
 * nothing yet; a key already used moves nothing and waits for no account. PostgreSQL only: PGlite
 * runs one transaction at a time.
 */
describe('ledger: the one statement locks its accounts in id order', () => {
  const t = useTestApp();

  it('takes the lower account id first, whichever way the money goes; a used key waits for nothing', async () => {
    const pool = t.app.database.pool;
    if (!pool) return;
    const u = await createUser(t.app);
    const v = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '100');
    await fund(t.app, v.id, 'USDT', '100');
    const move = (from: bigint, to: bigint, key = `test:${crypto.randomUUID()}`): TransferRequest => ({
      key,
      book: 'real',
      asset: 'USDT',
      from: userAccount(from),
      to: userAccount(to),
      amount: '1',
      reason: 'deposit.approved',
    });
    const used = move(u.id, v.id);
    await t.app.db.transaction((tx) => transfer(tx, used)); // both ids known: the one-statement path from here on
    const ids = await t.app.db.execute(sql`select id, user_id from ledger_accounts
      where owner_kind = 'user' and user_id in (${u.id}, ${v.id}) and book = 'real' and asset = 'USDT' and purpose = 'available' order by id`);
    const [low, high] = (ids as unknown as { rows: Array<{ id: string; user_id: string }> }).rows;
    const ownerOf = (row: { user_id: string }) => BigInt(row.user_id);

    const [holder, mover, prober] = [await pool.connect(), await pool.connect(), await pool.connect()];
    try {
      const db = drizzle(mover, { casing: 'snake_case' }) as unknown as Db;
      const moverPid = (await mover.query('select pg_backend_pid() as pid')).rows[0].pid as number;
      const lockNowait = (c: pg.PoolClient, id: string) =>
        c.query('select 1 from ledger_accounts where id = $1 for no key update nowait', [id]).then(
          () => 'locked',
          (e: { code?: string }) => e.code,
        );

      // the holder has the higher account: the transfer (debiting it) takes the lower one, then waits
      await holder.query('begin');
      await holder.query('select 1 from ledger_accounts where id = $1 for no key update', [high.id]);
      await mover.query('begin');
      const first = transfer(db, move(ownerOf(high), ownerOf(low))).then(String, (e: unknown) => e);
      await waitUntilWaiting(t.app.db, moverPid);
      expect(await lockNowait(prober, low.id)).toBe('55P03'); // lock_not_available: the transfer holds it
      await holder.query('rollback');
      expect(await first).toBe('true');
      await mover.query('commit');

      // the holder has the lower account: the transfer (crediting the higher) waits for it holding nothing
      await holder.query('begin');
      await holder.query('select 1 from ledger_accounts where id = $1 for no key update', [low.id]);
      await mover.query('begin');
      const second = transfer(db, move(ownerOf(low), ownerOf(high))).then(String, (e: unknown) => e);
      await waitUntilWaiting(t.app.db, moverPid);
      expect(await lockNowait(prober, high.id)).toBe('locked');
      // a key already used moves nothing and waits for neither account
      expect(await transfer(drizzle(prober, { casing: 'snake_case' }) as unknown as Db, used)).toBe(false);
      await holder.query('rollback');
      expect(await second).toBe('true');
      await mover.query('commit');
    } finally {
      for (const c of [holder, mover, prober]) c.release();
    }
    // u: 100 - 1 (used key) then +1 -1 or -1 +1 over the two transfers, whichever account is lower
    expect(await availableBalance(t.app.db, u.id, 'real', 'USDT')).toBe('99.000000');
    expect(await availableBalance(t.app.db, v.id, 'real', 'USDT')).toBe('101.000000');
  });
});
