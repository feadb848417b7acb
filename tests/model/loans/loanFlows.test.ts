import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { Err } from '../../../src/contract/errors.ts';
import { borrowProblem, signProblem } from '../../../src/machines/loans/loanBorrow.ts';
import { repayProblem } from '../../../src/machines/loans/loanRepay.ts';
import { ApiError } from '../../../src/services/platform/api.ts';
import { loanBorrowFlow, loanRepayFlow } from '../../../src/services/loans/flows.ts';
import { loansApi, type Loan } from '../../../src/services/loans/api.ts';
import { loanKeys } from '../../../src/services/loans/queries.ts';
import { walletKeys } from '../../../src/services/wallet/queries.ts';
import { checkModel } from '../pathRunner.ts';
import { loan, model, PRICE, terms } from './loanFlows.model.ts';

describe('loan flows: generated paths', () => {
  checkModel(model);
});

describe('the flows refuse before sending what the service would refuse', () => {
  const borrow = (amount: string, price: string | null = PRICE, available: string | null = '1', days = 30) =>
    borrowProblem({ terms, amount, days }, price, available)?.code ?? null;
  it('calculator: term, amount range and places, price, collateral available', () => {
    expect(borrow('500')).toBeNull();
    expect(borrow('500', PRICE, '1', 45)).toBe(Err.LOAN_PERIOD_WRONG);
    for (const a of ['', 'abc', '99.999999', '200000.000001', '100.1234567', '-100', '1e3'])
      expect(borrow(a), a).toBe(Err.LOAN_AMOUNT_WRONG);
    expect(borrow('500', null)).toBe(Err.PRICE_UNAVAILABLE);
    // 500 USDT at 50,000 and 65 % needs 0.01538462 BTC
    expect(borrow('500', PRICE, '0.01538461')).toBe(Err.INSUFFICIENT_BALANCE);
    expect(borrow('500', PRICE, '0.01538462')).toBeNull();
    expect(borrow('500', PRICE, null)).toBeNull();
  });
  it('signing: a drawn signature and a full name of two characters or more', () => {
    const image = { size: 1, type: 'image/png' };
    expect(signProblem({ signature: image, fullName: 'Ada' })).toBeNull();
    expect(signProblem({ signature: null, fullName: 'Ada' })?.code).toBe(Err.LOAN_NOT_SIGNED);
    expect(signProblem({ signature: image, fullName: ' A ' })?.code).toBe(Err.LOAN_NOT_SIGNED);
  });
  it('repayment: 10042 malformed, 10123 zero or above the debt (naming it)', () => {
    expect(repayProblem('500.000000', '500.000000')).toBeNull();
    expect(repayProblem(' 0.000001 ', '500.000000')).toBeNull();
    for (const a of ['', 'x', '1.1234567', '-1']) expect(repayProblem(a, '500')?.code, a).toBe(Err.AMOUNT_INVALID);
    expect(repayProblem('0', '500')?.code).toBe(Err.LOAN_REPAY_AMOUNT_WRONG);
    expect(repayProblem('500.000001', '500.000000')).toMatchObject({
      code: Err.LOAN_REPAY_AMOUNT_WRONG,
      params: { debt: '500.000000' },
    });
  });
});

describe('through the service calls: one client key per submission', () => {
  afterEach(() => vi.restoreAllMocks());
  const png = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });

  it('an application that times out is retried with the same key; the next application has a new one', async () => {
    const keys: string[] = [];
    let fail = true;
    vi.spyOn(loansApi, 'submit').mockImplementation(async (values, key) => {
      keys.push(key);
      expect(values).toMatchObject({
        collateralAsset: 'BTC',
        amount: '500',
        days: 30,
        agreementVersion: terms.agreementVersion,
        fullName: 'Ada Lovelace',
      });
      expect(values.signature).toBe(png);
      if (fail) throw new ApiError('network', null, 'timeout');
      return loan;
    });
    const client = new QueryClient();
    const stale = vi.spyOn(client, 'invalidateQueries');
    const actor = createActor(loanBorrowFlow(client), { input: { terms } }).start();
    actor.send({ type: 'borrow.amount', value: '500', price: PRICE });
    actor.send({ type: 'borrow.continue', price: PRICE, available: '1' });
    expect(actor.getSnapshot().value).toBe('confirming');
    // unsigned: refused on the spot, nothing sent
    actor.send({ type: 'borrow.submit' });
    expect(actor.getSnapshot().context.problem?.code).toBe(Err.LOAN_NOT_SIGNED);
    actor.send({ type: 'borrow.signature', image: png });
    actor.send({ type: 'borrow.name', value: ' Ada Lovelace ' });
    actor.send({ type: 'borrow.submit' });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(actor.getSnapshot().context.refusal).toMatchObject({ code: null, message: 'timeout' });
    fail = false;
    actor.send({ type: 'borrow.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    // the flow asks again for the loans and the real balances, once, after the success
    expect(stale.mock.calls.map(([f]) => f?.queryKey)).toEqual([loanKeys.all, walletKeys.balances('real')]);
    actor.send({ type: 'borrow.again' });
    actor.send({ type: 'borrow.amount', value: '500', price: PRICE });
    actor.send({ type: 'borrow.continue', price: PRICE, available: '1' });
    actor.send({ type: 'borrow.signature', image: png });
    actor.send({ type: 'borrow.name', value: 'Ada Lovelace' });
    actor.send({ type: 'borrow.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
    actor.stop();
  });

  it('a repayment retried with the same amount keeps its key; another amount is another payment with a new key', async () => {
    const sent: Array<[string, string, string]> = [];
    vi.spyOn(loansApi, 'repay').mockImplementation(async (id, amount, key) => {
      sent.push([id, amount, key]);
      if (sent.length === 1) throw new ApiError('network', null, 'timeout');
      if (sent.length === 2) throw new ApiError('refused', Err.INSUFFICIENT_BALANCE, 'Insufficient balance');
      return { ...loan, status: 'repaid' } as Loan;
    });
    const repaid: string[] = [];
    const actor = createActor(
      loanRepayFlow(new QueryClient(), (l) => repaid.push(l.status)),
      {
        input: {
          loan: { id: '41', repaymentAmount: '500.000000', accruedInterest: '1.000000', principalOutstanding: '499.000000' },
        },
      },
    ).start();
    expect(actor.getSnapshot().context.amount).toBe('500.000000');
    actor.send({ type: 'repay.submit' });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(actor.getSnapshot().context.refusal?.code).toBeNull();
    actor.send({ type: 'repay.submit' });
    await waitFor(actor, (s) => s.matches('refused') && sent.length === 2);
    expect(actor.getSnapshot().context.refusal?.code).toBe(Err.INSUFFICIENT_BALANCE);
    actor.send({ type: 'repay.amount', value: ' 100 ' });
    actor.send({ type: 'repay.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent.map(([id, amount]) => [id, amount])).toEqual([
      ['41', '500.000000'],
      ['41', '500.000000'],
      ['41', '100'],
    ]);
    expect(sent[1][2]).toBe(sent[0][2]);
    expect(sent[2][2]).not.toBe(sent[0][2]);
    expect(repaid).toEqual(['repaid']);
  });
});
