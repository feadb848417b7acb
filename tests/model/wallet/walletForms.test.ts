import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { Err } from '../../../src/contract/errors.ts';
import { depositFormMachine, depositRefusal } from '../../../src/machines/wallet/depositForm.ts';
import { refused, Refused } from '../../../src/machines/platform/refusal.ts';
import { statusesOf, statusView } from '../../../src/machines/platform/recordStatus.ts';
import { withdrawalFormMachine, withdrawalRefusal } from '../../../src/machines/wallet/withdrawalForm.ts';
import { maxAmount, parseAmount, percentOf, withdrawalQuote } from '../../../src/contract/money.ts';
import { checkProofImage, sniffImage } from '../../../src/services/wallet/rules.ts';
import { checkModel } from '../pathRunner.ts';
import { depositValues, model, withdrawalValues } from './walletForms.model.ts';

/**
 * The wallet forms' generated paths (walletForms.model.ts); then their guards' rules (the
 * catalogue code of every refusal), the proof image check of the deposit actor, and the exact
 * decimal fee preview.
 */
describe('wallet form machines: generated paths', () => {
  checkModel(model);
  it('a refusal keeps its catalogue code until the user edits', () => {
    const a = createActor(withdrawalFormMachine).start();
    a.send({ type: 'withdrawalForm.submit', values: { ...withdrawalValues, address: ' ' } });
    expect(a.getSnapshot().value).toBe('failed');
    expect(a.getSnapshot().context.refusal).toEqual(refused(Err.ADDRESS_REQUIRED));
    a.send({ type: 'withdrawalForm.edit' });
    expect(a.getSnapshot().value).toBe('editing');
    expect(a.getSnapshot().context.refusal).toBeNull();
  });
  it('another deposit after a success starts from an empty form', () => {
    const a = createActor(depositFormMachine).start();
    a.send({ type: 'depositForm.submit', values: depositValues });
    a.send({ type: 'xstate.done.actor.submit', output: { id: '1' } } as never);
    expect(a.getSnapshot().value).toBe('submitted');
    a.send({ type: 'depositForm.reset' });
    expect(a.getSnapshot().context).toEqual({ values: null, refusal: null, result: null, clientKey: null });
  });
});

describe('record status labels come from the lifecycle charts', () => {
  it('every state of deposit and withdrawal has a label; nothing else does', () => {
    expect(statusesOf('deposit')).toEqual(['pending', 'approved', 'rejected']);
    expect(statusesOf('withdrawal')).toEqual(['pending', 'approved', 'rejected', 'queued', 'waitingFunds', 'sent', 'confirmed']);
    expect(statusView('withdrawal', 'sent')).toEqual({
      key: 'wallet.status.withdrawal.sent',
      awaitingReview: false,
      final: false,
    });
    expect(statusView('withdrawal', 'confirmed').final).toBe(true);
    expect(statusView('deposit', 'pending')).toEqual({
      key: 'wallet.status.deposit.pending',
      awaitingReview: true,
      final: false,
    });
    expect(statusView('withdrawal', 'approved')).toEqual({
      key: 'wallet.status.withdrawal.approved',
      awaitingReview: false,
      final: true,
    });
    expect(statusView('deposit', 'completed').key).toBe('wallet.status.unknown');
  });
});

describe('money: exact decimal strings', () => {
  it('fee rounded down to the precision, received = amount − fee', () => {
    expect(withdrawalQuote('USDT', '100', '0.01')).toEqual({
      amount: '100.000000',
      fee: '1.000000',
      receive: '99.000000',
      ratePercent: '1',
    });
    // 0.1 + 0.2 style float traps do not exist here
    expect(withdrawalQuote('USDT', '0.3', '0.01')).toMatchObject({ fee: '0.003000', receive: '0.297000' });
    expect(withdrawalQuote('BTC', '0.00123457', '0.015')).toMatchObject({ fee: '0.00001851', receive: '0.00121606' });
    expect(withdrawalQuote('USDT', '123456789012.123456', '0.01')).toMatchObject({
      fee: '1234567890.121234',
      receive: '122222221122.002222',
    });
    expect(percentOf('0.015')).toBe('1.5');
  });
  it('refuses what the service refuses', () => {
    for (const bad of ['', '0', '-1', '1e3', '0x10', '1.1234567', ' ', 'abc', '1,5', '١٢٣', '9'.repeat(21)])
      expect(parseAmount('USDT', bad), bad).toBeNull();
    expect(parseAmount('BTC', '0.00000001')).toBe('0.00000001');
    expect(maxAmount('USDT', '98.800000')).toBe('98.8');
  });
});

