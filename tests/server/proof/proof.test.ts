import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { body, usingPostgres, useTestApp, waitFor } from '../helpers.ts';
import { adminCall, createUser, fund, real, type TestUser } from '../wallet/walletFixtures.ts';
import { buy, fundReserve, productIds, testClock } from '../smart/smartFixtures.ts';
import { platformAccount, userAccount, type UserPurpose } from '../../../server/platform/ledger/accounts.ts';
import { transfer } from '../../../server/platform/ledger/ledger.ts';
import { attestedHoldings } from '../../../server/proof/reserves/holdings.ts';
import { periodOf } from '../../../server/proof/snapshot.ts';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { liabilityLeaves, liabilitySnapshots } from '../../../server/proof/schema.ts';
import { reserveHoldings, reserveWallets } from '../../../server/proof/reserves/schema.ts';
import { verifyInclusion, type InclusionProofData } from '../../../src/contract/merkleSum.ts';
import type { Asset } from '../../../src/contract/constants.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { verify as scriptVerify } from '../../../scripts/verify-proof.mjs';

/**
 * Proof of liabilities end to end (docs/ledger.md): after a run of mixed operations the snapshot
 * equals the ledger, user by user and in total; every customer's proof verifies (service rules and
 * the standalone script) against the published root; a ledger that does not add up gives a failed
 * snapshot that is never published; the daily job takes one per platform day; reserve records are
 * audited, refused with codes that write nothing, and `attestedHoldings` counts attested ones only.
 */
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
let seq = 0;
/** A transfer as a business flow makes it (the purposes' own flows are tested in their domains). */
async function move(
  app: FastifyInstance,
  userId: bigint,
  asset: Asset,
  from: UserPurpose | 'platform',
  to: UserPurpose | 'platform',
  amount: string,
) {
  await app.db.transaction((tx) =>
    transfer(tx, {
      key: `proof-test:${userId}:${++seq}:${Math.random()}`,
      book: 'real',
      asset,
      from: from === 'platform' ? platformAccount('payouts') : userAccount(userId, from),
      to: to === 'platform' ? platformAccount('payouts') : userAccount(userId, to),
      amount,
      reason: 'deposit.approved',
    }),
  );
}

/** Each user's real-book total per asset and the customers' totals, straight from the ledger. */
async function ledgerView(app: FastifyInstance) {
  const perUser = rows<{ user_id: string; asset: string; total: string }>(
    await app.db.execute(sql`
    select user_id::text as user_id, asset, sum(balance)::text as total from ledger_accounts
    where owner_kind = 'user' and book = 'real' group by user_id, asset`),
  );
  const totals = rows<{ asset: string; total: string }>(
    await app.db.execute(sql`
    select asset, sum(balance)::text as total from ledger_accounts where owner_kind = 'user' and book = 'real' group by asset`),
  );
  return { perUser, totals: Object.fromEntries(totals.map((t) => [t.asset, t.total])) };
}

const snapshotNow = async (app: FastifyInstance, op: TestUser) =>
  adminCall(app, op, 'POST', '/proof/snapshots', { reason: 'month-end check' });
const myProof = async (app: FastifyInstance, u: TestUser) =>
  body<InclusionProofData>(await app.inject({ url: '/swx/customer/user/proof', headers: real(u) }));
const summary = async (app: FastifyInstance) => body(await app.inject({ url: '/swx/customer/index/proof' })).result;

