import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { Err } from '../../../src/contract/errors.ts';
import type { Loan } from '../../../src/contract/loans.ts';
import { loanBorrowMachine, type BorrowTerms, type LoanBorrowContext } from '../../../src/machines/loans/loanBorrow.ts';
import { loanRepayMachine, repayProblem, type LoanRepayContext, type RepayLoan } from '../../../src/machines/loans/loanRepay.ts';
import type { KeptKey } from '../../../src/machines/platform/clientKey.ts';
import { expectKeyRule, type KeyEntry } from '../clientKeyRule.ts';
import { defineModel, type Assertions } from '../paths.ts';

/**
 * The loan flows: the application (calculator → agreement signed → submitted, with amounts the
 * calculator accepts and refuses, no price, an unsigned submit, the service's answer and refusal
 * delivered as fixtures, "apply again") and the repay dialog (an amount it accepts and one over
 * the debt). What must hold: nothing is sent unchecked, exactly what was checked is sent, and the
 * client keys follow the rule of every money flow (clientKeyRule.ts): a retry of the same
 * application or payment carries its key, another one (or the next after a success) a new key.
 */
export const terms: BorrowTerms = {
  days: [7, 14, 30, 60, 90],
  minAmount: '100',
  maxAmount: '200000',
  initialLtv: '0.65',
  agreementVersion: '2026-11-23.1',
  collateralAssets: ['BTC', 'ETH'],
};
export const PRICE = '50000';
export const loan = {
  id: '41',
  amount: '500.000000',
  collateralAsset: 'BTC',
  collateralAmount: '0.01538462',
  status: 'pending_review',
} as Loan;
const serviceError = { code: Err.LOAN_PENDING_EXISTS, message: 'You already have a loan waiting for review' };
const signature = { size: 812, type: 'image/png' };

type BorrowSnap = { context: LoanBorrowContext; hasTag: (t: string) => boolean };
const b = (s: unknown) => s as BorrowSnap;
/** The sends (key, and the application it was for) and the successes, in order. */
const borrowEntries = (r: string[]): KeyEntry[] =>
  r.flatMap((w): KeyEntry[] =>
    w.startsWith('submit:')
      ? [{ key: w.split(':')[1], values: w.split(':').slice(2, 7).join(':') }]
      : w.startsWith('submitted:')
        ? ['success']
        : [],
  );
/** The client-key rule over the run, and the machine keeps the key of the last send until a success. */
const keysHold = (entries: KeyEntry[], kept: KeptKey | null) => {
  expectKeyRule(entries);
  const last = entries.at(-1);
  expect(kept?.key ?? null).toBe(last !== undefined && last !== 'success' ? last.key : null);
};

const borrowAssertions: Assertions<typeof loanBorrowMachine> = {
  editing: (s, r) => {
    const c = b(s).context;
    expect(b(s).hasTag('busy')).toBe(false);
    // back in the calculator the pad is blank: nothing signed is kept
    expect(c.signature).toBeNull();
    expect(c.fullName).toBe('');
    expect(c.result).toBeNull();
    if (c.problem) expect([Err.PRICE_UNAVAILABLE, Err.LOAN_AMOUNT_WRONG]).toContain(c.problem.code);
    keysHold(borrowEntries(r), c.clientKey);
  },
  confirming: (s, r) => {
    const c = b(s).context;
    // the collateral to lock was fixed from an amount the calculator accepted
    expect({ amount: c.amount, collateral: c.collateralNeeded }).toSatisfy(
      (x: { amount: string; collateral: string }) =>
        (x.amount === '500' && x.collateral === '0.01538462') || (x.amount === '650' && x.collateral === '0.02000000'),
    );
    if (c.problem) expect(c.problem.code).toBe(Err.LOAN_NOT_SIGNED);
    expect(c.refusal).toBeNull();
    keysHold(borrowEntries(r), c.clientKey);
  },
  submitting: (s, r) => {
    const c = b(s).context;
    expect(b(s).hasTag('busy')).toBe(true);
    // sent signed, with the values the calculator checked and the agreement shown
    expect(r.at(-1)).toBe(`submit:${c.clientKey?.key}:${c.amount}:${c.asset}:${c.days}:2026-11-23.1:Ada Lovelace:812`);
    keysHold(borrowEntries(r), c.clientKey);
  },
  refused: (s, r) => {
    const c = b(s).context;
    expect(c.refusal).toEqual(serviceError);
    expect(r.at(-1)?.startsWith(`submit:${c.clientKey?.key}:`)).toBe(true);
    keysHold(borrowEntries(r), c.clientKey);
  },
  done: (s, r) => {
    const c = b(s).context;
    expect(c.result).toEqual(loan);
    expect(r.at(-1)).toBe('submitted:41');
    expect(r.at(-2)?.startsWith('submit:')).toBe(true);
    // a success forgets the key: the next application gets a new one
    keysHold(borrowEntries(r), c.clientKey);
  },
};

