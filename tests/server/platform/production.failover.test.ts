import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usingPostgres } from '../helpers.ts';
import { createUser, fund, real, type TestUser } from '../wallet/walletFixtures.ts';
import { JOB_NAMES, heldLocks, jobRows, productionEnv, waitFor } from '../productionFixtures.ts';
import { call, ledBy, startInstance, type Instance } from '../processFixtures.ts';
import { JOBS } from '../../../server/domains.ts';
import { openDatabase, type Database } from '../../../server/platform/db/client.ts';
import { TRADING_PATHS } from '../../../src/contract/trading.ts';
import { Ok } from '../../../src/contract/errors.ts';

const RETRY_MS = 500;
/** PostgreSQL ends a killed instance's sessions (and so its locks) once the kernel closes its sockets: at once on loopback. */
const TAKEOVER_BOUND_MS = RETRY_MS + 2000;

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * The production shape with real processes (docs/testing-production-shape.md): two instances of
 * the service, NODE_ENV=production, on one fresh PostgreSQL database and one Redis. The first
 * leads every job; it is killed with SIGKILL (no shutdown, no unlock) while work it accepted is
 * still due; the second takes every job over within the retry interval and does that work once.
 * The work is of the shortest kind (one-minute positions, an auction opening and ending within
 * seconds), and once B leads, B's platform clock is moved past it rather than waited for.
 */
describe.runIf(usingPostgres())('production shape: kill -9 of the leader', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-failover-'));
  const started: Instance[] = [];
  let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let watcher: pg.Client | undefined;
  let database: Database | undefined;
  afterAll(async () => {
    for (const i of started) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
    await Promise.all(started.map((i) => i.exited));
    await database?.close();
    await watcher?.end();
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the other instance takes every job over within the retry interval, does the due work once, and the ledger reconciles', async () => {
    db = await createTestDatabase();
    const env = productionEnv(db.url, RETRY_MS);
    const locks = JOBS.map((j) => j.lock).sort((x, y) => x - y);
    const a = await startInstance('instance A', env, path.join(dataDir, 'a'));
    started.push(a);
    watcher = new pg.Client({ connectionString: db.url });
    await watcher.connect();
    await waitFor(
      'instance A leads every job',
      async () => ledBy(a, await jobRows(watcher!)).length === JOB_NAMES.length,
      10_000,
    ).catch(async () => expect(ledBy(a, await jobRows(watcher!)), 'jobs instance A leads').toEqual(JOB_NAMES));
    expect((await heldLocks(watcher)).join()).toBe(locks.join());
    database = await openDatabase({ databaseUrl: db.url, poolSize: 2 });
    const dbApp = { db: database.db };

    // work accepted by A and due after it is gone: three one-minute positions, an auction that opens and ends within seconds
    const u: TestUser = await createUser(dbApp);
    const op: TestUser = await createUser(dbApp, 'operator');
    await fund(dbApp, u.id, 'USDT', '10000');
    const orders: string[] = [];
    for (const direction of ['up', 'down', 'up']) {
      const r = await call(a, 'POST', TRADING_PATHS.buy, real(u), {
        code: 'BTCUSDT',
        direction,
        lots: '0.01',
        leverage: 10,
        period: 60,
        clientKey: crypto.randomUUID(),
      });
      expect(r.code, JSON.stringify(r)).toBe(Ok.PURCHASE_SUCCESSFUL);
      orders.push(r.result.id);
    }
    const now = Date.now();
    const listed = await call(
      a,
      'POST',
      '/admin-api/nfts',
      { authorization: op.token },
      {
        name: 'Short Harbour',
        creator: 'Test Studio',
        chain: 'Polygon',
        contractAddress: `0x${crypto.randomBytes(20).toString('hex')}`,
        tokenId: '424242',
        verified: true,
        saleType: 'auction',
        reservePrice: '50',
        startTime: new Date(now + 8000).toISOString(),
        endTime: new Date(now + 20_000).toISOString(),
      },
    );
    expect(listed.result, JSON.stringify(listed)).toMatchObject({ status: 'listed' });

    const b = await startInstance('instance B', env, path.join(dataDir, 'b'));
    started.push(b);
    a.child.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await a.exited).toBe(null);
    await waitFor(
      'instance B leads every job',
      async () => ledBy(b, await jobRows(watcher!)).length === JOB_NAMES.length,
      10_000,
    ).catch(async () => expect(ledBy(b, await jobRows(watcher!)), 'jobs instance B leads').toEqual(JOB_NAMES));
    const takeoverMs = Date.now() - killedAt;
    console.info(`takeover of ${JOB_NAMES.length} jobs after kill -9: ${takeoverMs} ms (retry interval ${RETRY_MS} ms)`);
    expect(takeoverMs).toBeLessThanOrEqual(TAKEOVER_BOUND_MS);
    expect((await heldLocks(watcher)).join()).toBe(locks.join());

    // the due work, done by B: its clock moves past the positions' minute and the auction's end;
    // the auction opens and ends unsold, the positions expire
    fs.writeFileSync(path.join(dataDir, 'b', 'clock-offset'), String(61_000));
    const nftId = listed.result.id as string;
    await waitFor(
      'the auction opened and ended unsold, seen on B',
      async () => (await call(b, 'GET', `/swx/customer/index/getNft/${nftId}`, {})).result.nft.status === 'unsold',
      40_000,
    );
    for (const id of orders) {
      const o = await waitFor(
        `position ${id} closed, seen on B`,
        async () => {
          const r = (await call(b, 'GET', `${TRADING_PATHS.get}${id}`, real(u))).result;
          return r.status === 'closed' && r;
        },
        90_000,
      );
      expect(o.closeReason).toBe('expiry');
    }

    // nothing ran twice: one transfer per idempotency key, one close per position
    const dupKeys = rows<{ k: string }>(
      await database.db.execute(sql`select idempotency_key as k from ledger_transfers group by 1 having count(*) > 1`),
    );
    expect(dupKeys).toEqual([]);
    for (const id of orders) {
      const keys = rows<{ k: string }>(
        await database.db.execute(
          sql`select idempotency_key as k from ledger_transfers where idempotency_key like ${`order:${id}:close%`}`,
        ),
      );
      expect(keys.map((k) => k.k)).toContain(`order:${id}:close`);
      const closed = rows<{ n: number }>(
        await database.db.execute(
          sql`select count(*)::int as n from notifications where ref_id = ${id} and kind = 'order.closed'`,
        ),
      );
      expect(Number(closed[0].n)).toBe(1);
    }

    // B stops cleanly; `npm run reconcile` on the PostgreSQL database passes
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
    const rec = spawn('npm', ['run', '--silent', 'reconcile'], {
      env: { ...process.env, DATABASE_URL: db.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    rec.stdout.on('data', (d) => (out += d));
    rec.stderr.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => rec.on('exit', resolve));
    expect(code, out).toBe(0);
    expect(out).toContain('PostgreSQL');
  }, 180_000);
});
