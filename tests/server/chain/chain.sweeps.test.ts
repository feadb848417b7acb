/**
 * Sweeps on Anvil (docs/wallet.md, "Sweeps"): credited deposits collected from customers' addresses
 * to the hot wallet through the separate signer. A token sweep gets its gas from the hot wallet
 * first (never read as a deposit), an ETH sweep sends what is left after its gas; below the
 * threshold nothing moves until a newer credit brings the address over it; customers' balances and
 * the ledger do not move; the signer refuses a sweep to anything but its wallet or from an address
 * its key does not derive; operators see every sweep with its hashes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { parseEther, parseUnits, type Hex } from 'viem';
import { chainAddresses, chainSweeps } from '../../../server/chain/schema.ts';
import { signerSignatures } from '../../../server/signer/schema.ts';
import { ledgerTransfers } from '../../../server/platform/ledger/schema.ts';
import { adminCall, createUser, type TestUser } from '../wallet/walletFixtures.ts';
import { N, useSweepingApp } from './chainFixtures.ts';
import { askSigner, HOT } from './signerFixtures.ts';

describe('sweeps: deposit addresses collected to the hot wallet through the signer', () => {
  const c = useSweepingApp({ sweepMin: { ETH: '0.5', USDT: '100' } });
  const { world, t, watch, sweep, mine, usdtOf, sweepsOf, credited, signer } = c;
  let op: TestUser;
  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
  });

  const ethOf = (a: string) => world.send.pub.getBalance({ address: a as Hex });

  it('a token deposit is swept after its gas arrives from the hot wallet; the gas is no deposit; balances and ledger stay', async () => {
    const { u, address } = await credited('USDT', '150');
    const before = { hot: await usdtOf(HOT), balance: await c.available(u, 'USDT'), ledger: await ledgerCount() };
    expect(before.balance).toBe('150.000000');

    const first = await sweep();
    expect(first).toMatchObject({ started: 1 });
    const [fueling] = await sweepsOf(address);
    expect(fueling).toMatchObject({ coin: 'USDT', state: 'fueling', amountRaw: parseUnits('150', 6).toString() });
    expect(fueling.fuelTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    await mine();
    // the gas is mined: the sweep is signed by the address's own key and broadcast
    expect(await sweep()).toMatchObject({ moved: 1 });
    const [sent] = await sweepsOf(address);
    expect(sent.state).toBe('sent');
    await mine(N);
    expect(await sweep()).toMatchObject({ confirmed: 1 });
    const [done] = await sweepsOf(address);
    expect(done).toMatchObject({ state: 'confirmed', confirmations: N });

    expect(await usdtOf(address)).toBe(0n);
    expect((await usdtOf(HOT)) - before.hot).toBe(parseUnits('150', 6));
    // the watcher walked the gas transfer's block: the customer has one deposit, and the same balance
    await watch();
    expect((await c.chainDepositsOf(u)).map((d) => d.coin)).toEqual(['USDT']);
    expect(await c.available(u, 'USDT')).toBe(before.balance);
    expect(Number(await c.available(u, 'ETH'))).toBe(0);
    expect(await ledgerCount()).toBe(before.ledger);
    await c.expectReconciled();

    // the signer recorded both signatures: the gas from the hot wallet, the sweep from the address
    const signed = await t.app.db.select().from(signerSignatures).where(eq(signerSignatures.sweepId, done.id));
    expect(signed.map((s) => [s.kind, s.fromAddress]).sort()).toEqual([
      ['fuel', HOT.toLowerCase()],
      ['sweep', address.toLowerCase()],
    ]);
    // nothing is swept twice: the address has no newer credit
    expect(await sweep()).toMatchObject({ started: 0, moved: 0 });
  });

  it('an ETH deposit is swept whole but its gas; below the threshold nothing moves until a newer credit', async () => {
    const { u, address } = await credited('ETH', '0.3');
    expect(await sweep()).toMatchObject({ started: 0 });
    expect(await sweepsOf(address)).toHaveLength(0);

    const hotBefore = await ethOf(HOT);
    await credited('ETH', '0.4', u);
    expect(await sweep()).toMatchObject({ started: 1, moved: 1 });
    const [s] = await sweepsOf(address);
    expect(s.coin).toBe('ETH');
    await mine(N);
    expect(await sweep()).toMatchObject({ confirmed: 1 });
    const receipt = await world.send.pub.getTransactionReceipt({ hash: s.txHash as Hex });
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    // the address kept only the unspent part of the gas it reserved; the hot wallet got the rest
    expect(BigInt(s.amountRaw) + gas + (await ethOf(address))).toBe(parseEther('0.7'));
    expect((await ethOf(HOT)) - hotBefore).toBe(BigInt(s.amountRaw));
    expect(Number(await c.available(u, 'ETH'))).toBe(0.7);
    await c.expectReconciled();
  });

  it('operators see every sweep with its hashes and confirmations; customers cannot', async () => {
    const res = await adminCall(t.app, op, 'GET', '/chain/sweeps');
    expect(res.result.rows.length).toBeGreaterThanOrEqual(2);
    const usdt = res.result.rows.find((r: { coin: string }) => r.coin === 'USDT');
    expect(usdt).toMatchObject({ state: 'confirmed', amount: '150', to: HOT.toLowerCase(), required: N, confirmations: N });
    expect(usdt.fuelTxHash).toMatch(/^0x/);
    const confirmed = await adminCall(t.app, op, 'GET', '/chain/sweeps?state=confirmed&limit=1');
    expect(confirmed.result.rows).toHaveLength(1);
    expect(confirmed.result.next).not.toBeNull();
    const customer = await createUser(t.app);
    const refused = await adminCall(t.app, customer, 'GET', '/chain/sweeps');
    expect(refused.result).toBeNull();
  });

  it('the signer signs a sweep only to its own wallet and only from an address its key derives', async () => {
    const { address } = await credited('USDT', '120');
    // the sweep row is what the signer reads: one edited to another recipient, or a forged address, is refused
    const [row] = await t.app.db
      .insert(chainSweeps)
      .values({
        network: 'ERC20',
        addressId: (await t.app.db.select().from(chainAddresses).where(eq(chainAddresses.address, address)))[0].id,
        address,
        coin: 'USDT',
        amountRaw: parseUnits('120', 6).toString(),
        toAddress: '0x000000000000000000000000000000000000dead',
        state: 'sending',
        nonce: 0,
        maxFeePerGas: '2000000000',
        maxPriorityFeePerGas: '1000000000',
        createdAt: new Date(),
      })
      .returning();
    const ask = (path: string) =>
      askSigner(signer.url, path, {
        sweepId: row.id.toString(),
        nonce: 0,
        maxFeePerGas: '2000000000',
        maxPriorityFeePerGas: '1',
      });
    const other = await ask('/sweep');
    expect(other).toMatchObject({ status: 403 });
    expect(other.body.refused).toMatch(/goes to the hot wallet/);
    await t.app.db
      .update(chainSweeps)
      .set({ toAddress: HOT, address: '0x1111111111111111111111111111111111111111' })
      .where(eq(chainSweeps.id, row.id));
    const forged = await ask('/sweep');
    expect(forged.body.refused).toMatch(/is not derived by the sweep key/);
    await t.app.db.update(chainSweeps).set({ state: 'fueling' }).where(eq(chainSweeps.id, row.id));
    expect((await ask('/fuel')).body.refused).toMatch(/is not derived by the sweep key/);
    expect(await t.app.db.select().from(signerSignatures).where(eq(signerSignatures.sweepId, row.id))).toHaveLength(0);
    await t.app.db.delete(chainSweeps).where(eq(chainSweeps.id, row.id));
  });

  async function ledgerCount() {
    return Number((await t.app.db.select({ n: sql<number>`count(*)` }).from(ledgerTransfers))[0].n);
  }
});
