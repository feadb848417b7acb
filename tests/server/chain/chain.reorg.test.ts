/**
 * Reorganisations and outages on a real node (Anvil's `anvil_reorg`, and a proxy that takes the
 * node away): a deposit whose block is replaced before N confirmations is dropped with a notice and
 * never credited; one replaced after crediting stays credited and becomes an incident for
 * operators (nothing is reversed silently); a node that is down for a while loses nothing. The
 * ledger reconciles after each.
 */
import { describe, expect, it } from 'vitest';
import { serializeTransaction } from 'viem';
import { ChainService } from '../../../server/chain/service.ts';
import { Ok } from '../../../src/contract/errors.ts';
import { adminCall, createUser } from '../wallet/walletFixtures.ts';
import { N, reorg, useWatchingApp, watching } from './chainFixtures.ts';

describe('chain deposits: reorganisations and a node that goes away', () => {
  // the platform talks to the node through the proxy, so the test can take the node away
  const c = useWatchingApp({ proxied: true });
  const { world, t, watch, eventsOf } = c;

  it('a reorganisation before N confirmations drops the deposit with a notice; nothing is credited', async () => {
    const u = await createUser(t.app);
    const events = eventsOf(u);
    const hash = await world.send.eth(await c.addressOf(u), '1');
    await world.anvil.mine(N - 1);
    await watch();
    expect((await c.chainDepositsOf(u))[0]).toMatchObject({ status: 'confirming', confirmations: N - 1 });

    // the last N − 1 blocks, the deposit's among them, replaced by empty ones: the transfer is gone
    await reorg(world, N - 1);
    const [result] = await watch();
    expect(result.reorgs).toBe(1);
    expect((await c.chainDepositsOf(u))[0]).toMatchObject({ status: 'dropped', confirmations: 0 });
    expect(events.map((e) => e.kind)).toEqual(['chain.deposit_seen', 'chain.deposit_dropped']);

    await world.anvil.mine(N + 2);
    await watch();
    expect((await c.chainDepositsOf(u))[0].status).toBe('dropped');
    expect(await c.creditsOf(hash)).toBe(0);
    expect(await c.available(u, 'ETH')).toBe('0.00000000');
    await c.expectReconciled();
  });

  it('the same transaction mined again after the reorganisation comes back to confirming and is credited once', async () => {
    const u = await createUser(t.app);
    const to = await c.addressOf(u);
    const hash = await world.send.eth(to, '1.25');
    await world.anvil.mine(1);
    await watch();
    // the block replaced by an empty one, then the same signed transaction mined again later, as a
    // real node's pool does with the transactions of a dropped block: the same hash, the same key
    const raw = await world.send.pub.getTransaction({ hash });
    await reorg(world, 1);
    await watch();
    expect((await c.depositRows(hash))[0].status).toBe('dropped');
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
    const rows = await c.depositRows(hash);
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('credited');
    expect(await c.creditsOf(hash)).toBe(1);
    expect(await c.available(u, 'ETH')).toBe('1.25000000');
    await c.expectReconciled();
  });

  it('a reorganisation deeper than N after crediting: still credited once, an incident for operators, nothing reversed', async () => {
    const op = await createUser(t.app, 'operator');
    const u = await createUser(t.app);
    const hash = await world.send.token(world.usdt, await c.addressOf(u), '300');
    await world.anvil.mine(N);
    await watch();
    expect((await c.chainDepositsOf(u))[0].status).toBe('credited');
    expect(await c.available(u, 'USDT')).toBe('300.000000');

    await reorg(world, N + 1);
    await world.anvil.mine(1);
    await watch();
    const [d] = await c.chainDepositsOf(u);
    expect(d.status).toBe('credited');
    expect(await c.available(u, 'USDT')).toBe('300.000000');
    expect(await c.creditsOf(hash)).toBe(1);
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
    await c.expectReconciled();
  });

  it('the node down for a while (refused, then back): the run fails with its error shown, then nothing is lost', async () => {
    const op = await createUser(t.app, 'operator');
    const u = await createUser(t.app);
    const to = await c.addressOf(u);
    await watch();
    await c.proxy.down();
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
    expect(await c.chainDepositsOf(u)).toHaveLength(0);

    await c.proxy.up();
    await watch();
    const back = (await adminCall(t.app, op, 'GET', '/chain/networks')).result.rows.find(
      (r: { network: string }) => r.network === 'ERC20',
    );
    expect(back.lastError).toBeNull();
    expect(back.lag).toBe(0);
    expect((await c.chainDepositsOf(u)).map((d) => d.status)).toEqual(['credited', 'credited']);
    expect(await c.creditsOf(first)).toBe(1);
    expect(await c.creditsOf(second)).toBe(1);
    expect(await c.available(u, 'ETH')).toBe('1.00000000');
    expect(await c.available(u, 'USDT')).toBe('250.000000');
    await c.expectReconciled();
  });

  it('a reorganisation deeper than the kept block hashes stops the watcher with one incident, the error shown', async () => {
    const op = await createUser(t.app, 'operator');
    // a watcher that keeps only the last few hashes (the platform's keeps max(256, 4 × N))
    const short = new ChainService(
      { db: t.app.db, bus: t.app.bus, log: t.app.log, clock: t.app.clock },
      watching(world, { rpcUrl: c.proxy.url, keepBlocks: 2 }).chain,
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
