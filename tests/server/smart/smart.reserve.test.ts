import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import { usingPostgres, useTestApp } from '../helpers.ts';
import { adminCall, createUser, type TestUser } from '../wallet/walletFixtures.ts';
import { addedOperator } from '../operatorFixtures.ts';
import { bankEvidence, clientKey, fundReserve, productIds, reserveOf, smartCounts } from './smartFixtures.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { charityPayouts, nfts } from '../../../server/nfts/schema.ts';
import { ledgerTransfers } from '../../../server/platform/ledger/schema.ts';
import { Err } from '../../../src/contract/errors.ts';

/**
 * House capital into and out of the yield reserve under four eyes (issue 32): one operator
 * proposes with where the capital is held, a different one confirms, and only then does money
 * move; every bound an operator can hit is a code that names it and writes nothing; attested
 * holdings (recorded through the reserves module's console call) bound the declared capital.
 */
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const hash = () => crypto.randomBytes(32).toString('hex');
const chain = (txHash = hash()) => ({ kind: 'chain', network: 'TRC20', address: TRON, txHash });

describe(`reserve funding under four eyes, declared and attested capital (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const t = useTestApp({ reserveFundingMax: '50000', operatorAmountMax: '1000000' });
  let op1: TestUser;
  let op2: TestUser;
  beforeAll(async () => {
    [op1, op2] = [await createUser(t.app, 'operator'), await createUser(t.app, 'operator')];
  });

  const propose = (op: TestUser, b: Record<string, unknown>) =>
    adminCall(t.app, op, 'POST', '/smart/reserve', {
      amount: '1000',
      note: 'house capital',
      evidence: chain(),
      clientKey: clientKey(),
      ...b,
    });
  // holdings attested through the reserves console call, each counted a second after the one before
  let counted = 0;
  const attest = (amount: string, reportRef: string) =>
    adminCall(t.app, op1, 'POST', '/reserves/holdings', {
      asset: 'USDT',
      amount,
      asOf: new Date(t.app.clock.now() - 3_600_000 + ++counted * 1000).toISOString(),
      attestor: 'Audit & Co',
      reportRef,
    });
  const proposedId = (r: { result: { fundings: Array<{ id: string; status: string }> } }) =>
    r.result.fundings.filter((f) => f.status === 'proposed').at(-1)!.id;
  const counts = async (app: FastifyInstance) => {
    const n = async (x: PgTable) => Number((await app.db.select({ n: count() }).from(x))[0].n);
    return { ...(await smartCounts(app)), nfts: await n(nfts), payouts: await n(charityPayouts) };
  };
  /** A refusal with `code` that writes nothing. */
  async function refused(call: () => Promise<{ code: number; msg: string }>, code: number) {
    const before = await counts(t.app);
    const r = await call();
    expect(r.code, r.msg).toBe(code);
    expect(await counts(t.app)).toEqual(before);
    return r;
  }

  it('a funding proposed by one operator moves nothing until a different operator confirms it; the proposer cannot confirm its own', async () => {
    const before = await counts(t.app);
    const reserve0 = await reserveOf(t.app);
    const p = await propose(op1, { amount: '1000' });
    expect(p.code, p.msg).toBe(200);
    const id = proposedId(p);
    expect(p.result.fundings.find((f: { id: string }) => f.id === id)).toMatchObject({
      kind: 'fund',
      status: 'proposed',
      amount: '1000.000000',
      operatorId: op1.id.toString(),
      operatorName: op1.username,
      evidence: { kind: 'chain', network: 'TRC20', address: TRON },
      decidedBy: null,
    });
    // recorded and audited, but no money moved
    expect(await counts(t.app)).toMatchObject({
      transfers: before.transfers,
      balanceSum: before.balanceSum,
      fundings: before.fundings + 1,
      audit: before.audit + 1,
    });
    expect(await reserveOf(t.app)).toEqual(reserve0);
    // the proposer confirming its own: 10081, nothing written
    await refused(() => adminCall(t.app, op1, 'POST', `/smart/reserve/${id}/confirm`), Err.SECOND_OPERATOR_REQUIRED);
    const c = await adminCall(t.app, op2, 'POST', `/smart/reserve/${id}/confirm`);
    expect(c.code, c.msg).toBe(200);
    expect(c.result.fundings.find((f: { id: string }) => f.id === id)).toMatchObject({
      status: 'confirmed',
      decidedBy: op2.id.toString(),
      decidedByName: op2.username,
    });
    expect(await reserveOf(t.app)).toMatchObject({
      balance: '1000.000000',
      declaredCapital: '1000.000000',
      attestedHoldings: null,
      attestedCapital: '0.000000',
    });
    const [tr] = await t.app.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `smart:reserve:funding:${id}`));
    expect(tr).toMatchObject({ amount: expect.stringMatching(/^1000\.0+$/), reason: 'smart.reserve_funded' });
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'smart_reserve.confirm_fund'), eq(auditLog.targetId, id)));
    expect(audit.actorId).toBe(op2.id);
    // decided once
    await refused(() => adminCall(t.app, op2, 'POST', `/smart/reserve/${id}/confirm`), Err.STATUS_TRANSITION_DENIED);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('over the per-funding bound, beyond the precision, without valid evidence, a reused transaction: refused with the bound named, nothing written', async () => {
    const over = await refused(() => propose(op1, { amount: '50000.01' }), Err.RESERVE_FUNDING_ABOVE_MAX);
    expect(over.msg).toContain('50000');
    await refused(() => propose(op1, { amount: '9999999999999999999' }), Err.RESERVE_FUNDING_ABOVE_MAX);
    expect((await refused(() => propose(op1, { amount: '1.1234567' }), Err.OPERATOR_AMOUNT_PRECISION)).msg).toContain('6');
    await refused(
      () =>
        propose(op1, {
          evidence: { kind: 'chain', network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', txHash: hash() },
        }),
      Err.RESERVE_EVIDENCE_INVALID,
    );
    await refused(
      () =>
        propose(op1, {
          evidence: { kind: 'chain', network: 'ERC20', address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', txHash: hash() },
        }),
      Err.RESERVE_EVIDENCE_INVALID,
    );
    await refused(() => propose(op1, { evidence: { kind: 'bank', reference: 'x' } }), Err.RESERVE_EVIDENCE_INVALID);
    await refused(() => propose(op1, { evidence: undefined }), Err.MALFORMED_REQUEST);
    const used = hash();
    expect((await propose(op1, { amount: '10', evidence: chain(used) })).code).toBe(200);
    await refused(() => propose(op2, { amount: '10', evidence: chain(used.toUpperCase()) }), Err.TX_HASH_USED);
  });

  it('a withdrawal from the reserve takes two operators and never more than what no plan is promised; a rejected proposal never moves', async () => {
    const { balance } = await reserveOf(t.app);
    await refused(
      () => propose(op1, { kind: 'withdraw', amount: '5000', evidence: bankEvidence() }),
      Err.RESERVE_WITHDRAWAL_TOO_LARGE,
    );
    const p = await propose(op2, { kind: 'withdraw', amount: '200', evidence: bankEvidence() });
    const id = proposedId(p);
    await refused(() => adminCall(t.app, op2, 'POST', `/smart/reserve/${id}/confirm`), Err.SECOND_OPERATOR_REQUIRED);
    expect((await adminCall(t.app, op1, 'POST', `/smart/reserve/${id}/confirm`)).code).toBe(200);
    const after = await reserveOf(t.app);
    expect(Number(after.balance)).toBe(Number(balance) - 200);
    expect(after.declaredCapital).toBe('800.000000');
    // rejected by the other operator: nothing moves, and it can no longer be confirmed
    const q = proposedId(await propose(op1, { amount: '300' }));
    expect(
      (await adminCall(t.app, op2, 'POST', `/smart/reserve/${q}/reject`)).result.fundings.find((f: { id: string }) => f.id === q)
        .status,
    ).toBe('rejected');
    await refused(() => adminCall(t.app, op2, 'POST', `/smart/reserve/${q}/confirm`), Err.STATUS_TRANSITION_DENIED);
    expect(await reserveOf(t.app)).toEqual(after);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('an operator on probation, or made by the proposer, does not confirm', async () => {
    const puppet = await addedOperator(t.app, op1, op2);
    const id = proposedId(await propose(op1, { amount: '5', evidence: bankEvidence() }));
    await refused(() => adminCall(t.app, puppet, 'POST', `/smart/reserve/${id}/confirm`), Err.OPERATOR_ON_PROBATION);
    await adminCall(t.app, op1, 'POST', `/smart/reserve/${id}/reject`);
  });

  it('attested holdings bound the declared capital: shown beside it, and a funding beyond them refused (10266) at proposal and at confirmation', async () => {
    const r0 = await reserveOf(t.app);
    expect(r0).toMatchObject({ attestedHoldings: null, attestedCapital: '0.000000', attestedAt: null });
    // pending proposals from the earlier steps: confirm the small one so the figures are settled
    const pending = (await adminCall(t.app, op2, 'GET', '/smart/reserve')).result.fundings.filter(
      (f: { status: string }) => f.status === 'proposed',
    );
    for (const f of pending)
      await adminCall(t.app, f.operatorId === op1.id.toString() ? op2 : op1, 'POST', `/smart/reserve/${f.id}/reject`);
    const declared = Number((await reserveOf(t.app)).declaredCapital);
    expect((await attest(String(declared + 500), 'auditor letter')).code).toBe(200);
    const r1 = await reserveOf(t.app);
    expect(r1).toMatchObject({ attestedHoldings: (declared + 500).toFixed(6), attestedCapital: declared.toFixed(6) });
    expect(r1.attestedAt).not.toBeNull();
    const beyond = await refused(() => propose(op1, { amount: '500.000001' }), Err.RESERVE_ABOVE_ATTESTED);
    expect(beyond.msg).toContain((declared + 500).toFixed(6));
    const id = proposedId(await propose(op1, { amount: '400' }));
    // the holdings attested lower meanwhile: the confirmation is refused and moves nothing
    expect((await attest(String(declared + 100), 'newer letter')).code).toBe(200);
    await refused(() => adminCall(t.app, op2, 'POST', `/smart/reserve/${id}/confirm`), Err.RESERVE_ABOVE_ATTESTED);
    expect((await propose(op1, { amount: '100' })).code).toBe(200);
  });

  it('every other amount an operator types has a bound and the precision: product limits, charity payouts, NFT prices', async () => {
    const ids = await productIds(t.app);
    const product = {
      name: 'Steady 30',
      minAmount: '100',
      maxAmount: '100000',
      terms: [{ days: 30, dailyRate: '0.00016' }],
      earlyExitPenalty: '0.02',
      enabled: true,
    };
    const put = (b: object) => adminCall(t.app, op1, 'PUT', `/smart/products/${ids['Steady 30']}`, { ...product, ...b });
    expect((await refused(() => put({ maxAmount: '1000000.5' }), Err.OPERATOR_AMOUNT_ABOVE_MAX)).msg).toContain('1000000');
    await refused(() => put({ minAmount: '100.1234567' }), Err.OPERATOR_AMOUNT_PRECISION);
    const payout = (amount: string) =>
      adminCall(t.app, op1, 'POST', '/charity/payouts', { amount, txHash: hash(), note: 'bound' });
    await refused(() => payout('1000001'), Err.OPERATOR_AMOUNT_ABOVE_MAX);
    await refused(() => payout('1.1234567'), Err.OPERATOR_AMOUNT_PRECISION);
    const nft = {
      name: 'Bound',
      creator: 'Ops',
      chain: 'Ethereum',
      contractAddress: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      tokenId: '9001',
      verified: true,
      saleType: 'buy_now',
    };
    await refused(
      () => adminCall(t.app, op1, 'POST', '/nfts', { ...nft, price: '1000000.000001' }),
      Err.OPERATOR_AMOUNT_ABOVE_MAX,
    );
    await refused(
      () => adminCall(t.app, op1, 'POST', '/nfts', { ...nft, saleType: 'auction', reservePrice: '5.1234567' }),
      Err.OPERATOR_AMOUNT_PRECISION,
    );
  });

  it('the fixture path: fundReserve proposes and a second operator confirms', async () => {
    const before = Number((await reserveOf(t.app)).balance);
    // holdings attested well above what the reserve declares: the bound does not bite
    expect((await attest('100000000', 'year-end letter')).code).toBe(200);
    await fundReserve(t.app, op1, '10', op2);
    expect(Number((await reserveOf(t.app)).balance)).toBe(before + 10);
  });
});
