/**
 * The hot wallet's cap (docs/wallet.md, "Sweeps" and "The hot wallet's cap"), on Anvil, through the
 * signer: sweeps top the hot wallet up to CHAIN_USDT_ERC20_HOT_WALLET_CAP and no further (what
 * exceeds it stays on the deposit address, swept once payouts have made room), and a withdrawal
 * larger than what the hot wallet holds waits whole (`waitingFunds`, no nonce taken, nothing sent)
 * while smaller ones behind it are paid; once an operator refills the hot wallet it is paid exactly
 * once, its whole receive amount, and confirmed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { parseUnits } from 'viem';
import { chainAddresses, chainSweeps } from '../../../server/chain/schema.ts';
import { signerSignatures } from '../../../server/signer/schema.ts';
import { createUser, type TestUser } from '../wallet/walletFixtures.ts';
import { approvedWithdrawal, N, payoutsOf, useSweepingApp, withdrawalRecord } from './chainFixtures.ts';
import { HOT } from './signerFixtures.ts';

const CAP = '300';
const usdt = (amount: string) => parseUnits(amount, 6);

describe('the hot wallet cap: sweeps stop at it; a withdrawal above what the wallet holds waits whole', () => {
  const c = useSweepingApp({ sweepMin: { USDT: '100' }, hotCap: { USDT: CAP } });
  const { world, t, watch, sweep, mine, usdtOf, sweepsOf } = c;
  const send = async () => (await t.app.chain.sendOnce())[0];
  let op: TestUser;
  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
  });

  const openSweeps = () =>
    t.app.db
      .select()
      .from(chainSweeps)
      .where(inArray(chainSweeps.state, ['fueling', 'sending', 'sent']));
  /** Blocks mined one at a time, a sweep run after each, until no sweep is open (each one's steps are facts on chain). */
  const settleSweeps = async () => {
    for (let i = 0; i < 2 * N + 4 && (await openSweeps()).length > 0; i++) {
      await mine();
      await sweep();
    }
    expect(await openSweeps()).toHaveLength(0);
  };
  const credited = async (amount: string) => (await c.credited('USDT', amount)).address;
  const withdrawal = (amount: string) => approvedWithdrawal(t.app, op, 'USDT', amount);
  const recordOf = (u: TestUser, id: string) => withdrawalRecord(t.app, u, id);

  let a = '';
  let b = '';
  let big: Awaited<ReturnType<typeof withdrawal>>;

  it('a sweep tops the hot wallet up to its cap and leaves the rest on the deposit address', async () => {
    expect(await usdtOf(HOT)).toBe(0n);
    a = await credited('350');
    expect(await sweep()).toMatchObject({ started: 1 });
    const [s] = await sweepsOf(a);
    expect(s).toMatchObject({ coin: 'USDT', amountRaw: usdt(CAP).toString() });
    await settleSweeps();
    expect(await usdtOf(HOT)).toBe(usdt(CAP));
    expect(await usdtOf(a)).toBe(usdt('50'));

    // at the cap nothing more moves: a second customer's deposit stays on their address
    b = await credited('200');
    expect(await sweep()).toMatchObject({ started: 0, moved: 0 });
    expect(await sweepsOf(b)).toHaveLength(0);
    expect(await usdtOf(b)).toBe(usdt('200'));
    expect(await usdtOf(HOT)).toBe(usdt(CAP));
    // held back by the cap, not read as done: the address is read again once there is room
    const [row] = await t.app.db.select().from(chainAddresses).where(eq(chainAddresses.address, b));
    expect(row.sweepCheckedAt).toBeNull();
  });

  it('a withdrawal above what the hot wallet holds waits whole while a smaller one is paid', async () => {
    big = await withdrawal('500');
    expect(big.receive).toBe('495.000000');
    expect(await send()).toMatchObject({ waiting: 1, sent: 0 });
    expect(await recordOf(big.u, big.id)).toMatchObject({ status: 'waitingFunds', payoutTxHash: null, verifiedOnChain: true });
    // no nonce taken, nothing signed: a partial payment cannot exist
    expect(await payoutsOf(t.app, big.id)).toHaveLength(0);

    const small = await withdrawal('200');
    expect(await send()).toMatchObject({ waiting: 1, sent: 1 });
    await mine(N);
    await watch();
    expect(await recordOf(small.u, small.id)).toMatchObject({ status: 'confirmed' });
    expect(await usdtOf(small.address)).toBe(usdt(small.receive));
    expect(await usdtOf(HOT)).toBe(usdt('102'));
    expect(await recordOf(big.u, big.id)).toMatchObject({ status: 'waitingFunds' });
    expect(await usdtOf(big.address)).toBe(0n);
  });

  it('once payouts made room, sweeps fill the hot wallet to the cap again, and no further', async () => {
    expect(await sweep()).toMatchObject({ started: 1 });
    await settleSweeps();
    // 198 of b's 200 fit under the cap; a's 50 are below the threshold and stay
    const [s] = await sweepsOf(b);
    expect(s).toMatchObject({ state: 'confirmed', amountRaw: usdt('198').toString() });
    expect(await usdtOf(HOT)).toBe(usdt(CAP));
    expect(await usdtOf(b)).toBe(usdt('2'));
    expect(await usdtOf(a)).toBe(usdt('50'));
    expect(await sweepsOf(a)).toHaveLength(1);

    // still short of the 495: it keeps waiting, nothing paid
    expect(await send()).toMatchObject({ waiting: 1, sent: 0 });
    expect(await recordOf(big.u, big.id)).toMatchObject({ status: 'waitingFunds' });
    expect(await payoutsOf(t.app, big.id)).toHaveLength(0);
    expect(await usdtOf(big.address)).toBe(0n);
  });

  it('refilled from the cold wallet, it is paid once, whole, and confirmed', async () => {
    // an operator's transfer from the cold wallet (Anvil's first account)
    await world.send.token(world.usdt, HOT, '300');
    await mine();
    expect(await send()).toMatchObject({ waiting: 0, sent: 1 });
    expect(await recordOf(big.u, big.id)).toMatchObject({ status: 'sent' });
    expect(await send()).toMatchObject({ waiting: 0, sent: 0 });
    await mine(N);
    await watch();
    expect(await recordOf(big.u, big.id)).toMatchObject({ status: 'confirmed', confirmations: N });
    expect(await usdtOf(big.address)).toBe(usdt(big.receive));
    const [p] = await payoutsOf(t.app, big.id);
    expect(await payoutsOf(t.app, big.id)).toHaveLength(1);
    const signed = await t.app.db
      .select()
      .from(signerSignatures)
      .where(eq(signerSignatures.withdrawalId, BigInt(big.id)));
    expect(signed.map((x) => x.nonce)).toEqual([p.nonce]);
    // more runs pay nothing more
    await mine(2);
    await watch();
    expect(await send()).toMatchObject({ waiting: 0, sent: 0, replaced: 0 });
    expect(await usdtOf(big.address)).toBe(usdt(big.receive));
    await c.expectReconciled();
  });
});
