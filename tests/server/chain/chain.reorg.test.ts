/**
 * Reorganisations and outages on a real node (Anvil's `anvil_reorg`, and a proxy that takes the
 * node away): a deposit whose block is replaced before N confirmations is dropped with a notice and
 * never credited; one replaced after crediting stays credited and becomes an incident for
 * operators (nothing is reversed silently); a node that is down for a while loses nothing. The
 * ledger reconciles after each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeTransaction } from 'viem';
import { ChainService } from '../../../server/chain/service.ts';
import { Ok } from '../../../src/contract/errors.ts';
import { useTestApp } from '../helpers.ts';
import { adminCall, createUser, type TestUser } from '../wallet/walletFixtures.ts';
import {
  addressOf,
  available,
  chainDepositsOf,
  creditsOf,
  depositRows,
  expectReconciled,
  N,
  reorg,
  useChainWorld,
  watching,
} from './chainFixtures.ts';
import { startRpcProxy, type RpcProxy } from './rpcProxy.ts';

describe('chain deposits: reorganisations and a node that goes away', () => {
  const world = useChainWorld();
  let proxy: RpcProxy;
  beforeAll(async () => {
    proxy = await startRpcProxy(world.anvil.url);
  });
  afterAll(async () => {
    await proxy?.close();
  });
  // the platform talks to the node through the proxy, so the test can take the node away
  const t = useTestApp(() => watching(world, { rpcUrl: proxy.url }));
  const watch = () => t.app.chain.watchOnce();
  const eventsOf = (u: TestUser) => {
    const events: Array<{ kind: string; params: Record<string, unknown> }> = [];
    t.app.bus.subscribe(`user:${u.id}`, (m) => events.push(m as (typeof events)[number]));
    return events;
  };

  it('a reorganisation before N confirmations drops the deposit with a notice; nothing is credited', async () => {
    const u = await createUser(t.app);
    const events = eventsOf(u);
    const hash = await world.send.eth(await addressOf(t.app, u), '1');
    await world.anvil.mine(N - 1);
    await watch();
    expect((await chainDepositsOf(t.app, u))[0]).toMatchObject({ status: 'confirming', confirmations: N - 1 });

    // the last N − 1 blocks, the deposit's among them, replaced by empty ones: the transfer is gone
    await reorg(world, N - 1);
    const [result] = await watch();
    expect(result.reorgs).toBe(1);
    expect((await chainDepositsOf(t.app, u))[0]).toMatchObject({ status: 'dropped', confirmations: 0 });
    expect(events.map((e) => e.kind)).toEqual(['chain.deposit_seen', 'chain.deposit_dropped']);

    await world.anvil.mine(N + 2);
    await watch();
    expect((await chainDepositsOf(t.app, u))[0].status).toBe('dropped');
    expect(await creditsOf(t.app, hash)).toBe(0);
    expect(await available(t.app, u, 'ETH')).toBe('0.00000000');
    await expectReconciled(t.app);
  });

  it('the same transaction mined again after the reorganisation comes back to confirming and is credited once', async () => {
    const u = await createUser(t.app);
    const to = await addressOf(t.app, u);
    const hash = await world.send.eth(to, '1.25');
    await world.anvil.mine(1);
    await watch();
    // the block replaced by an empty one, then the same signed transaction mined again later, as a
    // real node's pool does with the transactions of a dropped block: the same hash, the same key
    const raw = await world.send.pub.getTransaction({ hash });
    await reorg(world, 1);
    await watch();
    expect((await depositRows(t.app, hash))[0].status).toBe('dropped');
    const signed = serializeTransaction(
      {
        chainId: 31337,
        type: 'eip1559',
        nonce: raw.nonce,
        to: raw.to!,
        value: raw.value,
        gas: raw.gas,
        maxFeePerGas: raw.maxFeePerGas!,
        maxPriorityFeePerGas: raw.maxPriorityFeePerGas!,
        input: raw.input,
      },
      { r: raw.r, s: raw.s, yParity: raw.yParity! },
    );
    expect(await world.send.pub.sendRawTransaction({ serializedTransaction: signed })).toBe(hash);
    await world.anvil.mine(N);
    await watch();
    const rows = await depositRows(t.app, hash);
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('credited');
    expect(await creditsOf(t.app, hash)).toBe(1);
    expect(await available(t.app, u, 'ETH')).toBe('1.25000000');
    await expectReconciled(t.app);
  });

  it('a reorganisation deeper than N after crediting: still credited once, an incident for operators, nothing reversed', async () => {
    const op = await createUser(t.app, 'operator');
    const u = await createUser(t.app);
    const hash = await world.send.token(world.usdt, await addressOf(t.app, u), '300');
    await world.anvil.mine(N);
    await watch();
    expect((await chainDepositsOf(t.app, u))[0].status).toBe('credited');
    expect(await available(t.app, u, 'USDT')).toBe('300.000000');

    await reorg(world, N + 1);
    await world.anvil.mine(1);
    await watch();
    const [d] = await chainDepositsOf(t.app, u);
    expect(d.status).toBe('credited');
    expect(await available(t.app, u, 'USDT')).toBe('300.000000');
    expect(await creditsOf(t.app, hash)).toBe(1);
    const incidents = await adminCall(t.app, op, 'GET', '/chain/incidents');
    expect(incidents.code).toBe(Ok.SUCCESS);
    expect(incidents.result.rows).toEqual([
      expect.objectContaining({
        kind: 'credited_reorged',
        depositId: d.id,
        network: 'ERC20',
        details: expect.objectContaining({ txHash: hash.toLowerCase(), amount: '300.000000', userId: u.id.toString() }),
      }),
    ]);
    // the watcher goes on: the next runs raise it no second time
    await world.anvil.mine(2);
    await watch();
    expect((await adminCall(t.app, op, 'GET', '/chain/incidents')).result.total).toBe(1);
    await expectReconciled(t.app);
  });

  it('the node down for a while (refused, then back): the run fails with its error shown, then nothing is lost', async () => {
    const op = await createUser(t.app, 'operator');
    const u = await createUser(t.app);
    const to = await addressOf(t.app, u);
    await watch();
    await proxy.down();
    // the chain goes on without us: two deposits and more than N blocks
    const first = await world.send.eth(to, '1');
    await world.anvil.mine(2);
    const second = await world.send.token(world.usdt, to, '250');
    await world.anvil.mine(N + 1);
    await expect(watch()).rejects.toThrow();
    const down = (await adminCall(t.app, op, 'GET', '/chain/networks')).result.rows.find(
      (r: { network: string }) => r.network === 'ERC20',
    );
    expect(down.lastError).toEqual(expect.any(String));
    expect(down.lastErrorAt).toEqual(expect.any(String));
    expect(await chainDepositsOf(t.app, u)).toHaveLength(0);

    await proxy.up();
    await watch();
    const back = (await adminCall(t.app, op, 'GET', '/chain/networks')).result.rows.find(
      (r: { network: string }) => r.network === 'ERC20',
    );
    expect(back.lastError).toBeNull();
    expect(back.lag).toBe(0);
    expect((await chainDepositsOf(t.app, u)).map((d) => d.status)).toEqual(['credited', 'credited']);
    expect(await creditsOf(t.app, first)).toBe(1);
    expect(await creditsOf(t.app, second)).toBe(1);
    expect(await available(t.app, u, 'ETH')).toBe('1.00000000');
    expect(await available(t.app, u, 'USDT')).toBe('250.000000');
    await expectReconciled(t.app);
  });

  it('a reorganisation deeper than the kept block hashes stops the watcher with one incident, the error shown', async () => {
    const op = await createUser(t.app, 'operator');
    // a watcher that keeps only the last few hashes (the platform's keeps max(256, 4 × N))
    const short = new ChainService(
      { db: t.app.db, bus: t.app.bus, log: t.app.log, clock: t.app.clock },
      watching(world, { rpcUrl: proxy.url, keepBlocks: 2 }).chain,
    );
    await world.anvil.mine(6);
    await short.watchOnce();
    await reorg(world, 6);
    await world.anvil.mine(1);
    await expect(short.watchOnce()).rejects.toThrow(/deeper than the \d+ kept blocks/);
    await expect(short.watchOnce()).rejects.toThrow(/deeper than/);
    const incidents = (await adminCall(t.app, op, 'GET', '/chain/incidents')).result.rows.filter(
      (i: { kind: string }) => i.kind === 'history_exhausted',
    );
    expect(incidents).toHaveLength(1);
    const erc20 = (await adminCall(t.app, op, 'GET', '/chain/networks')).result.rows.find(
      (r: { network: string }) => r.network === 'ERC20',
    );
    expect(erc20.lastError).toMatch(/deeper than/);
  });
});
