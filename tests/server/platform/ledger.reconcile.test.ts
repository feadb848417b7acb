import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, usingPostgres, useTestApp } from '../helpers.ts';
import { createUser } from '../wallet/walletFixtures.ts';
import { openDatabase, type Database } from '../../../server/platform/db/client.ts';
import { platformAccount, userAccount } from '../../../server/platform/ledger/accounts.ts';
import { availableBalance, transfer } from '../../../server/platform/ledger/ledger.ts';
import { formatReport, reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { BizError } from '../../../server/platform/http/errors.ts';
import { Err } from '../../../src/contract/errors.ts';

const run = promisify(execFile);

describe('ledger: transfers and reconciliation', () => {
  const t = useTestApp();

  it('a transfer key moves money once; an overdraw is refused by the database (10011) and rolls back', async () => {
    const u = await createUser(t.app);
    const req = {
      key: 'test:once',
      book: 'real' as const,
      asset: 'BTC' as const,
      from: platformAccount('deposits'),
      to: userAccount(u.id),
      amount: '0.5',
      reason: 'deposit.approved' as const,
    };
    expect(await t.app.db.transaction((tx) => transfer(tx, req))).toBe(true);
    expect(await t.app.db.transaction((tx) => transfer(tx, req))).toBe(false);
    expect(await availableBalance(t.app.db, u.id, 'real', 'BTC')).toBe('0.50000000');
    const err = await t.app.db
      .transaction((tx) =>
        transfer(tx, {
          ...req,
          key: 'test:over',
          from: userAccount(u.id),
          to: userAccount(u.id, 'withdrawal_hold'),
          amount: '0.50000001',
        }),
      )
      .catch((e) => e);
    expect(err).toBeInstanceOf(BizError);
    expect((err as BizError).code).toBe(Err.INSUFFICIENT_BALANCE);
    expect(await availableBalance(t.app.db, u.id, 'real', 'BTC')).toBe('0.50000000');
    const [{ n }] = (
      (await t.app.db.execute(
        sql`select count(*)::int as n from ledger_transfers where idempotency_key = 'test:over'`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows;
    expect(Number(n)).toBe(0);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('reconcile reports a balance changed without a transfer (and a book that no longer sums to zero)', async () => {
    const u = await createUser(t.app);
    await t.app.db.transaction((tx) =>
      transfer(tx, {
        key: `test:eth:${u.id}`,
        book: 'real',
        asset: 'ETH',
        from: platformAccount('deposits'),
        to: userAccount(u.id),
        amount: '0.5',
        reason: 'deposit.approved' as const,
      }),
    );
    const ok = await reconcile(t.app.db);
    expect(ok.ok).toBe(true);
    expect(ok.totals.find((x) => x.book === 'real' && x.asset === 'ETH')).toMatchObject({
      sum: expect.stringMatching(/^0(\.0+)?$/),
      ok: true,
    });
    expect(formatReport(ok)).toContain('RECONCILED');
    // tamper behind the ledger's back
    const tamper = (delta: number) =>
      t.app.db.execute(
        sql`update ledger_accounts set balance = balance + ${delta} where owner_kind = 'user' and user_id = ${u.id} and asset = 'ETH'`,
      );
    await tamper(1);
    try {
      const bad = await reconcile(t.app.db);
      expect(bad.ok).toBe(false);
      expect(bad.mismatches).toEqual([
        expect.objectContaining({
          asset: 'ETH',
          purpose: 'available',
          balance: expect.stringMatching(/^1\.5/),
          computed: expect.stringMatching(/^0?\.5/),
        }),
      ]);
      expect(bad.totals.find((x) => x.book === 'real' && x.asset === 'ETH')?.ok).toBe(false);
      expect(formatReport(bad)).toContain('NOT RECONCILED');
    } finally {
      await tamper(-1);
    }
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });
});

describe(`npm run reconcile (${usingPostgres() ? 'DATABASE_URL' : 'embedded DATA_DIR'})`, () => {
  let database: Database;
  let env: NodeJS.ProcessEnv;
  let cleanup = async () => {};
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-reconcile-'));
    env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    if (usingPostgres()) {
      const pg = await createTestDatabase();
      env.DATABASE_URL = pg.url;
      database = await openDatabase({ databaseUrl: pg.url, poolSize: 2 });
      cleanup = async () => {
        await pg.drop();
      };
    } else {
      // the run's migrated database (tests/setup/databaseTemplates.ts) written to the directory: no initdb
      database = await openDatabase({ dataDir, template: inject('pgliteTemplate') });
    }
    const prev = cleanup;
    cleanup = async () => {
      await prev();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    await database.db.transaction((tx) =>
      transfer(tx, {
        key: 'cli:1',
        book: 'real',
        asset: 'USDT',
        from: platformAccount('deposits'),
        to: userAccount(1n),
        amount: '120',
        reason: 'deposit.approved' as const,
      }),
    );
    await database.close(); // the embedded database admits one process at a time
  });
  afterAll(async () => cleanup());

  // the script `npm run reconcile` runs, with node and tsx's loader (npx costs a second or two a start)
  const cli = () =>
    run(process.execPath, ['--import', 'tsx', 'server/platform/ledger/reconcileCli.ts'], { env, cwd: process.cwd() }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );

  it('prints the table and exits 0 on a sound ledger, 1 after tampering', async () => {
    const good = await cli();
    expect(good.out).toMatch(/real\s+USDT\s+2\s+1\s+0\s+ok/);
    expect(good.out).toContain('RECONCILED');
    expect(good.code).toBe(0);
    const db = usingPostgres()
      ? await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 1 })
      : await openDatabase({ dataDir: env.DATA_DIR });
    await db.db.execute(sql`update ledger_accounts set balance = 0 where owner_kind = 'user'`);
    await db.close();
    const bad = await cli();
    expect(bad.out).toContain('NOT RECONCILED');
    expect(bad.out).toMatch(/balance 0(\.0+)? but transfers give 120/);
    expect(bad.code).toBe(1);
  }, 180_000); // two runs of the command, each starting tsx and the database: a minute on a loaded machine
});
