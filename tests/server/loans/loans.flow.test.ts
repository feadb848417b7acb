import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { body, usingPostgres, useTestApp } from '../helpers.ts';
import { adminCall, createUser, demo, fund, real, type TestUser } from '../wallet/walletFixtures.ts';
import { testClock } from '../smart/smartFixtures.ts';
import {
  clientKey,
  holdings,
  loanCounts,
  loanDetail,
  myLoans,
  repay,
  setPrices,
  submitLoan,
  terms,
  verifiedUser,
} from './loanFixtures.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { ledgerTransfers } from '../../../server/platform/ledger/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { DAY_MS } from '../../../src/contract/loanMath.ts';

/**
 * A verified customer's loan from quote to submission, four-eyes approval, daily interest with the
 * clock moved, partial and full repayment; rejection; refusals that write nothing; the ledger
 * reconciles after each story. Prices and the clock are moved by hand.
 */
describe(`loans: terms, submit, review, interest, repayment (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = testClock();
  const t = useTestApp(() => ({ clock: clock.now }));
  let op1: TestUser;
  let op2: TestUser;
  let version: string;
  beforeAll(async () => {
    op1 = await createUser(t.app, 'operator');
    op2 = await createUser(t.app, 'operator');
    setPrices(t.app, { BTCUSDT: 50000, ETHUSDT: 2500 });
    version = (await terms(t.app)).agreementVersion;
  });
  const approveBoth = async (id: string) => {
    expect((await adminCall(t.app, op1, 'POST', `/loans/${id}/approve`)).result.step).toBe('first');
    const r = await adminCall(t.app, op2, 'POST', `/loans/${id}/approve`);
    expect(r.result.step).toBe('final');
    return r.result.loan;
  };
  const reasons = async (id: string) =>
    (
      await t.app.db
        .select({ r: ledgerTransfers.reason, k: ledgerTransfers.idempotencyKey })
        .from(ledgerTransfers)
        .where(and(eq(ledgerTransfers.refType, 'loan'), eq(ledgerTransfers.refId, id)))
    ).map((x) => x.r);

  it('terms: the configured numbers and the current agreement in the request’s language', async () => {
    const en = await terms(t.app);
    expect(en).toMatchObject({
      days: [7, 14, 30, 60, 90],
      dailyRate: '0.0005',
      interestFreeDays: 3,
      overlayRate: '0.001',
      initialLtv: '0.65',
      warningLtv: '0.7',
      marginCallLtv: '0.75',
      liquidationLtv: '0.83',
      liquidationFee: '0.02',
      liquidationOverdueDays: 7,
      minAmount: '100.000000',
      maxAmount: '200000.000000',
      collateralAssets: ['BTC', 'ETH'],
      agreementLanguage: 'en',
    });
    expect(en.agreementText).toContain('0.05% of the outstanding principal per day');
    const es = await terms(t.app, 'es');
    expect(es.agreementVersion).toBe(en.agreementVersion);
    expect(es.agreementText).toContain('del 0.05 % diario');
  });

  it('submit: collateral at the feed price moved to loan collateral, waiting for review; a retry answers the first loan', async () => {
    const u = await verifiedUser(t.app, '1');
    const key = clientKey();
    const r = await submitLoan(t.app, u, version, { clientKey: key });
    expect(r.code).toBe(Ok.SUBMITTED_FOR_REVIEW);
    // 1000 ÷ (50,000 × 0.65) = 0.030769230769… rounded up
    expect(r.result).toMatchObject({
      amount: '1000.000000',
      collateralAsset: 'BTC',
      collateralAmount: '0.03076924',
      days: 30,
      status: 'pending_review',
      signed: true,
      agreementVersion: version,
      accruedInterest: '0.000000',
      startTime: null,
      dueDate: null,
      expectedRepayment: '1013.500000',
      ltv: '0.65',
    });
    const before = await loanCounts(t.app);
    expect((await submitLoan(t.app, u, version, { clientKey: key })).result.id).toBe(r.result.id);
    expect(await loanCounts(t.app)).toEqual(before);
    expect(await holdings(t.app, u, 'BTC')).toEqual({ available: '0.96923076', collateral: '0.03076924' });
    expect(await reasons(r.result.id)).toEqual(['loan.collateral_locked']);
    const [n] = await t.app.db.select().from(notifications).where(eq(notifications.refId, r.result.id));
    expect(n.kind).toBe('loan.submitted');
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('refusals write nothing: KYC, demo, term, amount, agreement, signature, collateral, a second pending loan', async () => {
    const unverified = await createUser(t.app);
    await fund(t.app, unverified.id, 'BTC', '1');
    const u = await verifiedUser(t.app, '1');
    const poor = await verifiedUser(t.app, '0.001');
    const before = await loanCounts(t.app);
    const text = { field: 'signature', content: Buffer.from('not an image at all'), filename: 's.png', type: 'image/png' };
    const cases: Array<[number, Promise<{ code: number }>]> = [
      [Err.USER_NOT_AUTHENTICATED, submitLoan(t.app, unverified, version)],
      [Err.DEMO_NOT_ALLOWED, submitLoan(t.app, u, version, {}, undefined, demo(u))],
      [Err.LOAN_PERIOD_WRONG, submitLoan(t.app, u, version, { days: '10' })],
      [Err.LOAN_AMOUNT_WRONG, submitLoan(t.app, u, version, { amount: '99.999999' })],
      [Err.LOAN_AMOUNT_WRONG, submitLoan(t.app, u, version, { amount: '200000.000001' })],
      [Err.LOAN_AMOUNT_WRONG, submitLoan(t.app, u, version, { amount: '150.1234567' })],
      [Err.LOAN_AGREEMENT_OUTDATED, submitLoan(t.app, u, version, { agreementVersion: '2020-01-01.1' })],
      [Err.LOAN_NOT_SIGNED, submitLoan(t.app, u, version, {}, null)],
      [Err.LOAN_NOT_SIGNED, submitLoan(t.app, u, version, { fullName: '   ' })],
      [Err.IMAGE_FORMAT_WRONG, submitLoan(t.app, u, version, {}, text)],
      [Err.INSUFFICIENT_BALANCE, submitLoan(t.app, poor, version)],
      [Err.MALFORMED_REQUEST, submitLoan(t.app, u, version, { collateralAsset: 'USDT' })],
    ];
    for (const [code, p] of cases) expect((await p).code).toBe(code);
    expect(await loanCounts(t.app)).toEqual(before);
    expect((await submitLoan(t.app, u, version)).code).toBe(Ok.SUBMITTED_FOR_REVIEW);
    const after = await loanCounts(t.app);
    expect((await submitLoan(t.app, u, version)).code).toBe(Err.LOAN_PENDING_EXISTS);
    expect(await loanCounts(t.app)).toEqual(after);
  });

  it('approval: four eyes (not the borrower, two different operators), audited; the principal comes from loans_issued', async () => {
    const u = await verifiedUser(t.app, '1');
    const id = (await submitLoan(t.app, u, version)).result.id;
    expect((await adminCall(t.app, op1, 'POST', `/loans/${id}/approve`)).result).toMatchObject({
      step: 'first',
      loan: { status: 'pending_review', firstApprovedBy: op1.id.toString() },
    });
    expect((await holdings(t.app, u, 'USDT')).available).toBe('0.000000');
    expect((await adminCall(t.app, op1, 'POST', `/loans/${id}/approve`)).code).toBe(Err.SECOND_OPERATOR_REQUIRED);
    const start = clock.now();
    const r = await adminCall(t.app, op2, 'POST', `/loans/${id}/approve`);
    expect(r.result).toMatchObject({
      step: 'final',
      loan: {
        status: 'repaying',
        startTime: new Date(start).toISOString(),
        dueDate: new Date(start + 30 * DAY_MS).toISOString(),
        interestStart: new Date(start + 3 * DAY_MS).toISOString(),
      },
    });
    expect((await adminCall(t.app, op1, 'POST', `/loans/${id}/approve`)).code).toBe(Err.STATUS_TRANSITION_DENIED);
    expect((await holdings(t.app, u, 'USDT')).available).toBe('1000.000000');
    expect(await reasons(id)).toEqual(['loan.collateral_locked', 'loan.disbursed']);
    const audit = (
      await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'loan'), eq(auditLog.targetId, id)))
    ).map((a) => [a.action, a.actorId]);
    expect(audit).toEqual([
      ['loan.approve_first', op1.id],
      ['loan.approve', op2.id],
    ]);
    // an operator who borrows cannot approve their own loan
    const opBorrower = await verifiedUser(t.app, '1', 'operator');
    const own = (await submitLoan(t.app, opBorrower, version)).result.id;
    expect((await adminCall(t.app, opBorrower, 'POST', `/loans/${own}/approve`)).code).toBe(Err.OWN_RECORD_REVIEW);
    // the statement shows each movement with its reason
    const st = body(await t.app.inject({ url: '/swx/customer/user/statement', headers: real(u) })).result;
    expect(st.rows.map((x: { reason: string }) => x.reason)).toEqual(
      expect.arrayContaining(['loan.disbursed', 'loan.collateral_locked']),
    );
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('rejection: reason shown, collateral released, audited', async () => {
    const u = await verifiedUser(t.app, '0.5');
    const id = (await submitLoan(t.app, u, version, { amount: '500' })).result.id;
    expect((await holdings(t.app, u, 'BTC')).collateral).toBe('0.01538462');
    const r = await adminCall(t.app, op1, 'POST', `/loans/${id}/reject`, { reason: 'Collateral source unclear' });
    expect(r.result.loan).toMatchObject({
      status: 'rejected',
      rejectReason: 'Collateral source unclear',
      collateralAmount: '0.01538462',
    });
    expect(await holdings(t.app, u, 'BTC')).toEqual({ available: '0.50000000', collateral: '0.00000000' });
    expect(await reasons(id)).toEqual(['loan.collateral_locked', 'loan.collateral_released']);
    expect((await adminCall(t.app, op2, 'POST', `/loans/${id}/approve`)).code).toBe(Err.STATUS_TRANSITION_DENIED);
    const kinds = (await t.app.db.select({ k: notifications.kind }).from(notifications).where(eq(notifications.refId, id))).map(
      (x) => x.k,
    );
    expect(kinds.sort()).toEqual(['loan.rejected', 'loan.submitted']);
    expect((await myLoans(t.app, u))[0].rejectReason).toBe('Collateral source unclear');
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('interest: free days, then one row per day; a run again writes nothing; missed days are caught up', async () => {
    const u = await verifiedUser(t.app, '1');
    const id = (await submitLoan(t.app, u, version)).result.id;
    await approveBoth(id);
    clock.days(2);
    await t.app.loans.runDue();
    const before = await loanCounts(t.app);
    await t.app.loans.runDue();
    expect(await loanCounts(t.app)).toEqual(before);
    let d = (await loanDetail(t.app, u, id)).result;
    expect(d.accruals.map((a: { day: number; amount: string }) => [a.day, a.amount])).toEqual([
      [1, '0.000000'],
      [2, '0.000000'],
    ]);
    // the scheduler was down for five days: the first run writes them all
    clock.days(5);
    await t.app.loans.runDue();
    d = (await loanDetail(t.app, u, id)).result;
    expect(d.accruals.map((a: { day: number; rate: string; amount: string }) => [a.day, a.rate, a.amount])).toEqual([
      [1, '0', '0.000000'],
      [2, '0', '0.000000'],
      [3, '0', '0.000000'],
      [4, '0.0005', '0.500000'],
      [5, '0.0005', '0.500000'],
      [6, '0.0005', '0.500000'],
      [7, '0.0005', '0.500000'],
    ]);
    expect(d.loan).toMatchObject({
      accruedInterest: '2.000000',
      repaymentAmount: '1002.000000',
      principalOutstanding: '1000.000000',
      status: 'repaying',
    });
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('repayment: interest first, then principal; the whole debt releases the collateral; retries and overpayment move nothing', async () => {
    const u = await verifiedUser(t.app, '1');
    await fund(t.app, u.id, 'USDT', '50');
    const id = (await submitLoan(t.app, u, version)).result.id;
    await approveBoth(id);
    clock.days(5); // days 4 and 5: 1.0 of interest
    const key = clientKey();
    const first = await repay(t.app, u, id, '0.6', key);
    expect(first.result).toMatchObject({ accruedInterest: '0.400000', principalOutstanding: '1000.000000', status: 'repaying' });
    const before = await loanCounts(t.app);
    expect((await repay(t.app, u, id, '0.6', key)).result.accruedInterest).toBe('0.400000');
    expect((await repay(t.app, u, id, '1000.400001')).code).toBe(Err.LOAN_REPAY_AMOUNT_WRONG);
    expect((await repay(t.app, u, id, '0')).code).toBe(Err.LOAN_REPAY_AMOUNT_WRONG);
    expect((await repay(t.app, u, id, '1.0000001')).code).toBe(Err.AMOUNT_INVALID);
    const stranger = await verifiedUser(t.app, '0');
    expect((await repay(t.app, stranger, id, '1')).code).toBe(Err.RECORD_NOT_FOUND);
    expect((await loanDetail(t.app, stranger, id)).code).toBe(Err.RECORD_NOT_FOUND);
    expect(await loanCounts(t.app)).toEqual(before);
    const second = await repay(t.app, u, id, '100.4');
    expect(second.result).toMatchObject({ accruedInterest: '0.000000', principalOutstanding: '900.000000' });
    clock.days(1); // day 6 on 900: 0.45
    await t.app.loans.runDue();
    const d = (await loanDetail(t.app, u, id)).result;
    expect(d.accruals.at(-1)).toMatchObject({ day: 6, principal: '900.000000', amount: '0.450000' });
    expect(d.movements.map((m: { interest: string; principal: string }) => [m.interest, m.principal])).toEqual([
      ['0.600000', '0.000000'],
      ['0.400000', '100.000000'],
    ]);
    const done = await repay(t.app, u, id, '900.45');
    expect(done.result).toMatchObject({
      status: 'repaid',
      repaymentAmount: '0.000000',
      accruedInterest: '0.000000',
      totalInterest: '1.450000',
    });
    expect(await holdings(t.app, u, 'BTC')).toEqual({ available: '1.00000000', collateral: '0.00000000' });
    // 50 + 1000 borrowed − 1001.45 repaid
    expect((await holdings(t.app, u, 'USDT')).available).toBe('48.550000');
    expect((await repay(t.app, u, id, '1')).code).toBe(Err.STATUS_TRANSITION_DENIED);
    expect(await reasons(id)).toEqual([
      'loan.collateral_locked',
      'loan.disbursed',
      'loan.interest_paid',
      'loan.interest_paid',
      'loan.principal_repaid',
      'loan.interest_paid',
      'loan.principal_repaid',
      'loan.collateral_released',
    ]);
    const kinds = (await t.app.db.select({ k: notifications.kind }).from(notifications).where(eq(notifications.refId, id))).map(
      (x) => x.k,
    );
    expect(kinds).toEqual(['loan.submitted', 'loan.approved', 'loan.repayment', 'loan.repayment', 'loan.repaid']);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('an approval is refused when the borrower is no longer verified', async () => {
    const u = await verifiedUser(t.app, '1');
    const id = (await submitLoan(t.app, u, version)).result.id;
    await adminCall(t.app, op1, 'POST', `/loans/${id}/approve`);
    await t.app.db.update(users).set({ kycStatus: 'rejected' }).where(eq(users.id, u.id));
    const before = await loanCounts(t.app);
    expect((await adminCall(t.app, op2, 'POST', `/loans/${id}/approve`)).code).toBe(Err.USER_NOT_AUTHENTICATED);
    expect(await loanCounts(t.app)).toEqual(before);
  });
});
