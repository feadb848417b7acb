import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { withdrawalFormMachine } from '../../src/machines/withdrawalForm.ts';
import { statusesOf, statusView } from '../../src/machines/recordStatus.ts';
import { Err } from '../../src/contract/errors.ts';
import { maxAmount, parseAmount, percentOf, withdrawalQuote } from '../../src/services/money.ts';
import { sniffImage, validateDeposit, validateWithdrawal } from '../../src/services/walletRules.ts';
import { checkModel } from './pathRunner.ts';
import { depositValues, model, spec, withdrawal, withdrawalValues } from './walletForms.model.ts';

/**
 * The wallet forms' generated paths (walletForms.model.ts); then the rules the screens supply as
 * their actors (exact decimal fee preview, client-side checks with catalogue codes).
 */
describe('wallet form machines: generated paths', () => {
  checkModel(model);
  it('a refusal keeps its catalogue code until the user edits', () => {
    const a = createActor(spec(withdrawalFormMachine, 'withdrawalForm', withdrawalValues, withdrawal).provide(() => {})).start();
    a.send({ type: 'withdrawalForm.submit', values: withdrawalValues });
    a.send({ type: 'xstate.error.actor.validate', error: { code: Err.ADDRESS_REQUIRED, message: 'Enter the receiving address' } } as never);
    expect(a.getSnapshot().value).toBe('failed');
    expect(a.getSnapshot().context.refusal).toEqual({ code: Err.ADDRESS_REQUIRED, message: 'Enter the receiving address' });
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
    expect(await code(validateDeposit({ ...ok, amount: 'abc' }))).toBe(Err.AMOUNT_INVALID);
    expect(await code(validateDeposit({ ...ok, amount: '119.99' }))).toBe(Err.DEPOSIT_BELOW_MINIMUM);
    expect(await code(validateDeposit({ ...ok, txHash: "'; DROP TABLE deposits; --" }))).toBe(Err.MALFORMED_REQUEST);
    expect(await code(validateDeposit({ ...ok, proofLast6: '12345' }))).toBe(Err.MALFORMED_REQUEST);
    expect(await code(validateDeposit({ ...ok, proof: null }))).toBe(Err.UPLOAD_REQUIRED);
    expect(await code(validateDeposit({ ...ok, proof: { name: 'big.png', type: 'image/png', size: 2 * 1024 * 1024 + 1 } }))).toBe(Err.IMAGE_TOO_LARGE);
    // a script renamed .png is refused by its bytes
    expect(await code(validateDeposit({ ...ok, proof: asFile(new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), 'x.png') }))).toBe(Err.IMAGE_FORMAT_WRONG);
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(new Uint8Array([0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]))).toBe('image/jp2');
  });
  it('withdrawal: method, address, amount, minimum, available', async () => {
    const methods = { feeRate: '0.01', methods: [{ method: 'USDT-TRC20', coin: 'USDT' as const, network: 'TRC20' as const, minAmount: '10.000000', available: '150.000000' }] };
    expect(await code(validateWithdrawal(withdrawalValues, methods))).toBeNull();
    expect(await code(validateWithdrawal({ ...withdrawalValues, method: '' }, methods))).toBe(Err.WITHDRAW_METHOD_REQUIRED);
    expect(await code(validateWithdrawal({ ...withdrawalValues, method: 'DOGE-DOGE' }, methods))).toBe(Err.WITHDRAW_METHOD_REQUIRED);
    expect(await code(validateWithdrawal({ ...withdrawalValues, address: '  ' }, methods))).toBe(Err.ADDRESS_REQUIRED);
    expect(await code(validateWithdrawal({ ...withdrawalValues, amount: '9.99' }, methods))).toBe(Err.AMOUNT_INVALID);
    expect(await code(validateWithdrawal({ ...withdrawalValues, amount: '150.000001' }, methods))).toBe(Err.INSUFFICIENT_BALANCE);
    expect(await code(validateWithdrawal({ ...withdrawalValues, amount: '150' }, methods))).toBeNull();
  });
});
