import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { depositFormMachine, type DepositValues } from '../../src/machines/depositForm.ts';
import { withdrawalFormMachine, type WithdrawalValues } from '../../src/machines/withdrawalForm.ts';
import { statusesOf, statusView } from '../../src/machines/recordStatus.ts';
import type { Deposit, Withdrawal } from '../../src/contract/wallet.ts';
import { maxAmount, parseAmount, percentOf, withdrawalQuote } from '../../src/services/money.ts';
import { sniffImage, validateDeposit, validateWithdrawal } from '../../src/services/walletRules.ts';
import { checkModel, type Assertions } from './pathRunner.ts';

/**
 * The wallet forms (depositForm, withdrawalForm): generated paths over edit/submit/reset with the
 * validate and submit actors' results delivered as fixtures; then the rules the screens supply as
 * those actors (exact decimal fee preview, client-side checks with catalogue codes).
 */
const depositValues: DepositValues = { coin: 'USDT', network: 'TRC20', amount: '150', txHash: 'ab'.repeat(32), proofLast6: '123456', proof: { name: 'p.png', type: 'image/png', size: 68 } };
const deposit = { id: '1', coin: 'USDT', network: 'TRC20', amount: '150.000000', status: 'pending' } as Deposit;
const withdrawalValues: WithdrawalValues = { method: 'USDT-TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', amount: '100' };
const withdrawal = { id: '2', coin: 'USDT', amount: '100.000000', fee: '1.000000', receiveAmount: '99.000000', status: 'pending' } as Withdrawal;

function spec<M extends typeof depositFormMachine | typeof withdrawalFormMachine>(machine: M, prefix: 'depositForm' | 'withdrawalForm', values: object, output: object) {
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
    { type: 'xstate.error.actor.validate', error: { code: 10042, message: 'Enter a valid amount' } },
    { type: 'xstate.done.actor.submit', output },
    { type: 'xstate.error.actor.submit', error: { code: 10011, message: 'Insufficient balance' } },
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
      expect([10042, 10011]).toContain(x.context.refusal?.code);
      expect(x.hasTag('busy')).toBe(false);
    },
    submitted: (s, r) => {
      expect((s as unknown as S).context.result).toEqual(output);
      expect(r.at(-1)).toBe('submitted');
      expect(r.filter((x) => x === 'submit').length).toBeGreaterThan(0);
    },
  } as Assertions<M>;
  return { machine: provide(() => {}), events, assertions, provide };
}

describe('wallet form machines: generated paths', () => {
  it('depositForm covers every transition', () => {
    const r = checkModel(spec(depositFormMachine, 'depositForm', depositValues, deposit) as never);
    expect(r.states).toBe(5);
  });
  it('withdrawalForm covers every transition', () => {
    const r = checkModel(spec(withdrawalFormMachine, 'withdrawalForm', withdrawalValues, withdrawal) as never);
    expect(r.states).toBe(5);
  });
  it('a refusal keeps its catalogue code until the user edits', () => {
    const a = createActor(spec(withdrawalFormMachine, 'withdrawalForm', withdrawalValues, withdrawal).machine).start();
    a.send({ type: 'withdrawalForm.submit', values: withdrawalValues });
    a.send({ type: 'xstate.error.actor.validate', error: { code: 10021, message: 'Enter the receiving address' } } as never);
    expect(a.getSnapshot().value).toBe('failed');
    expect(a.getSnapshot().context.refusal).toEqual({ code: 10021, message: 'Enter the receiving address' });
    a.send({ type: 'withdrawalForm.edit' });
    expect(a.getSnapshot().context.refusal).toBeNull();
  });
});

describe('record status labels come from the lifecycle charts', () => {
  it('every state of deposit and withdrawal has a label; nothing else does', () => {
    expect(statusesOf('deposit')).toEqual(['pending', 'approved', 'rejected']);
    expect(statusesOf('withdrawal')).toEqual(['pending', 'approved', 'rejected']);
    expect(statusView('deposit', 'pending')).toEqual({ key: 'wallet.status.deposit.pending', awaitingReview: true, final: false });
    expect(statusView('withdrawal', 'approved')).toEqual({ key: 'wallet.status.withdrawal.approved', awaitingReview: false, final: true });
    expect(statusView('deposit', 'completed').key).toBe('wallet.status.unknown');
  });
});

