import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { depositFormMachine, type DepositValues } from '../../src/machines/depositForm.ts';
import { withdrawalFormMachine, type WithdrawalValues } from '../../src/machines/withdrawalForm.ts';
import type { Deposit, Withdrawal } from '../../src/contract/wallet.ts';
import { Err } from '../../src/contract/errors.ts';
import { defineModel, type Assertions } from './paths.ts';

/**
 * The wallet forms (depositForm, withdrawalForm): generated paths over edit/submit/reset with the
 * validate and submit actors' results delivered as fixtures.
 */
export const depositValues: DepositValues = { coin: 'USDT', network: 'TRC20', amount: '150', txHash: 'ab'.repeat(32), proofLast6: '123456', proof: { name: 'p.png', type: 'image/png', size: 68 } };
const deposit = { id: '1', coin: 'USDT', network: 'TRC20', amount: '150.000000', status: 'pending' } as Deposit;
export const withdrawalValues: WithdrawalValues = { method: 'USDT-TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', amount: '100' };
export const withdrawal = { id: '2', coin: 'USDT', amount: '100.000000', fee: '1.000000', receiveAmount: '99.000000', status: 'pending' } as Withdrawal;

export function spec<M extends typeof depositFormMachine | typeof withdrawalFormMachine>(machine: M, prefix: 'depositForm' | 'withdrawalForm', values: object, output: object) {
  const provide = (record: (w: string) => void) =>
    (machine as typeof depositFormMachine).provide({
      actors: {
        validate: fromPromise(({ input }) => (record(`validate:${JSON.stringify(input)}`), new Promise<void>(() => {}))),
        submit: fromPromise(() => (record('submit'), new Promise<Deposit>(() => {}))),
      },
      actions: { submitted: () => record('submitted') },
    }) as unknown as M;
  const events = [
    { type: `${prefix}.submit`, values },
    { type: `${prefix}.edit` },
    { type: `${prefix}.reset` },
    { type: 'xstate.done.actor.validate', output: undefined },
    { type: 'xstate.error.actor.validate', error: { code: Err.AMOUNT_INVALID, message: 'Enter a valid amount' } },
    { type: 'xstate.done.actor.submit', output },
    { type: 'xstate.error.actor.submit', error: { code: Err.INSUFFICIENT_BALANCE, message: 'Insufficient balance' } },
  ];
  type S = { context: { values: unknown; refusal: { code: number | null } | null; result: unknown }; hasTag: (t: string) => boolean };
  const assertions: Assertions<M> = {
    editing: (s, r) => {
      const x = s as unknown as S;
      expect(x.context.refusal).toBeNull();
      expect(x.context.result).toBeNull();
      expect(x.hasTag('busy')).toBe(false);
      // a form back in editing after a success was reset (no stale result)
      if (r.includes('submitted')) expect(x.context.values).toBeNull();
    },
    validating: (s, r) => {
      const x = s as unknown as S;
      expect(x.hasTag('busy')).toBe(true);
      expect(r.at(-1)).toBe(`validate:${JSON.stringify(values)}`);
      expect(x.context.refusal).toBeNull();
    },
    submitting: (s, r) => {
      expect((s as unknown as S).hasTag('busy')).toBe(true);
      // never sent before the checks passed
      expect(r.at(-1)).toBe('submit');
      expect(r.at(-2)?.startsWith('validate:')).toBe(true);
    },
    failed: (s) => {
      const x = s as unknown as S;
      expect([Err.AMOUNT_INVALID, Err.INSUFFICIENT_BALANCE]).toContain(x.context.refusal?.code);
      expect(x.hasTag('busy')).toBe(false);
    },
    submitted: (s, r) => {
      expect((s as unknown as S).context.result).toEqual(output);
      expect(r.at(-1)).toBe('submitted');
      expect(r.filter((x) => x === 'submit').length).toBeGreaterThan(0);
    },
  } as Assertions<M>;
  return { name: prefix, machine, events, assertions, provide, expected: { states: 5 } };
}

export const model = defineModel<typeof depositFormMachine | typeof withdrawalFormMachine>(
  spec(depositFormMachine, 'depositForm', depositValues, deposit),
  spec(withdrawalFormMachine, 'withdrawalForm', withdrawalValues, withdrawal),
);
