/**
 * Deposits credited from the chain on a real node (Anvil, blocks mined on demand): a customer's
 * own address receives ETH and USDT, the watcher (the leader job's run, `app.chain.watchOnce`)
 * records each transfer, tells "confirming k/N" and credits it exactly once at N confirmations,
 * never at N − 1; a deposit below the minimum is recorded and never credited; a watcher restarted
 * in the middle of a range misses and doubles nothing; the ledger reconciles after each.
 */
import { describe, expect, it, vi } from 'vitest';
import { privateKeyToAddress } from 'viem/accounts';
import { bytesToHex } from 'viem';
import { ChainService } from '../../../server/chain/service.ts';
import { deriveAddress } from '../../../server/chain/addresses.ts';
import { chainAddresses } from '../../../server/chain/schema.ts';
import { PendingEvents } from '../../../server/platform/realtime/pendingEvents.ts';
import { Ok } from '../../../src/contract/errors.ts';
import { body } from '../helpers.ts';
import { adminCall, createUser } from '../wallet/walletFixtures.ts';
import { ACCOUNT_KEY, N, useWatchingApp, watching, XPUB } from './chainFixtures.ts';

describe('chain deposits: credited once at N confirmations', () => {
  const c = useWatchingApp({ config: { metricsToken: 'chain-metrics-token-1234' } });
  const { world, t, watch, eventsOf } = c;

  it('gives each customer their own address, derived from the xpub, its index never reused', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const res = body(await t.app.inject({ url: '/swx/customer/user/chainAddresses', headers: { authorization: a.token } }));
    expect(res.code).toBe(Ok.SUCCESS);
    expect(res.result.rows.map((r: { coin: string }) => r.coin)).toEqual(['ETH', 'USDT']);
    expect(res.result.rows[0]).toMatchObject({ network: 'ERC20', minAmount: '0.2', confirmations: N });
    expect(res.result.rows[0].qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const addrA = res.result.rows[0].address as string;
    expect(await c.addressOf(a)).toBe(addrA); // asked again: the same
    const addrB = await c.addressOf(b);
    expect(addrB).not.toBe(addrA);
    // the service derived them from the public key only; the private side (the tests') agrees
    const rows = await t.app.db.select().from(chainAddresses);
    for (const r of rows) {
      const priv = ACCOUNT_KEY.deriveChild(0).deriveChild(r.derivationIndex).privateKey!;
      expect(privateKeyToAddress(bytesToHex(priv))).toBe(r.address);
      expect(r.derivationPath).toBe(`m/44'/60'/0'/0/${r.derivationIndex}`);
      expect(deriveAddress(XPUB, r.derivationIndex).address).toBe(r.address);
    }
    expect(new Set(rows.map((r) => r.derivationIndex)).size).toBe(rows.length);
  });

  it('ETH: confirming 1/N … N−1/N without a credit, credited once at N, and never again', async () => {
    const u = await createUser(t.app);
    const to = await c.addressOf(u);
    const events = eventsOf(u);
    const hash = await world.send.eth(to, '1.5');
    await world.anvil.mine(1);
    await watch();
    let [d] = await c.chainDepositsOf(u);
    expect(d).toMatchObject({
      coin: 'ETH',
      status: 'confirming',
      amount: '1.50000000',
      confirmations: 1,
      required: N,
      txHash: hash,
    });
    expect(events.map((e) => e.kind)).toEqual(['chain.deposit_seen']);
    expect(events[0].params).toMatchObject({ amount: '1.50000000', confirmations: 1, required: N });

    for (let k = 2; k < N; k++) {
      await world.anvil.mine(1);
      await watch();
      [d] = await c.chainDepositsOf(u);
      expect(d).toMatchObject({ status: 'confirming', confirmations: k });
    }
    // N − 1 confirmations: not a cent
    expect(await c.available(u, 'ETH')).toBe('0.00000000');
    expect(await c.creditsOf(hash)).toBe(0);
    expect(events.at(-1)).toMatchObject({ kind: 'chain.deposit_confirming', params: { confirmations: N - 1 } });

    await world.anvil.mine(1);
    await watch();
    [d] = await c.chainDepositsOf(u);
    expect(d).toMatchObject({ status: 'credited', confirmations: N });
    expect(await c.available(u, 'ETH')).toBe('1.50000000');
    expect(events.at(-1)).toMatchObject({ kind: 'chain.deposit_credited', params: { amount: '1.50000000', coin: 'ETH' } });

    // more blocks and more runs change nothing
    await world.anvil.mine(5);
    await watch();
    await watch();
    expect(await c.creditsOf(hash)).toBe(1);
    expect(await c.available(u, 'ETH')).toBe('1.50000000');
    expect(await c.depositRows(hash)).toHaveLength(1);
    await c.expectReconciled();
  });

  it('USDT (ERC-20 Transfer logs): credited once at N, at the token decimals exactly', async () => {
    const u = await createUser(t.app);
    const to = await c.addressOf(u);
    const hash = await world.send.token(world.usdt, to, '150.123456');
    await world.anvil.mine(N - 1);
    await watch();
    let [d] = await c.chainDepositsOf(u);
    expect(d).toMatchObject({ coin: 'USDT', status: 'confirming', amount: '150.123456', confirmations: N - 1 });
    expect(await c.available(u, 'USDT')).toBe('0.000000');
    await world.anvil.mine(1);
    await watch();
    [d] = await c.chainDepositsOf(u);
    expect(d.status).toBe('credited');
    expect(await c.available(u, 'USDT')).toBe('150.123456');
    expect(await c.creditsOf(hash)).toBe(1);
    // the same Transfer event from another contract is not USDT: not recorded at all
    await world.send.token(world.fake, to, '500');
    await world.anvil.mine(N);
    await watch();
    expect(await c.chainDepositsOf(u)).toHaveLength(1);
    expect(await c.available(u, 'USDT')).toBe('150.123456');
    await c.expectReconciled();
  });

  it('below the minimum: recorded and shown with the reason, never credited', async () => {
    const u = await createUser(t.app);
    const to = await c.addressOf(u);
    const events = eventsOf(u);
    const hash = await world.send.eth(to, '0.1');
    await world.anvil.mine(N + 2);
    await watch();
    const [d] = await c.chainDepositsOf(u);
    expect(d).toMatchObject({ status: 'belowMinimum', amount: '0.10000000', minAmount: '0.2' });
    expect(events.map((e) => e.kind)).toEqual(['chain.deposit_below_minimum']);
    expect(events[0].params).toMatchObject({ minAmount: '0.2' });
    expect(await c.creditsOf(hash)).toBe(0);
    expect(await c.available(u, 'ETH')).toBe('0.00000000');
    await c.expectReconciled();
  });

  it('a watcher that fails half way through a range, then restarts (a new process), misses nothing and doubles nothing', async () => {
    const users = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const hashes: string[] = [];
    for (const u of users) {
      hashes.push(await world.send.eth(await c.addressOf(u), '1'));
      hashes.push(await world.send.token(world.usdt, await c.addressOf(u), '200'));
      await world.anvil.mine(1);
    }
    // the process dies while it records the second transfer of the range: the whole range rolls back
    const record = PendingEvents.prototype.record;
    let calls = 0;
    const spy = vi.spyOn(PendingEvents.prototype, 'record').mockImplementation(function (this: PendingEvents, ...args) {
      if (++calls === 2) throw new Error('process killed');
      return record.apply(this, args);
    });
    await expect(watch()).rejects.toThrow('process killed');
    spy.mockRestore();
    for (const h of hashes) expect(await c.depositRows(h)).toHaveLength(0);

    // a new process: a fresh watcher with nothing in memory, the cursor from the database, small ranges
    const restarted = new ChainService(
      { db: t.app.db, bus: t.app.bus, log: t.app.log, clock: t.app.clock },
      watching(world, { rangeBlocks: 2, rangesPerRun: 1 }).chain,
    );
    await restarted.watchOnce(); // one small range, then "killed" again: the next one goes on from the cursor
    const again = new ChainService(
      { db: t.app.db, bus: t.app.bus, log: t.app.log, clock: t.app.clock },
      watching(world, { rangeBlocks: 2, rangesPerRun: 100 }).chain,
    );
    await world.anvil.mine(N);
    await again.watchOnce();
    await watch(); // and the app's own watcher after it
    for (const h of hashes) {
      expect(await c.depositRows(h)).toHaveLength(1);
      expect(await c.creditsOf(h)).toBe(1);
    }
    for (const u of users) {
      expect(await c.available(u, 'ETH')).toBe('1.00000000');
      expect(await c.available(u, 'USDT')).toBe('200.000000');
    }
    await c.expectReconciled();
  });

  it('operators see the network: watched, head, last processed, lag, confirmations, deposits confirming; /metrics too', async () => {
    const op = await createUser(t.app, 'operator');
    const u = await createUser(t.app);
    await world.send.eth(await c.addressOf(u), '2');
    await world.anvil.mine(1);
    await watch();
    await world.anvil.mine(2); // the head moves on, the watcher has not looked yet
    const res = await adminCall(t.app, op, 'GET', '/chain/networks');
    expect(res.code).toBe(Ok.SUCCESS);
    const erc20 = res.result.rows.find((r: { network: string }) => r.network === 'ERC20');
    const head = await world.anvil.head();
    expect(erc20).toMatchObject({
      watched: true,
      coins: ['ETH', 'USDT'],
      chainId: 31337,
      confirmations: N,
      head: head - 2,
      lag: 0,
    });
    expect(erc20.lastProcessed).toBe(head - 2);
    expect(erc20.lastError).toBeNull();
    expect(erc20.confirming).toEqual([
      expect.objectContaining({ userId: u.id.toString(), amount: '2.00000000', confirmations: 1 }),
    ]);
    for (const network of ['BTC', 'TRC20']) {
      expect(res.result.rows.find((r: { network: string }) => r.network === network)).toMatchObject({
        watched: false,
        head: null,
      });
    }
    await watch();
    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer chain-metrics-token-1234' } });
    expect(metrics.body).toContain(`chain_head_block{network="ERC20"} ${head}`);
    expect(metrics.body).toContain(`chain_last_processed_block{network="ERC20"} ${head}`);
    expect(metrics.body).toContain('chain_lag_blocks{network="ERC20"} 0');
  });
});
