import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatEther, formatUnits, getAddress, type Hex } from 'viem';
import { body, usingPostgres, useTestApp } from '../helpers.ts';
import { adminCall, createUser, fund, type TestUser } from '../wallet/walletFixtures.ts';
import { testClock } from '../smart/smartFixtures.ts';
import { N, useChainWorld, watching } from '../chain/chainFixtures.ts';
import { TEST_TOKEN_ABI } from '../chain/testToken.ts';
import { TEST_CHAIN_ID } from '../../setup/anvil.ts';
import { liabilitySnapshots } from '../../../server/proof/schema.ts';

/**
 * Reserves read from the chain (docs/ledger.md, "Reserves"), on Anvil: the platform's recorded
 * ERC20 wallets are read from the node at the newest confirmed block when a snapshot of
 * liabilities is taken; /proof shows "on-chain at block N" with that block's hash beside the
 * liabilities and their ratio, equal to what the node reports for ETH and the USDT token at that
 * block; the snapshot records the block; a later transfer shows only at the next snapshot.
 */
const HOT = '0x1111111111111111111111111111111111111111';
const COLD = '0x2222222222222222222222222222222222222222';
const summary = async (t: { app: Parameters<typeof adminCall>[0] }) =>
  body(await t.app.inject({ url: '/swx/customer/index/proof' })).result;

describe(`proof of reserves on chain (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const world = useChainWorld();
  const clock = testClock();
  const t = useTestApp(() => ({ clock: clock.now, ...watching(world) }));
  let op: TestUser;

  /** What the node itself says at `block`: the wallet's ETH and the token's balanceOf, and the block's hash and time. */
  async function nodeSays(block: number) {
    const at = BigInt(block);
    const [eth, usdt, b] = await Promise.all([
      world.send.pub.getBalance({ address: HOT, blockNumber: at }),
      world.send.pub.readContract({
        address: world.usdt,
        abi: TEST_TOKEN_ABI,
        functionName: 'balanceOf',
        args: [COLD as Hex],
        blockNumber: at,
      }) as Promise<bigint>,
      world.send.pub.getBlock({ blockNumber: at }),
    ]);
    return { eth: formatEther(eth), usdt: formatUnits(usdt, 6), hash: b.hash, time: new Date(Number(b.timestamp) * 1000) };
  }
  const takeSnapshot = async () => {
    const r = await adminCall(t.app, op, 'POST', '/proof/snapshots', { reason: 'reserves on chain' });
    expect(r.result).toMatchObject({ status: 'published' });
    return r.result as { id: string };
  };

  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'ETH', '2');
    await fund(t.app, u.id, 'USDT', '400');
    for (const [asset, address, label] of [
      ['ETH', getAddress(HOT), 'hot wallet'],
      ['USDT', getAddress(COLD), 'cold wallet'],
    ])
      expect((await adminCall(t.app, op, 'POST', '/reserves/wallets', { asset, network: 'ERC20', address, label })).code).toBe(
        200,
      );
    await world.send.eth(HOT, '1.5');
    await world.send.token(world.usdt, COLD, '500.25');
    await world.anvil.mine(N);
  });

  it("/proof shows the wallets' balances at the snapshot's block, as the node reports them, beside the liabilities and their ratio", async () => {
    const head = await world.anvil.head();
    const snap = await takeSnapshot();
    const block = head - N + 1;
    const [row] = await t.app.db
      .select()
      .from(liabilitySnapshots)
      .where(eq(liabilitySnapshots.id, BigInt(snap.id)));
    expect(row.chainBlock).toBe(block);
    const node = await nodeSays(block);
    expect(node).toMatchObject({ eth: '1.5', usdt: '500.25' });
    const pub = await summary(t);
    expect(pub.snapshot).toMatchObject({ id: snap.id, chainBlock: block });
    const line = (asset: string) => pub.assets.find((a: { asset: string }) => a.asset === asset);
    const common = { network: 'ERC20', block, blockHash: node.hash, blockTime: node.time.toISOString(), link: null, wallets: 1 };
    expect(TEST_CHAIN_ID).toBe(31337); // a local node: no explorer to link
    expect(line('ETH')).toMatchObject({
      liabilities: '2.00000000',
      onChain: { ...common, amount: '1.50000000', ratio: '0.7500' },
    });
    expect(line('USDT')).toMatchObject({
      liabilities: '400.000000',
      onChain: { ...common, amount: '500.250000', ratio: '1.2506' },
    });
    expect(line('BTC')).toMatchObject({ onChain: null });
  });

  it('a later transfer changes nothing on /proof until the next snapshot, which reads it at its own block', async () => {
    const before = await summary(t);
    await world.send.eth(HOT, '0.25');
    await world.send.token(world.usdt, COLD, '100');
    await world.anvil.mine(N);
    expect(await summary(t)).toEqual(before);

    clock.ms(60_000);
    const head = await world.anvil.head();
    await takeSnapshot();
    const block = head - N + 1;
    const node = await nodeSays(block);
    expect(node).toMatchObject({ eth: '1.75', usdt: '600.25' });
    const after = await summary(t);
    expect(after.snapshot.chainBlock).toBe(block);
    const line = (asset: string) => after.assets.find((a: { asset: string }) => a.asset === asset).onChain;
    expect(line('ETH')).toMatchObject({ block, blockHash: node.hash, amount: '1.75000000' });
    expect(line('USDT')).toMatchObject({ block, blockHash: node.hash, amount: '600.250000' });
  });

  it('a node that does not answer leaves the snapshot without a reading: the liabilities are still published', async () => {
    await world.anvil.stop();
    clock.ms(60_000);
    const snap = await takeSnapshot();
    const pub = await summary(t);
    expect(pub.snapshot).toMatchObject({ id: snap.id, chainBlock: null });
    for (const a of pub.assets) expect(a.onChain).toBeNull();
  });
});