describe("the forms' guards give the catalogue code", () => {
  it("deposit: amount, minimum, hash and digits (the contract's RechargeFields), image presence and size", () => {
    expect(depositRefusal(depositValues)).toBeNull();
    expect(depositRefusal({ ...depositValues, amount: 'abc' })).toEqual(refused(Err.AMOUNT_INVALID));
    expect(depositRefusal({ ...depositValues, amount: '119.99' })).toEqual(
      refused(Err.DEPOSIT_BELOW_MINIMUM, { name: 'USDT', limit: '120' }),
    );
    // a malformed field names the rule it breaks, in the user's language (a key the view translates)
    expect(depositRefusal({ ...depositValues, txHash: "'; DROP TABLE deposits; --" })).toEqual({
      code: Err.MALFORMED_REQUEST,
      key: 'app:newuser.fix.txHash',
    });
    expect(depositRefusal({ ...depositValues, proofLast6: '12345' })).toEqual({
      code: Err.MALFORMED_REQUEST,
      key: 'app:newuser.fix.proofLast6',
    });
    expect(depositRefusal({ ...depositValues, proof: null })).toEqual(refused(Err.UPLOAD_REQUIRED));
    expect(
      depositRefusal({ ...depositValues, proof: { name: 'big.png', type: 'image/png', size: 2 * 1024 * 1024 + 1 } }),
    ).toEqual(refused(Err.IMAGE_TOO_LARGE, { limit: '2 MB' }));
  });
  it('withdrawal: method, address, amount, minimum, available', () => {
    const code = (v: typeof withdrawalValues) => withdrawalRefusal(v)?.code ?? null;
    expect(code(withdrawalValues)).toBeNull();
    expect(code({ ...withdrawalValues, method: '' })).toBe(Err.WITHDRAW_METHOD_REQUIRED);
    expect(code({ ...withdrawalValues, method: 'DOGE-DOGE' })).toBe(Err.WITHDRAW_METHOD_REQUIRED);
    expect(code({ ...withdrawalValues, offer: null })).toBe(Err.WITHDRAW_METHOD_REQUIRED);
    expect(code({ ...withdrawalValues, address: '  ' })).toBe(Err.ADDRESS_REQUIRED);
    expect(code({ ...withdrawalValues, address: 'T'.repeat(121) })).toBe(Err.ADDRESS_INVALID);
    expect(code({ ...withdrawalValues, amount: '9.99' })).toBe(Err.AMOUNT_INVALID);
    expect(code({ ...withdrawalValues, amount: '150.000001' })).toBe(Err.INSUFFICIENT_BALANCE);
    expect(code({ ...withdrawalValues, amount: '150' })).toBeNull();
  });
});

describe('the deposit actor checks the proof image by its bytes before the upload', () => {
  const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], { type: 'image/png' });
  const asFile = (b: Blob, name: string) => Object.assign(b, { name });
  const code = (p: Promise<void>) =>
    p.then(
      () => null,
      (e: unknown) => (e instanceof Refused ? e.refusal.code : e),
    );
  it('a PNG passes; a script renamed .png and a missing image are refused', async () => {
    expect(await code(checkProofImage(asFile(png, 'p.png')))).toBeNull();
    expect(await code(checkProofImage(asFile(new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), 'x.png')))).toBe(
      Err.IMAGE_FORMAT_WRONG,
    );
    expect(await code(checkProofImage(null))).toBe(Err.UPLOAD_REQUIRED);
    // without bytes to read, the declared type decides
    expect(await code(checkProofImage({ name: 'p.gif', type: 'image/gif', size: 10 }))).toBe(Err.IMAGE_FORMAT_WRONG);
  });
  it('recognises JPEG, PNG and both JPEG 2000 forms', () => {
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(new Uint8Array([0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]))).toBe('image/jp2');
    expect(sniffImage(new Uint8Array([0xff, 0x4f, 0xff, 0x51]))).toBe('image/jp2');
    expect(sniffImage(new TextEncoder().encode('GIF89a'))).toBeNull();
  });
});
