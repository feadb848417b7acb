/**
 * The separate signer (server/signer/, docs/security.md "The signer"): it signs only what the
 * platform approved for it to pay, read from the database itself: never a withdrawal without its
 * approvals (four eyes included), never one changed after approval, never a second nonce for a
 * withdrawal nor a nonce of another one, and it logs every signature. Its key opens from a sealed
 * keystore; it listens on loopback only and answers only with its token.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parseEther, parseTransaction, type Hex } from 'viem';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { openKey, sealKey } from '../../../server/signer/keystore.ts';
import { serveSigner } from '../../../server/signer/http.ts';
import { useTestApp } from '../helpers.ts';
import { adminCall, createUser, type TestUser } from '../wallet/walletFixtures.ts';
import { TEST_CHAIN_ID } from '../../setup/anvil.ts';
import { newAddress, submitWithdrawal, useChainWorld, watching } from './chainFixtures.ts';
import { askSigner, HOT, HOT_KEY, SIGNER_TOKEN, useSignerPort } from './signerFixtures.ts';

const GWEI = 10n ** 9n;
const fees = (gwei: bigint) => ({ maxFeePerGas: (gwei * GWEI).toString(), maxPriorityFeePerGas: GWEI.toString() });

describe('the signer signs only what was approved for it', () => {
  const world = useChainWorld();
  const signer = useSignerPort();
  const t = useTestApp(() => ({
    ...watching(world, { signer: { url: signer.url, token: SIGNER_TOKEN }, hotWallets: [HOT.toLowerCase() as Hex] }),
    fourEyesAboveUsdt: '1000',
  }));
  let op: TestUser;
  let op2: TestUser;
  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    op2 = await createUser(t.app, 'operator');
    // the signer's own four-eyes line is lower than the platform's: it does not take the platform's word
    await signer.start(t.app.db, { usdtContract: world.usdt, fourEyesAboveUsdt: '500' });
  });

  const withdrawal = (coin: 'ETH' | 'USDT' | 'BTC', amount: string) => submitWithdrawal(t.app, coin, amount);
  const approve = (id: string, by = op) => adminCall(t.app, by, 'POST', `/withdrawals/${id}/approve`, {});
  const sign = (withdrawalId: string, nonce: number, gwei = 2n) =>
    askSigner(signer.url, '/sign', { withdrawalId, nonce, ...fees(gwei) });

  it('an approval without a hash queues the withdrawal; the signer signs exactly it, and logs it', async () => {
    const w = await withdrawal('ETH', '0.05');
    const res = await approve(w.id);
    expect(res.code).toBe(Ok.SUCCESS);
    expect(res.result).toMatchObject({ status: 'queued', payoutTxHash: null, verifiedOnChain: true });
    const signed = await sign(w.id, 100);
    expect(signed.status).toBe(200);
    expect(signed.body.from).toBe(HOT);
    const tx = parseTransaction(signed.body.raw as Hex);
    expect(tx).toMatchObject({
      to: w.address,
      value: parseEther(w.receive),
      nonce: 100,
      chainId: TEST_CHAIN_ID,
      type: 'eip1559',
    });
    expect(signer.logged.find((l) => l.msg === 'signer signed' && l.o.withdrawalId === w.id)?.o).toMatchObject({
      txHash: signed.body.txHash,
      to: w.address,
      nonce: 100,
    });
    // asked again exactly (a restart before the answer was kept): the same signature
    expect((await sign(w.id, 100)).body.txHash).toBe(signed.body.txHash);
  });

  it('a USDT payout is the token’s transfer of the receive amount', async () => {
    const w = await withdrawal('USDT', '300');
    expect((await approve(w.id)).code).toBe(Ok.SUCCESS);
    const signed = await sign(w.id, 101);
    expect(signed.status).toBe(200);
    const tx = parseTransaction(signed.body.raw as Hex);
    expect(tx.to?.toLowerCase()).toBe(world.usdt.toLowerCase());
    expect(tx.value ?? 0n).toBe(0n);
    // transfer(address,uint256): the recipient and 297 USDT (6 decimals) in the call data
    expect(tx.data).toContain(w.address.slice(2).toLowerCase());
    expect(tx.data).toContain((297_000_000).toString(16).padStart(64, '0'));
  });

  it('refuses a withdrawal not approved, forged into queued, or changed after approval', async () => {
    const pending = await withdrawal('ETH', '0.05');
    expect(await sign(pending.id, 200)).toMatchObject({
      status: 403,
      body: { refused: 'status pending is not approved for payment' },
    });

    const forged = await withdrawal('ETH', '0.05');
    await t.app.db.execute(sql`update withdrawals set status = 'queued', reviewed_by = ${op.id} where id = ${BigInt(forged.id)}`);
    expect(await sign(forged.id, 201)).toMatchObject({ status: 403, body: { refused: 'no recorded approval' } });

    const changed = await withdrawal('ETH', '0.05');
    expect((await approve(changed.id)).code).toBe(Ok.SUCCESS);
    const elsewhere = newAddress();
    await t.app.db.execute(sql`update withdrawals set address = ${elsewhere} where id = ${BigInt(changed.id)}`);
    const res = await sign(changed.id, 202);
    expect(res.status).toBe(403);
    expect(res.body.refused).toContain('address changed after approval');
    expect(res.body.refused).toContain(elsewhere);

    const more = await withdrawal('ETH', '0.05');
    expect((await approve(more.id)).code).toBe(Ok.SUCCESS);
    await t.app.db.execute(
      sql`update withdrawals set receive_amount = receive_amount + 1, amount = amount + 1 where id = ${BigInt(more.id)}`,
    );
    expect((await sign(more.id, 203)).body.refused).toContain('amount changed after approval');
    // nothing of these was signed
    expect(
      signer.logged.filter(
        (l) => l.msg === 'signer signed' && [pending.id, forged.id, changed.id, more.id].includes(String(l.o.withdrawalId)),
      ),
    ).toEqual([]);
  });

  it('four eyes: above its own line it wants two approvals by two operators', async () => {
    // 800 USDT: under the platform's 1,000 (one operator approves), above the signer's 500
    const one = await withdrawal('USDT', '800');
    expect((await approve(one.id)).result.status).toBe('queued');
    expect((await sign(one.id, 300)).body.refused).toBe('four eyes: no first approval recorded');

    const two = await withdrawal('USDT', '1500');
    expect((await approve(two.id)).result).toMatchObject({ status: 'pending', firstApprovedBy: op.id.toString() });
    expect((await sign(two.id, 301)).status).toBe(403);
    expect((await approve(two.id, op2)).result.status).toBe('queued');
    expect((await sign(two.id, 301)).status).toBe(200);
  });

  it('one nonce per withdrawal, replaced only with fees 10 % higher; a nonce is never another’s', async () => {
    const w = await withdrawal('ETH', '0.05');
    expect((await approve(w.id)).code).toBe(Ok.SUCCESS);
    const first = await sign(w.id, 400, 2n);
    expect(first.status).toBe(200);
    expect((await sign(w.id, 401, 3n)).body.refused).toBe('already signed with nonce 400');
    expect(
      (
        await askSigner(signer.url, '/sign', {
          withdrawalId: w.id,
          nonce: 400,
          maxFeePerGas: '2100000000',
          maxPriorityFeePerGas: '1000000000',
        })
      ).body.refused,
    ).toBe('a replacement needs fees 10 % higher');
    const replaced = await askSigner(signer.url, '/sign', {
      withdrawalId: w.id,
      nonce: 400,
      maxFeePerGas: '3000000000',
      maxPriorityFeePerGas: '1100000000',
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.txHash).not.toBe(first.body.txHash);
    const other = await withdrawal('ETH', '0.05');
    expect((await approve(other.id)).code).toBe(Ok.SUCCESS);
    expect((await sign(other.id, 400)).body.refused).toBe(`nonce 400 was signed for withdrawal ${w.id}`);
    // a fee above the signer's limit is refused whatever was approved
    expect((await sign(other.id, 402, 501n)).body.refused).toContain("above the signer's limit");
  });

  it('only with its token, only on loopback; without a signer or on an unwatched network a hash is needed', async () => {
    expect((await askSigner(signer.url, '/address', undefined, 'x'.repeat(40))).status).toBe(401);
    expect((await askSigner(signer.url, '/address')).body.address).toBe(HOT);
    await expect(serveSigner(signer.signer, { host: '0.0.0.0', port: 0, token: SIGNER_TOKEN })).rejects.toThrow(/loopback/);
    const btc = await withdrawal('BTC', '0.01');
    const eth = await withdrawal('ETH', '0.05');
    // the operators' queue says which the platform pays itself (the console asks for no hash there)
    const queue = (await adminCall(t.app, op, 'GET', '/withdrawals?status=pending&pageSize=100')).result.rows as Array<{
      id: string;
      paidByPlatform: boolean;
    }>;
    expect(queue.find((r) => r.id === btc.id)?.paidByPlatform).toBe(false);
    expect(queue.find((r) => r.id === eth.id)?.paidByPlatform).toBe(true);
    expect((await approve(btc.id)).code).toBe(Err.CHAIN_PAYOUT_HASH_REQUIRED);
  });

  it('the keystore opens with its passphrase only, and not once edited', () => {
    const sealed = sealKey(HOT_KEY, 'a passphrase long enough', { n: 2 ** 10 });
    expect(sealed.address).toBe(HOT);
    expect(JSON.stringify(sealed)).not.toContain(HOT_KEY.slice(2));
    expect(openKey(sealed, 'a passphrase long enough')).toBe(HOT_KEY);
    expect(() => openKey(sealed, 'another passphrase here')).toThrow(/wrong passphrase/);
    expect(() => openKey({ ...sealed, address: newAddress() as Hex }, 'a passphrase long enough')).toThrow();
  });
});