describe(`proof of liabilities (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = testClock();
  const t = useTestApp(() => ({ clock: clock.now }));
  let op: TestUser;
  let customers: TestUser[];
  let demoOnly: TestUser;

  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    customers = [await createUser(t.app), await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    demoOnly = await createUser(t.app);
  });

  it("before any snapshot: the public page has no root and a customer's proof is refused with 10250", async () => {
    expect(await summary(t.app)).toEqual({ snapshot: null, assets: [], wallets: [] });
    expect((await myProof(t.app, customers[0])).code).toBe(Err.PROOF_NO_SNAPSHOT);
  });

  it('after mixed operations the snapshot equals the ledger per user and in total, and every proof verifies against the published root', async () => {
    const [a, b, c, d] = customers;
    await fund(t.app, a.id, 'USDT', '5000');
    await fund(t.app, a.id, 'BTC', '0.75');
    await fund(t.app, b.id, 'USDT', '1234.567891');
    await fund(t.app, b.id, 'ETH', '3.2');
    await fund(t.app, c.id, 'BTC', '0.00000001');
    await fund(t.app, d.id, 'USDT', '10');
    await fund(t.app, demoOnly.id, 'USDT', '999', 'demo');
    // a smart plan through its real flow: principal locked, yield from the house's reserve
    await fundReserve(t.app, op, '1000');
    expect((await buy(t.app, a, { productId: (await productIds(t.app))['Steady 30'], amount: '1000', days: 30 })).code).toBe(
      Ok.PURCHASE_SUCCESSFUL,
    );
    // money in every other purpose a customer's balance can sit in
    await move(t.app, a.id, 'USDT', 'available', 'withdrawal_hold', '250');
    await move(t.app, b.id, 'USDT', 'available', 'order_margin', '34.567891');
    await move(t.app, a.id, 'BTC', 'available', 'loan_collateral', '0.5');
    await move(t.app, b.id, 'ETH', 'available', 'nft_bid_hold', '0.2');
    await move(t.app, d.id, 'USDT', 'available', 'platform', '10'); // paid out: d holds nothing now
    await move(t.app, b.id, 'USDT', 'order_margin', 'platform', '4.567891'); // a trade lost

    const r = await snapshotNow(t.app, op);
    expect(r.code).toBe(200);
    expect(r.result).toMatchObject({ status: 'published', trigger: 'operator', users: 4, error: null });
    const [audited] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'liabilities_snapshot.take'));
    expect(audited).toMatchObject({
      actorId: op.id,
      targetId: r.result.id,
      after: { status: 'published', reason: 'month-end check' },
    });
    // a request without a reason is refused and takes nothing
    const before = Number((await t.app.db.select({ n: count() }).from(liabilitySnapshots))[0].n);
    expect((await adminCall(t.app, op, 'POST', '/proof/snapshots', {})).code).toBe(Err.MALFORMED_REQUEST);
    expect(Number((await t.app.db.select({ n: count() }).from(liabilitySnapshots))[0].n)).toBe(before);
    const ledger = await ledgerView(t.app);
    expect(r.result.totals).toEqual({ USDT: '6230.000000', BTC: '0.75000001', ETH: '3.20000000' });
    for (const [asset, total] of Object.entries(r.result.totals as Record<string, string>)) {
      expect(Number(total)).toBe(Number(ledger.totals[asset]));
      expect(r.result.ledgerTotals.customers[asset]).toBe(total);
      expect(r.result.ledgerTotals.platform[asset]).toBe(total);
    }

    const pub = await summary(t.app);
    expect(pub.snapshot).toMatchObject({
      id: r.result.id,
      rootHash: r.result.rootHash,
      users: 4,
      format: 'pol2',
      leafCount: 16, // 4 customers in 3 parts each, padded
      chainBlock: null,
      takenAt: new Date(clock.now()).toISOString(),
    });
    expect(pub.assets.map((x: { asset: string; liabilities: string }) => [x.asset, x.liabilities])).toEqual([
      ['USDT', '6230.000000'],
      ['BTC', '0.75000001'],
      ['ETH', '3.20000000'],
    ]);

    for (const u of customers) {
      const p = await myProof(t.app, u);
      expect(p.code).toBe(200);
      const mine = ledger.perUser.filter((x) => x.user_id === u.id.toString());
      p.result.assets.forEach((asset, i) =>
        expect(Number(p.result.balances[i])).toBe(Number(mine.find((x) => x.asset === asset)?.total ?? 0)),
      );
      expect(verifyInclusion(p.result)).toMatchObject({ ok: true, rootHash: pub.snapshot.rootHash });
      expect(scriptVerify(p.result)).toEqual({ ok: true, hash: pub.snapshot.rootHash });
      // in parts (PROOF_PARTS, default 3), none of which is the balances; but zero is zero in every
      // part (d's), and dust of fewer smallest units than parts cannot be cut (c's 0.00000001 BTC)
      expect(p.result).toMatchObject({ format: 'pol2', parts: expect.any(Array) });
      if (p.result.format === 'pol2') {
        expect(p.result.parts).toHaveLength(3);
        if (u !== c && u !== d) for (const part of p.result.parts) expect(part.amounts).not.toEqual(p.result.balances);
      }
    }
    // a's leaf: 5000 − 1000 (plan) − 250 (hold) + 1000 + 250 = 5000 USDT; 0.75 BTC of which 0.5 is collateral
    expect((await myProof(t.app, a)).result.balances).toEqual(['5000.000000', '0.75000000', '0.00000000']);
    // d's zero balances are in the tree too (counted at zero); demo money never is
    expect((await myProof(t.app, d)).result.balances).toEqual(['0.000000', '0.00000000', '0.00000000']);
    const refused = await myProof(t.app, demoOnly);
    expect(refused.code).toBe(Err.PROOF_NOT_IN_SNAPSHOT);
    expect(refused.msg).toContain(new Date(clock.now()).toISOString());
  });

  it('a snapshot taken while money moves is still one moment of the ledger', async () => {
    const [a, b] = customers;
    const before = Number((await t.app.db.select({ n: count() }).from(liabilitySnapshots))[0].n);
    const moves = Array.from({ length: 20 }, (_, i) =>
      move(t.app, i % 2 ? a.id : b.id, 'USDT', 'platform', 'available', '1.000001'),
    );
    const [snap] = await Promise.all([snapshotNow(t.app, op), ...moves]);
    expect(snap.result).toMatchObject({ status: 'published' });
    expect(snap.result.ledgerTotals.customers).toEqual(snap.result.totals);
    expect(Number((await t.app.db.select({ n: count() }).from(liabilitySnapshots))[0].n)).toBe(before + 1);
    // and its proofs verify against its root
    const p = await myProof(t.app, a);
    expect(verifyInclusion(p.result)).toMatchObject({ ok: true, rootHash: snap.result.rootHash });
  });

  it('a ledger that does not add up gives a failed snapshot, recorded with both totals and never published', async () => {
    const published = (await summary(t.app)).snapshot;
    const leavesBefore = Number((await t.app.db.select({ n: count() }).from(liabilityLeaves))[0].n);
    const [acct] = rows<{ id: string }>(
      await t.app.db.execute(sql`
      select id::text as id from ledger_accounts where owner_kind = 'user' and user_id = ${customers[2].id.toString()}::bigint and book = 'real' and asset = 'BTC' and purpose = 'available'`),
    );
    // a balance edited without a transfer: what the snapshot must catch
    await t.app.db.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${acct.id}::bigint`);
    try {
      const r = await snapshotNow(t.app, op);
      expect(r.result).toMatchObject({ status: 'failed', rootHash: null, error: expect.stringContaining('platform accounts') });
      expect(Number(r.result.ledgerTotals.customers.BTC) - Number(r.result.ledgerTotals.platform.BTC)).toBeCloseTo(1, 8);
      expect((await summary(t.app)).snapshot).toEqual(published);
      expect(Number((await t.app.db.select({ n: count() }).from(liabilityLeaves))[0].n)).toBe(leavesBefore);
      // the daily job fails loudly while today's snapshot has failed
      await expect(t.app.proof.runDue()).rejects.toThrow(/failed/);
      const listed = await adminCall(t.app, op, 'GET', '/proof/snapshots');
      expect(listed.result.rows[0]).toMatchObject({ id: r.result.id, status: 'failed' });
    } finally {
      await t.app.db.execute(sql`update ledger_accounts set balance = balance - 1 where id = ${acct.id}::bigint`);
    }
  });

  it("the daily job takes one snapshot per platform day, also when runs overlap, and the next day's proofs lead to the new root", async () => {
    clock.ms(86_400_000);
    // three runs at once (as on two instances): one takes the day's, the others nothing
    const runs = await Promise.all([t.app.proof.runDue(), t.app.proof.runDue(), t.app.proof.runDue()]);
    expect(runs.filter((r) => r.taken)).toHaveLength(1);
    expect(await t.app.proof.runDue()).toEqual({ taken: false });
    expect(
      await t.app.db
        .select({ id: liabilitySnapshots.id })
        .from(liabilitySnapshots)
        .where(eq(liabilitySnapshots.period, periodOf(clock.now()))),
    ).toHaveLength(1);
    const pub = (await summary(t.app)).snapshot;
    const [latest] = await t.app.db.select().from(liabilitySnapshots).where(eq(liabilitySnapshots.rootHash, pub.rootHash));
    expect(latest).toMatchObject({ status: 'published', trigger: 'schedule' });
    expect(latest.takenAt.getTime()).toBe(clock.now());
    const p = await myProof(t.app, customers[1]);
    expect(verifyInclusion(p.result)).toMatchObject({ ok: true, rootHash: pub.rootHash });
  });

  it.runIf(usingPostgres())(
    'a run whose day another run stores while it reads takes nothing: its insert is refused, and run again it finds the day taken',
    async () => {
      clock.ms(86_400_000);
      const other = await t.app.database.pool!.connect();
      let id: string | undefined;
      try {
        // another instance's run of the day, not committed yet: this run cannot see it and takes its own
        await other.query('begin');
        id = (
          await other.query<{ id: string }>(
            `insert into liability_snapshots (format, status, trigger, taken_at, assets, period)
        values ('pol2', 'published', 'schedule', $1, '[]', $2) returning id::text as id`,
            [new Date(clock.now()), periodOf(clock.now())],
          )
        ).rows[0].id;
        const run = t.app.proof.runDue();
        await waitFor(
          "the run waits on the day's row",
          async () =>
            rows<{ n: number }>(
              await t.app.db.execute(sql`
        select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`),
            )[0].n > 0,
        );
        await other.query('commit');
        expect(await run).toEqual({ taken: false });
        expect(
          (
            await t.app.db
              .select({ id: liabilitySnapshots.id })
              .from(liabilitySnapshots)
              .where(eq(liabilitySnapshots.period, periodOf(clock.now())))
          ).map((r) => r.id.toString()),
        ).toEqual([id]);
      } finally {
        await other.query('rollback').catch(() => undefined);
        other.release();
        // the stand-in has no leaves: the public page must not show it to the next test
        if (id) await t.app.db.delete(liabilitySnapshots).where(eq(liabilitySnapshots.id, BigInt(id)));
      }
    },
  );

  it('reserves: wallets and holdings are audited; bad ones are refused and write nothing; only attested figures bound', async () => {
    const n = async () => ({
      wallets: Number((await t.app.db.select({ n: count() }).from(reserveWallets))[0].n),
      holdings: Number((await t.app.db.select({ n: count() }).from(reserveHoldings))[0].n),
      audit: Number((await t.app.db.select({ n: count() }).from(auditLog))[0].n),
    });
    const asOf = new Date(clock.now() - 3_600_000).toISOString();
    const start = await n();
    const refusals: Array<[number, string, object]> = [
      [
        Err.RESERVE_ADDRESS_INVALID,
        '/reserves/wallets',
        { asset: 'BTC', network: 'BTC', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', label: 'cold' },
      ],
      [
        Err.RESERVE_ADDRESS_INVALID,
        '/reserves/wallets',
        { asset: 'BTC', network: 'ERC20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', label: 'cold' },
      ],
      [
        Err.RESERVE_AS_OF_FUTURE,
        '/reserves/holdings',
        { asset: 'BTC', amount: '1', asOf: new Date(clock.now() + 60_000).toISOString() },
      ],
      [Err.RESERVE_ATTESTATION_INCOMPLETE, '/reserves/holdings', { asset: 'BTC', amount: '1', asOf, attestor: 'Audit & Co' }],
      [Err.AMOUNT_INVALID, '/reserves/holdings', { asset: 'BTC', amount: '1.000000001', asOf }],
    ];
    for (const [code, url, payload] of refusals) expect((await adminCall(t.app, op, 'POST', url, payload)).code, url).toBe(code);
    expect(await n()).toEqual(start);
    // customers cannot record reserves
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/admin-api/reserves/wallets',
          headers: { authorization: customers[0].token },
          payload: { asset: 'BTC', network: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', label: 'x' },
        })
      ).statusCode,
    ).toBe(403);

    expect(
      (
        await adminCall(t.app, op, 'POST', '/reserves/wallets', {
          asset: 'BTC',
          network: 'BTC',
          address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
          label: 'cold storage',
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await adminCall(t.app, op, 'POST', '/reserves/wallets', {
          asset: 'BTC',
          network: 'BTC',
          address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
          label: 'again',
        })
      ).code,
    ).toBe(Err.RESERVE_ADDRESS_EXISTS);
    expect(
      (
        await adminCall(t.app, op, 'POST', '/reserves/wallets', {
          asset: 'USDT',
          network: 'TRC20',
          address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
          label: 'hot',
        })
      ).code,
    ).toBe(200);
    const key = 'attest-btc-0001';
    const attested = { asset: 'BTC', amount: '0.9', asOf, attestor: 'Audit & Co', reportRef: 'AC-2026-11', clientKey: key };
    expect((await adminCall(t.app, op, 'POST', '/reserves/holdings', attested)).code).toBe(200);
    expect((await adminCall(t.app, op, 'POST', '/reserves/holdings', attested)).code).toBe(200); // retried: recorded once
    expect((await adminCall(t.app, op, 'POST', '/reserves/holdings', { asset: 'USDT', amount: '7000', asOf })).code).toBe(200);
    expect(await n()).toEqual({ wallets: start.wallets + 2, holdings: start.holdings + 2, audit: start.audit + 4 });
    const actions = (await t.app.db.select({ action: auditLog.action }).from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['reserve_wallet.record', 'reserve_holding.attest', 'reserve_holding.declare']),
    );

    expect(await attestedHoldings(t.app.db, 'BTC')).toBe('0.90000000');
    expect(await attestedHoldings(t.app.db, 'USDT')).toBe('0.000000'); // only declared
    // a newer declared figure shows on the page, but the attested bound stays
    expect(
      (
        await adminCall(t.app, op, 'POST', '/reserves/holdings', {
          asset: 'BTC',
          amount: '5',
          asOf: new Date(clock.now()).toISOString(),
        })
      ).code,
    ).toBe(200);
    expect(await attestedHoldings(t.app.db, 'BTC')).toBe('0.90000000');

    const pub = await summary(t.app);
    const line = (asset: string) => pub.assets.find((x: { asset: string }) => x.asset === asset);
    expect(line('USDT')).toMatchObject({
      holding: { kind: 'declared', amount: '7000.000000', attestor: null },
      ratio: expect.stringMatching(/^1\.\d{4}$/),
    });
    expect(line('BTC')).toMatchObject({ holding: { kind: 'declared', amount: '5.00000000' } });
    expect(line('ETH')).toMatchObject({ holding: null, ratio: null });
    // without CHAIN_ETH_RPC_URL nothing is read from a chain: no on-chain kind, no block
    for (const a of pub.assets) expect(a.onChain).toBeNull();
    expect(pub.snapshot.chainBlock).toBeNull();
    expect(pub.wallets.map((w: { network: string; label: string }) => [w.network, w.label])).toEqual([
      ['BTC', 'cold storage'],
      ['TRC20', 'hot'],
    ]);
  });
});