describe('money: exact decimal strings', () => {
  it('fee rounded down to the precision, received = amount − fee', () => {
    expect(withdrawalQuote('USDT', '100', '0.01')).toEqual({ amount: '100.000000', fee: '1.000000', receive: '99.000000', ratePercent: '1' });
    // 0.1 + 0.2 style float traps do not exist here
    expect(withdrawalQuote('USDT', '0.3', '0.01')).toMatchObject({ fee: '0.003000', receive: '0.297000' });
    expect(withdrawalQuote('BTC', '0.00123457', '0.015')).toMatchObject({ fee: '0.00001851', receive: '0.00121606' });
    expect(withdrawalQuote('USDT', '123456789012.123456', '0.01')).toMatchObject({ fee: '1234567890.121234', receive: '122222221122.002222' });
    expect(percentOf('0.015')).toBe('1.5');
  });
  it('refuses what the service refuses', () => {
    for (const bad of ['', '0', '-1', '1e3', '0x10', '1.1234567', ' ', 'abc', '1,5', '١٢٣', '9'.repeat(21)]) expect(parseAmount('USDT', bad), bad).toBeNull();
    expect(parseAmount('BTC', '0.00000001')).toBe('0.00000001');
    expect(maxAmount('USDT', '98.800000')).toBe('98.8');
  });
});

describe('client-side checks give the catalogue code', () => {
  const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], { type: 'image/png' });
  const asFile = (b: Blob, name: string) => Object.assign(b, { name });
  const code = (p: Promise<void>) => p.then(() => null, (e: { code: number }) => e.code);
  it('deposit: amount, minimum, hash, digits, image presence, size and content', async () => {
    const ok = { ...depositValues, proof: asFile(png, 'p.png') };
    expect(await code(validateDeposit(ok))).toBeNull();
    expect(await code(validateDeposit({ ...ok, amount: 'abc' }))).toBe(10042);
    expect(await code(validateDeposit({ ...ok, amount: '119.99' }))).toBe(10037);
    expect(await code(validateDeposit({ ...ok, txHash: "'; DROP TABLE deposits; --" }))).toBe(10030);
    expect(await code(validateDeposit({ ...ok, proofLast6: '12345' }))).toBe(10030);
    expect(await code(validateDeposit({ ...ok, proof: null }))).toBe(10055);
    expect(await code(validateDeposit({ ...ok, proof: { name: 'big.png', type: 'image/png', size: 2 * 1024 * 1024 + 1 } }))).toBe(10040);
    // a script renamed .png is refused by its bytes
    expect(await code(validateDeposit({ ...ok, proof: asFile(new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), 'x.png') }))).toBe(10039);
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(new Uint8Array([0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]))).toBe('image/jp2');
  });
  it('withdrawal: method, address, amount, minimum, available', async () => {
    const methods = { feeRate: '0.01', methods: [{ method: 'USDT-TRC20', coin: 'USDT' as const, network: 'TRC20' as const, minAmount: '10.000000', available: '150.000000' }] };
    expect(await code(validateWithdrawal(withdrawalValues, methods))).toBeNull();
    expect(await code(validateWithdrawal({ ...withdrawalValues, method: '' }, methods))).toBe(10025);
    expect(await code(validateWithdrawal({ ...withdrawalValues, method: 'DOGE-DOGE' }, methods))).toBe(10025);
    expect(await code(validateWithdrawal({ ...withdrawalValues, address: '  ' }, methods))).toBe(10021);
    expect(await code(validateWithdrawal({ ...withdrawalValues, amount: '9.99' }, methods))).toBe(10042);
    expect(await code(validateWithdrawal({ ...withdrawalValues, amount: '150.000001' }, methods))).toBe(10011);
    expect(await code(validateWithdrawal({ ...withdrawalValues, amount: '150' }, methods))).toBeNull();
  });
});
