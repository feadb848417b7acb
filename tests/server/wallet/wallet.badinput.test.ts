import { beforeAll, describe, expect, it } from 'vitest';
import { body, useTestApp } from '../helpers.ts';
import { storedKeys } from '../blobFixtures.ts';
import {
  ADDR,
  adminCall,
  counts,
  createUser,
  fund,
  PNG,
  real,
  recharge,
  rechargeFields,
  type TestUser,
  addReceiveAddresses,
} from './walletFixtures.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';

const U = '/swx/customer/user';

/** Every refusal carries its catalogue code and leaves every table (and every balance) as it was. */
describe('wallet: bad input gets a coded refusal and writes nothing', () => {
  const t = useTestApp({ uploadMaxBytes: 4096 });
  // nothing below succeeds in moving money: alice keeps her 1000 USDT, bob has no records
  let alice: TestUser;
  let bob: TestUser;
  let op: TestUser;
  beforeAll(async () => {
    alice = await createUser(t.app);
    bob = await createUser(t.app);
    op = await createUser(t.app, 'operator');
    await fund(t.app, alice.id, 'USDT', '1000');
    await addReceiveAddresses(t.app);
  });

  const unchanged = async (fn: () => Promise<number>, code: number) => {
    const before = await counts(t.app);
    expect(await fn()).toBe(code);
    expect(await counts(t.app)).toEqual(before);
  };
  const withdraw =
    (payload: unknown, u = alice) =>
    async () =>
      body(await t.app.inject({ method: 'POST', url: `${U}/withdrawal`, headers: real(u), payload: payload as object })).code;
  const deposit =
    (fields: Record<string, string>, file: Parameters<typeof recharge>[3] = { content: PNG }) =>
    async () =>
      body(await recharge(t.app, alice, fields, file)).code;

  it('withdrawal: missing method 10025, missing address 10021, missing amount 10042', async () => {
    await unchanged(withdraw({ address: ADDR.TRON, amount: '20' }), Err.WITHDRAW_METHOD_REQUIRED);
    await unchanged(withdraw({ method: '', address: ADDR.TRON, amount: '20' }), Err.WITHDRAW_METHOD_REQUIRED);
    await unchanged(withdraw({ method: 'USDT-TRC20', amount: '20' }), Err.ADDRESS_REQUIRED);
    await unchanged(withdraw({ method: 'USDT-TRC20', address: '   ', amount: '20' }), Err.ADDRESS_REQUIRED);
    await unchanged(withdraw({ method: 'USDT-TRC20', address: ADDR.TRON }), Err.AMOUNT_INVALID);
  });

  it('withdrawal: wrong coins and networks 10025; addresses of the wrong network or with a bad checksum 10041', async () => {
    for (const method of ['DOGE-TRC20', 'USDT-BTC', 'BTC-ERC20', 'usdt-trc20', "USDT-TRC20' OR 1=1", '<script>']) {
      await unchanged(withdraw({ method, address: ADDR.TRON, amount: '20' }), Err.WITHDRAW_METHOD_REQUIRED);
    }
    for (const [method, address] of [
      ['USDT-TRC20', ADDR.ETH],
      ['USDT-TRC20', ADDR.TRON.slice(0, -1) + 'u'],
      ['USDT-ERC20', ADDR.TRON],
      ['USDT-ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
      ['BTC-BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'],
      ['ETH-ERC20', "0x'; DROP TABLE withdrawals; --"],
      ['BTC-BTC', '<img src=x onerror=alert(1)>'],
    ]) {
      await unchanged(withdraw({ method, address, amount: '20' }), Err.ADDRESS_INVALID);
    }
  });

  it('withdrawal amounts: negative, zero, too many decimals, huge, non-numeric, below minimum 10042; beyond balance 10011', async () => {
    for (const amount of ['-20', '0', '0.000', '20.0000001', '1e3', '99999999999999999999999', 'abc', 'NaN', '', '20 ', '5']) {
      await unchanged(withdraw({ method: 'USDT-TRC20', address: ADDR.TRON, amount }), Err.AMOUNT_INVALID);
    }
    await unchanged(withdraw({ method: 'USDT-TRC20', address: ADDR.TRON, amount: '1000.000001' }), Err.INSUFFICIENT_BALANCE);
    await unchanged(withdraw({ method: 'BTC-BTC', address: ADDR.BTC_P2PKH, amount: '0.001' }), Err.INSUFFICIENT_BALANCE);
  });

  it('withdrawal: wrong types, unknown fields and 10 kB strings are malformed (10030)', async () => {
    for (const payload of [
      { method: 'USDT-TRC20', address: ADDR.TRON, amount: 20 },
      { method: ['USDT-TRC20'], address: ADDR.TRON, amount: '20' },
      { method: 'USDT-TRC20', address: ADDR.TRON, amount: '20', userId: bob.id.toString() },
      { method: 'USDT-TRC20', address: 'T'.repeat(10_000), amount: '20' },
      { method: 'USDT-TRC20', address: ADDR.TRON, amount: '1'.repeat(10_000) },
    ]) {
      const before = await counts(t.app);
      const res = await t.app.inject({ method: 'POST', url: `${U}/withdrawal`, headers: real(alice), payload });
      expect(res.statusCode).toBe(400);
      expect(body(res).code).toBe(Err.MALFORMED_REQUEST);
      expect(await counts(t.app)).toEqual(before);
    }
    await unchanged(
      async () => body(await t.app.inject({ method: 'POST', url: `${U}/withdrawal`, payload: {} })).code,
      Err.LOGIN_REQUIRED,
    );
  });

  it('recharge: amounts and minimums (10042, 10037 naming coin and limit)', async () => {
    for (const amount of ['-150', '0', '150.0000001', 'abc', '1e5', '999999999999999999999', '']) {
      await unchanged(deposit(rechargeFields({ amount })), amount === '' ? Err.MALFORMED_REQUEST : Err.AMOUNT_INVALID);
    }
    await unchanged(deposit(rechargeFields({ amount: '119.999999' })), Err.DEPOSIT_BELOW_MINIMUM);
    const res = body(
      await recharge(
        t.app,
        alice,
        rechargeFields({ coin: 'BTC', network: 'BTC', amount: '0.0149' }),
        { content: PNG },
        real(alice, { lang: 'en' }),
      ),
    );
    expect(res.code).toBe(Err.DEPOSIT_BELOW_MINIMUM);
    expect(res.msg).toContain('BTC');
    expect(res.msg).toContain('0.015');
  });

  it('recharge: wrong coins, networks and fields are malformed (10030)', async () => {
    for (const over of <Array<Record<string, string>>>[
      { coin: 'DOGE' },
      { network: 'SOL' },
      { coin: 'BTC', network: 'TRC20' },
      { txHash: 'not-a-hash' },
      { txHash: "'; DROP TABLE deposits; --" },
      { proofLast6: '12345' },
      { proofLast6: 'abcdef' },
      { txHash: 'a'.repeat(10_000) },
    ]) {
      await unchanged(deposit(rechargeFields(over)), Err.MALFORMED_REQUEST);
    }
    await unchanged(deposit({ ...rechargeFields(), extra: 'x' }), Err.MALFORMED_REQUEST);
    const { proofLast6: _p, ...missing } = rechargeFields();
    await unchanged(deposit(missing), Err.MALFORMED_REQUEST);
    // JSON instead of a form
    await unchanged(
      async () =>
        body(await t.app.inject({ method: 'POST', url: `${U}/recharge`, headers: real(alice), payload: rechargeFields() })).code,
      Err.MALFORMED_REQUEST,
    );
  });

  it('recharge: fake, missing and oversize images (10039, 10055, 10040); nothing kept in the blob store', async () => {
    const files = async () => (await storedKeys(t.app)).length;
    const before = await files();
    await unchanged(
      deposit(rechargeFields(), {
        content: Buffer.from('just text, named like a PNG'),
        filename: 'proof.png',
        type: 'image/png',
      }),
      Err.IMAGE_FORMAT_WRONG,
    );
    await unchanged(
      deposit(rechargeFields(), { content: Buffer.from('GIF89a......'), filename: 'proof.jpg', type: 'image/jpeg' }),
      Err.IMAGE_FORMAT_WRONG,
    );
    await unchanged(
      deposit(rechargeFields(), { content: Buffer.from('<svg onload="alert(1)"></svg>'), filename: 'x.png' }),
      Err.IMAGE_FORMAT_WRONG,
    );
    await unchanged(deposit(rechargeFields(), null), Err.UPLOAD_REQUIRED);
    await unchanged(deposit(rechargeFields(), { content: Buffer.alloc(0) }), Err.UPLOAD_REQUIRED);
    await unchanged(deposit(rechargeFields(), { content: Buffer.concat([PNG, Buffer.alloc(5000)]) }), Err.IMAGE_TOO_LARGE);
    await unchanged(deposit(rechargeFields(), { content: PNG, field: 'other' }), Err.MALFORMED_REQUEST);
    expect(await files()).toBe(before);
  });

  it('a used transaction hash is refused (10038), whatever its case or 0x prefix', async () => {
    const f = rechargeFields();
    expect(body(await recharge(t.app, alice, f)).code).toBe(Ok.RECHARGE_SUBMITTED);
    await unchanged(deposit({ ...rechargeFields(), txHash: `0x${f.txHash.toUpperCase()}` }), Err.TX_HASH_USED);
  });

  it("another user's records: not found (10043), nothing changes", async () => {
    const dep = body(await recharge(t.app, alice, rechargeFields())).result;
    await unchanged(
      async () => body(await t.app.inject({ url: `${U}/rechargeProof/${dep.id}`, headers: real(bob) })).code,
      Err.RECORD_NOT_FOUND,
    );
    await unchanged(
      async () => body(await t.app.inject({ url: `${U}/rechargeProof/999999`, headers: real(alice) })).code,
      Err.RECORD_NOT_FOUND,
    );
    await unchanged(
      async () => body(await t.app.inject({ url: `${U}/rechargeProof/abc`, headers: real(alice) })).code,
      Err.MALFORMED_REQUEST,
    );
    expect(body(await t.app.inject({ url: `${U}/listRecharge`, headers: real(bob) })).result.total).toBe(0);
    // customers cannot review, operators cannot review what does not exist
    await unchanged(
      async () =>
        body(
          await t.app.inject({
            method: 'POST',
            url: `/admin-api/deposits/${dep.id}/approve`,
            headers: { authorization: bob.token },
            payload: {},
          }),
        ).code,
      Err.OPERATOR_ONLY,
    );
    await unchanged(async () => (await adminCall(t.app, op, 'POST', '/deposits/987654/approve', {})).code, Err.RECORD_NOT_FOUND);
    await unchanged(
      async () => (await adminCall(t.app, op, 'POST', '/withdrawals/987654/reject', { reason: 'x' })).code,
      Err.RECORD_NOT_FOUND,
    );
    await unchanged(
      async () => (await adminCall(t.app, op, 'POST', `/deposits/${dep.id}/reject`, { reason: '' })).code,
      Err.MALFORMED_REQUEST,
    );
    await unchanged(
      async () => (await adminCall(t.app, op, 'POST', `/deposits/${dep.id}/reject`, { reason: 'x'.repeat(10_000) })).code,
      Err.MALFORMED_REQUEST,
    );
    await unchanged(
      async () => (await adminCall(t.app, op, 'POST', `/deposits/${dep.id}/approve`, { amount: '1000000' })).code,
      Err.MALFORMED_REQUEST,
    );
  });

  it('list and statement queries refuse bad filters (10030)', async () => {
    for (const q of ['status=paid', 'coin=DOGE', 'pageSize=1000', 'pageNum=0', 'pageNum=abc']) {
      expect(body(await t.app.inject({ url: `${U}/listRecharge?${q}`, headers: real(alice) })).code, q).toBe(
        Err.MALFORMED_REQUEST,
      );
      expect(body(await t.app.inject({ url: `${U}/listWithdrwal?${q}`, headers: real(alice) })).code, q).toBe(
        Err.MALFORMED_REQUEST,
      );
    }
    for (const q of ['asset=DOGE', 'from=yesterday', "reason=x'%20OR%201=1", 'extra=1']) {
      expect(body(await t.app.inject({ url: `${U}/statement?${q}`, headers: real(alice) })).code, q).toBe(Err.MALFORMED_REQUEST);
    }
  });

  it('the ledger still reconciles', async () => {
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });
});
