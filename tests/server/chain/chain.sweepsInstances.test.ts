/**
 * Sweeps on two instances as `npm start` runs them (NODE_ENV=production, one PostgreSQL, one Redis,
 * separate processes), the signer beside them: both run the leader job `chain-sweeps`, one leads it.
 * A credited USDT deposit is swept once: one `chain_sweeps` row, one gas transfer and one token
 * transfer on chain, one signature of each. Then the instance leading the sweeps is killed with
 * SIGKILL the moment the node received a second deposit's gas transfer (before it heard back); the
 * other takes the job over, finds the recorded sweep and carries it on: still one row, one gas
 * transfer (broadcast again, never signed again) and one token transfer.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { parseAbiItem, parseUnits, type Hex } from 'viem';
import { chainDeposits, chainSweeps } from '../../../server/chain/schema.ts';
import { signerSignatures } from '../../../server/signer/schema.ts';
import { usingPostgres } from '../helpers.ts';
import { createUser, real } from '../wallet/walletFixtures.ts';
import { waitFor } from '../productionFixtures.ts';
import { call, type Instance } from '../processFixtures.ts';
import { ACCOUNT_KEY, N, useChainInstances } from './chainFixtures.ts';
import { HOT } from './signerFixtures.ts';
import { TEST_TOKEN_ABI } from './testToken.ts';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

describe.runIf(usingPostgres())('sweeps on two instances: each deposit swept once, even with the leader killed', () => {
  const chain = useChainInstances('sweeps-two');
  const { world, signer } = chain;

  const usdtOf = (a: string) =>
    world.send.pub.readContract({
      address: world.usdt,
      abi: TEST_TOKEN_ABI,
      functionName: 'balanceOf',
      args: [a as Hex],
    }) as Promise<bigint>;
  /** Every token transfer the chain holds from `from`. */
  const tokenTransfersFrom = (from: string) =>
    world.send.pub.getLogs({ address: world.usdt, event: TRANSFER, args: { from: from as Hex }, fromBlock: 0n });
  /** Every native transfer from the hot wallet to `to`, read block by block from the node. */
  const fuelsTo = async (to: string) => {
    const head = await world.send.pub.getBlockNumber();
    let n = 0;
    for (let b = 0n; b <= head; b++) {
      const block = await world.send.pub.getBlock({ blockNumber: b, includeTransactions: true });
      n += block.transactions.filter(
        (t) => t.from.toLowerCase() === HOT.toLowerCase() && t.to?.toLowerCase() === to.toLowerCase(),
      ).length;
    }
    return n;
  };
  const sweepsOf = (address: string) => chain.database.db.select().from(chainSweeps).where(eq(chainSweeps.address, address));
  /** Blocks mined one per look until the address's sweep is confirmed (each look is a fact on chain or in the table). */
  const untilSwept = (address: string) =>
    waitFor(
      `the sweep of ${address} confirmed`,
      async () => {
        await world.anvil.mine(1);
        return (await sweepsOf(address)).some((s) => s.state === 'confirmed');
      },
      90_000,
    );

  it('both instances run chain-sweeps; a deposit is swept once, and once again after the leader dies mid-sweep', async () => {
    const { database, proxy } = chain;
    const sweepMin = { CHAIN_USDT_ERC20_SWEEP_MIN: '100' };
    const a = await chain.start('instance A', sweepMin);
    await signer.start(database.db, { usdtContract: world.usdt, sweepKey: ACCOUNT_KEY });
    const b = await chain.start('instance B', sweepMin);
    const leader = await chain.leaderOf('chain-sweeps', [a, b]);
    const other = leader === a ? b : a;
    const dbApp = { db: database.db };
    const hotBefore = await usdtOf(HOT);

    /** A customer's own address (asked of `on`, as the deposit screen does), sent `amount` USDT and credited at N. */
    const deposit = async (on: Instance, amount: string) => {
      const u = await createUser(dbApp);
      const own = await call(on, 'GET', '/swx/customer/user/chainAddresses', real(u));
      const address = (own.result.rows as Array<{ coin: string; address: string }>).find((r) => r.coin === 'USDT')!.address;
      await world.send.token(world.usdt, address, amount);
      await world.anvil.mine(N);
      await waitFor(
        `the deposit to ${address} credited`,
        async () => {
          const rows = await database.db
            .select()
            .from(chainDeposits)
            .where(sql`lower(${chainDeposits.toAddress}) = ${address.toLowerCase()}`);
          return rows.length === 1 && rows[0].status === 'credited';
        },
        30_000,
      );
      return address;
    };
    const expectSweptOnce = async (address: string, amount: string) => {
      const rows = await sweepsOf(address);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ coin: 'USDT', state: 'confirmed', amountRaw: parseUnits(amount, 6).toString() });
      const transfers = await tokenTransfersFrom(address);
      expect(transfers.map((l) => [l.args.to?.toLowerCase(), l.args.value])).toEqual([
        [HOT.toLowerCase(), parseUnits(amount, 6)],
      ]);
      expect(await usdtOf(address)).toBe(0n);
      expect(await fuelsTo(address)).toBe(1);
      const signed = await database.db.select().from(signerSignatures).where(eq(signerSignatures.sweepId, rows[0].id));
      expect(signed.map((s) => s.kind).sort()).toEqual(['fuel', 'sweep']);
    };

    // 1. both running: the leader sweeps it, the other does nothing
    const first = await deposit(other, '150');
    await untilSwept(first);
    await expectSweptOnce(first, '150');

    // 2. the leader dies the moment the node has the second address's gas transfer
    const killed = proxy.holdNextSend().then(() => leader.child.kill('SIGKILL'));
    const second = await deposit(other, '120');
    await killed;
    expect(await leader.exited).toBe(null);
    await chain.untilLeads(other, 'chain-sweeps');
    await untilSwept(second);
    await expectSweptOnce(second, '120');
    // the gas transfer the dead leader had broadcast was not signed again
    const [row] = await sweepsOf(second);
    expect(
      (await database.db.select().from(signerSignatures).where(eq(signerSignatures.sweepId, row.id))).filter(
        (s) => s.kind === 'fuel',
      ),
    ).toHaveLength(1);
    expect((await usdtOf(HOT)) - hotBefore).toBe(parseUnits('270', 6));
    expect(await database.db.select().from(chainSweeps)).toHaveLength(2);
  }, 240_000);
});