const borrowCase = {
  name: 'loanBorrow',
  machine: loanBorrowMachine,
  input: { terms },
  events: [
    { type: 'borrow.amount', value: '500', price: PRICE },
    { type: 'borrow.amount', value: '99.99', price: PRICE },
    { type: 'borrow.collateral', value: '0.02', price: PRICE },
    { type: 'borrow.asset', asset: 'ETH' },
    { type: 'borrow.days', days: 7 },
    { type: 'borrow.continue', price: PRICE, available: '1' },
    { type: 'borrow.continue', price: null, available: '1' },
    { type: 'borrow.signature', image: signature },
    { type: 'borrow.name', value: 'Ada Lovelace' },
    { type: 'borrow.back' },
    { type: 'borrow.submit' },
    { type: 'borrow.again' },
    { type: 'xstate.done.actor.submit', output: loan },
    { type: 'xstate.error.actor.submit', error: serviceError },
  ],
  assertions: borrowAssertions,
  provide: (record: (w: string) => void) =>
    loanBorrowMachine.provide({
      actors: {
        submit: fromPromise(
          ({ input: { values: v, clientKey } }) => (
            record(
              `submit:${clientKey}:${v.amount}:${v.collateralAsset}:${v.days}:${v.agreementVersion}:${v.fullName}:${v.signature.size}`,
            ),
            new Promise<never>(() => {})
          ),
        ),
      },
      actions: { submitted: (_, p) => record(`submitted:${p.loan.id}`) },
    }),
  // guards read the amount, the signature and the name
  contextKey: (s: BorrowSnap) =>
    `${s.context.amount}|${s.context.signature ? 'signed' : ''}|${s.context.fullName ? 'named' : ''}`,
  simplePaths: false,
};

const debtLoan: RepayLoan = {
  id: '41',
  repaymentAmount: '500.000000',
  accruedInterest: '0.000000',
  principalOutstanding: '500.000000',
};
const repaid = { ...loan, status: 'repaid' } as Loan;
const repayError = { code: Err.INSUFFICIENT_BALANCE, message: 'Insufficient balance' };
type RepaySnap = { context: LoanRepayContext; hasTag: (t: string) => boolean; status: string };
const p = (s: unknown) => s as RepaySnap;
const repayEntries = (r: string[]): KeyEntry[] =>
  r.filter((w) => w.startsWith('repay:')).map((w) => ({ key: w.split(':')[2], values: w.split(':')[3] }));

const repayAssertions: Assertions<typeof loanRepayMachine> = {
  editing: (s, r) => {
    expect(p(s).context.refusal).toBeNull();
    keysHold(repayEntries(r), p(s).context.clientKey);
  },
  submitting: (s, r) => {
    const c = p(s).context;
    expect(p(s).hasTag('busy')).toBe(true);
    // only an amount the dialog accepted goes out, with the payment's key
    expect(repayProblem(c.amount, debtLoan.repaymentAmount)).toBeNull();
    expect(r.at(-1)).toBe(`repay:41:${c.clientKey?.key}:${c.amount}`);
    keysHold(repayEntries(r), c.clientKey);
  },
  refused: (s, r) => {
    const c = p(s).context;
    if (repayProblem(c.amount, debtLoan.repaymentAmount))
      expect(c.refusal).toEqual({ code: Err.LOAN_REPAY_AMOUNT_WRONG, key: 'errors:10123', params: { debt: '500.000000' } });
    else expect(c.refusal).toEqual(repayError);
    expect(r.filter((w) => w.startsWith('repay:')).every((w) => !w.endsWith(':600'))).toBe(true);
    keysHold(repayEntries(r), c.clientKey);
  },
  done: (s, r) => {
    expect(p(s).context.result).toEqual(repaid);
    expect(p(s).status).toBe('done');
    expect(r.at(-1)).toBe('repaid:41');
  },
};

const repayCase = {
  name: 'loanRepay',
  machine: loanRepayMachine,
  input: { loan: debtLoan },
  events: [
    { type: 'repay.amount', value: '600' },
    { type: 'repay.amount', value: '100' },
    { type: 'repay.submit' },
    { type: 'xstate.done.actor.repay', output: repaid },
    { type: 'xstate.error.actor.repay', error: repayError },
  ],
  assertions: repayAssertions,
  provide: (record: (w: string) => void) =>
    loanRepayMachine.provide({
      actors: {
        repay: fromPromise(
          ({ input }) => (record(`repay:${input.id}:${input.clientKey}:${input.amount}`), new Promise<never>(() => {})),
        ),
      },
      actions: { repaid: (_, x) => record(`repaid:${x.loan.id}`) },
    }),
  contextKey: (s: RepaySnap) => s.context.amount,
  simplePaths: false,
};

export const model = defineModel(borrowCase as never, repayCase as never);
