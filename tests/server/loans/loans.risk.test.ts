import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { buildTestApp, usingPostgres, useTestApp, type TestApp } from '../helpers.ts';
import { adminCall, createUser, type TestUser } from '../wallet/walletFixtures.ts';
import { testClock } from '../smart/smartFixtures.ts';
import { holdings, loanCounts, loanDetail, myLoans, setPrices, submitLoan, terms, verifiedUser } from './loanFixtures.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { ledgerTransfers } from '../../../server/platform/ledger/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { Err } from '../../../src/contract/errors.ts';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * What prices and time do to a running loan: the warning and the margin call once per crossing,
 * the partial liquidation back to the initial LTV, the full one when the collateral no longer
 * covers the debt or 7 days past the due date (the rest returned), overdue at the overlay rate,
 * a stale price pausing everything that needs one, and two schedulers never accruing a day twice.
 */
describe(`loans: LTV watch, liquidation, overdue, two schedulers (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = testClock();
  const t = useTestApp(() => ({ clock: clock.now }));
  let op1: TestUser;
  let op2: TestUser;
  let version: string;
  beforeAll(async () => {
    op1 = await createUser(t.app, 'operator');
    op2 = await createUser(t.app, 'operator');
    setPrices(t.app, { BTCUSDT: 50000 });
    version = (await terms(t.app)).agreementVersion;
  });
  const borrow = async (u: TestUser, f: { amount?: string; days?: string } = {}) => {
    setPrices(t.app, { BTCUSDT: 50000 });
    const id = (await submitLoan(t.app, u, version, f)).result.id as string;
    await adminCall(t.app, op1, 'POST', `/loans/${id}/approve`);
    expect((await adminCall(t.app, op2, 'POST', `/loans/${id}/approve`)).result.step).toBe('final');
    return id;
  };
  const kinds = async (id: string) =>
    (await t.app.db.select({ k: notifications.kind }).from(notifications).where(eq(notifications.refId, id))).map((x) => x.k);
  const at = async (price: number) => {
    setPrices(t.app, { BTCUSDT: price });
    return t.app.loans.runDue();
  };

  it('warning at 70 %, margin call at 75 %, each once per crossing; then a partial liquidation back to 65 %, then a full one with the shortfall', async () => {
    const u = await verifiedUser(t.app, '1');
    const id = await borrow(u);
    const [loan] = await myLoans(t.app, u);
    expect(loan).toMatchObject({ ltv: '0.65', price: '50000.00', liquidationPrice: '39156.62' });
    expect((await at(46000)).warnings).toBe(1);
    expect((await at(46000)).warnings).toBe(0);
    expect((await at(42000)).warnings).toBe(1);
    expect((await at(41000)).warnings).toBe(0);
    // back under the margin call, then across it again: warned again
    expect((await at(45000)).warnings).toBe(0);
    expect((await at(43000)).warnings).toBe(1);
    expect(await kinds(id)).toEqual([
      'loan.submitted',
      'loan.approved',
      'loan.ltv_warning',
      'loan.margin_call',
      'loan.margin_call',
    ]);

    const before = (await loanDetail(t.app, u, id)).result.loan;
    expect((await at(38000)).liquidations).toBe(1);
    const d = (await loanDetail(t.app, u, id)).result;
    expect(d.loan.status).toBe('repaying');
    const sale = d.movements[0];
    expect(sale).toMatchObject({ kind: 'liquidation', price: '38000', interest: '0.000000', returned: '0.000000' });
    expect(new Decimal(sale.sold).mul(38000).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6)).toBe(
      new Decimal(sale.principal).add(sale.fee).toFixed(6),
    );
    expect(new Decimal(sale.fee).div(sale.principal).toNumber()).toBeCloseTo(0.02, 5);
    expect(new Decimal(d.loan.collateralAmount).toFixed(8)).toBe(new Decimal(before.collateralAmount).sub(sale.sold).toFixed(8));
    expect(new Decimal(d.loan.principalOutstanding).toFixed(6)).toBe(new Decimal(1000).sub(sale.principal).toFixed(6));
    expect(Number(d.loan.ltv)).toBeGreaterThan(0.6499);
    expect(Number(d.loan.ltv)).toBeLessThanOrEqual(0.6501);
    expect((await at(38000)).liquidations).toBe(0);

    // the price halves: the collateral no longer covers the debt and its fee: all of it is sold
    expect((await at(19000)).liquidations).toBe(1);
    const end = (await loanDetail(t.app, u, id)).result;
    expect(end.loan).toMatchObject({
      status: 'liquidated',
      collateralAmount: '0.00000000',
      liquidationReturned: '0.000000',
      repaymentAmount: '0.000000',
    });
    expect((await holdings(t.app, u, 'BTC')).collateral).toBe('0.00000000');
    expect((await kinds(id)).slice(-2)).toEqual(['loan.liquidated_partly', 'loan.liquidated']);
    expect((await t.app.loans.runDue()).loans).toBe(0);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('overdue after the due date at the overlay rate; 7 days overdue everything is sold, the debt and fee paid and the rest returned', async () => {
    const u = await verifiedUser(t.app, '1');
    const id = await borrow(u, { days: '7' });
    clock.days(7);
    await at(50000);
    expect((await myLoans(t.app, u))[0]).toMatchObject({ status: 'overdue', accruedInterest: '2.000000' });
    expect((await kinds(id)).at(-1)).toBe('loan.overdue');
    clock.days(6);
    expect((await at(50000)).liquidations).toBe(0);
    clock.days(1);
    expect((await at(50000)).liquidations).toBe(1);
    const d = (await loanDetail(t.app, u, id)).result;
    // days 4–7 at 0.05 % (2.0), days 8–14 at the overlay 0.10 % (7.0): debt 1009; fee 2 % = 20.18
    expect(d.accruals.slice(7).map((a: { rate: string; amount: string }) => [a.rate, a.amount])).toEqual(
      Array(7).fill(['0.001', '1.000000']),
    );
    expect(d.movements[0]).toMatchObject({
      sold: '0.03076924',
      price: '50000',
      interest: '9.000000',
      principal: '1000.000000',
      fee: '20.180000',
      returned: '509.282000',
    });
    expect(d.loan).toMatchObject({ status: 'liquidated', liquidationReturned: '509.282000' });
    // the 1000 borrowed stayed in available; the rest of the sale came back on top
    expect((await holdings(t.app, u, 'USDT')).available).toBe('1509.282000');
    expect(await holdings(t.app, u, 'BTC')).toEqual({ available: '0.96923076', collateral: '0.00000000' });
    const reasons = (
      await t.app.db
        .select({ r: ledgerTransfers.reason })
        .from(ledgerTransfers)
        .where(and(eq(ledgerTransfers.refType, 'loan'), eq(ledgerTransfers.refId, id)))
    ).map((x) => x.r);
    expect(reasons).toEqual([
      'loan.collateral_locked',
      'loan.disbursed',
      'loan.collateral_sold',
      'loan.liquidation_proceeds',
      'loan.interest_paid',
      'loan.principal_repaid',
      'loan.liquidation_fee',
    ]);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('a stale price pauses the watch (nothing sold, no warning) and refuses new loans; interest still accrues', async () => {
    const u = await verifiedUser(t.app, '1');
    const id = await borrow(u);
    setPrices(t.app, { BTCUSDT: 30000 });
    const q = t.app.market.get('BTCUSDT')!;
    const seen = q.seenAt;
    t.app.market.feedExpected = true;
    q.seenAt = t.app.clock.now() - 10 * 60_000;
    try {
      clock.days(4);
      const r = await t.app.loans.runDue();
      expect(r).toMatchObject({ liquidations: 0, warnings: 0 });
      expect(r.paused).toBeGreaterThanOrEqual(1);
      const d = (await loanDetail(t.app, u, id)).result;
      expect(d.loan).toMatchObject({
        status: 'repaying',
        ltv: null,
        price: null,
        collateralAmount: '0.03076924',
        accruedInterest: '0.500000',
      });
      const other = await verifiedUser(t.app, '1');
      const before = await loanCounts(t.app);
      expect((await submitLoan(t.app, other, version)).code).toBe(Err.PRICE_UNAVAILABLE);
      expect(await loanCounts(t.app)).toEqual(before);
    } finally {
      t.app.market.feedExpected = false;
      q.seenAt = seen;
    }
    // a fresh price again: the watch goes on
    expect((await at(30000)).liquidations).toBe(1);
  });

  it('two scheduler runs at once accrue each day once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await borrow(await verifiedUser(t.app, '1')));
    clock.days(5);
    await Promise.all([t.app.loans.runDue(), t.app.loans.runDue(), t.app.loans.runDue()]);
    const dup = rows<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from loan_accruals group by loan_id, day having count(*) > 1`),
    );
    expect(dup).toEqual([]);
    for (const id of ids) {
      const [{ n }] = rows<{ n: number }>(
        await t.app.db.execute(sql`select count(*)::int as n from loan_accruals where loan_id = ${id}`),
      );
      expect(Number(n)).toBe(5);
    }
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  describe.skipIf(!usingPostgres())('two instances on one database', () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await buildTestApp({ databaseUrl: t.config.databaseUrl, clock: clock.now });
      setPrices(second.app, { BTCUSDT: 50000 });
      return () => second.close();
    });

    it('both running the scheduler at once accrue each day once and liquidate once', async () => {
      setPrices(t.app, { BTCUSDT: 50000 });
      const [before] = rows<{ n: number }>(await t.app.db.execute(sql`select count(*)::int as n from loan_accruals`));
      clock.days(1);
      const [a, b] = await Promise.all([t.app.loans.runDue(), second.app.loans.runDue()]);
      const [after] = rows<{ n: number }>(await t.app.db.execute(sql`select count(*)::int as n from loan_accruals`));
      expect(a.accrued + b.accrued).toBe(Number(after.n) - Number(before.n));
      expect(Number(after.n) - Number(before.n)).toBeGreaterThanOrEqual(4);
      const dup = rows<{ n: number }>(
        await t.app.db.execute(sql`select count(*)::int as n from loan_accruals group by loan_id, day having count(*) > 1`),
      );
      expect(dup).toEqual([]);
      setPrices(t.app, { BTCUSDT: 36000 });
      setPrices(second.app, { BTCUSDT: 36000 });
      const [c, e] = await Promise.all([t.app.loans.runDue(), second.app.loans.runDue()]);
      expect(c.liquidations + e.liquidations).toBe(4);
      expect((await reconcile(t.app.db)).ok).toBe(true);
    });
  });
});
