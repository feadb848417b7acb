/**
 * Payout hashes typed by operators, checked on the node (docs/wallet.md, "Payouts on the chain"):
 * on a watched network the transaction must come from a platform wallet and pay the withdrawal's
 * address exactly its receive amount in its coin; anything else is a coded refusal that writes
 * nothing. A matching one is `sent` at once and `confirmed` by the chain job at N confirmations,
 * told live. On an unwatched network (BTC) the hash is taken as typed, "not verified on chain".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { body, useTestApp, waitFor } from '../helpers.ts';
import { adminCall, counts, createUser, real, type TestUser } from '../wallet/walletFixtures.ts';
import { ANVIL_KEYS } from '../../setup/anvil.ts';
import { N, expectReconciled, newAddress, submitWithdrawal, useChainWorld, watching } from './chainFixtures.ts';

const HOT = privateKeyToAccount(ANVIL_KEYS[0]).address;
const NOT_OURS = 1;

describe('payout hashes checked on the chain', () => {
  const world = useChainWorld();
  const t = useTestApp(() => ({
    ...watching(world, { hotWallets: [HOT.toLowerCase() as `0x${string}`], explorerTxUrl: 'https://explorer.test/tx/{hash}' }),
  }));
  const watch = () => t.app.chain.watchOnce();
  let op: TestUser;
  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
  });

  const withdrawal = (coin: 'ETH' | 'USDT' | 'BTC', amount: string, to?: string) => submitWithdrawal(t.app, coin, amount, to);
  const approve = (id: string, payoutTxHash: string) =>
    adminCall(t.app, op, 'POST', `/withdrawals/${id}/approve`, { payoutTxHash });
  const mined = async (hash: Promise<`0x${string}`>) => {
    const h = await hash;
    await world.anvil.mine(1);
    return h;
  };
  const recordOf = async (u: TestUser, id: string) => {
    const res = body(await t.app.inject({ url: '/swx/customer/user/listWithdrwal', headers: real(u) }));
    return res.result.rows.find((r: { id: string }) => r.id === id);
  };
  /** A refusal with `code` whose message names `named`, and that writes nothing. */
  const refused = async (id: string, hash: string, code: number, named: string[] = []) => {
    const before = await counts(t.app);
    const res = await approve(id, hash);
    expect(res.code).toBe(code);
    for (const n of named) expect(res.msg.toLowerCase()).toContain(n.toLowerCase());
    expect(await counts(t.app)).toEqual(before);
  };

  it('an ETH payout that pays the address its receive amount is sent, then confirmed at N, live', async () => {
    const w = await withdrawal('ETH', '0.5');
    expect(w.receive).toBe('0.49500000');
    const events: Array<{ kind: string; params?: Record<string, unknown> }> = [];
    t.app.bus.subscribe(`user:${w.u.id}`, (m) => events.push(m as { kind: string }));
    const hash = await mined(world.send.eth(w.address, w.receive));
    const res = await approve(w.id, hash.toUpperCase().replace('0X', '0x'));
    expect(res.code).toBe(Ok.SUCCESS);
    expect(res.result).toMatchObject({
      status: 'sent',
      payoutTxHash: hash,
      verifiedOnChain: true,
      confirmations: 0,
      required: N,
    });
    expect(res.result.payoutLink).toBe(`https://explorer.test/tx/${hash}`);
    await waitFor('the sent event', () => events.some((e) => e.kind === 'withdrawal.sent'));

    await watch();
    expect(await recordOf(w.u, w.id)).toMatchObject({ status: 'sent', confirmations: 1 });
    await waitFor('confirming 1/N, live', () =>
      events.some((e) => e.kind === 'withdrawal.confirming' && e.params?.confirmations === 1),
    );
    await world.anvil.mine(N - 2);
    await watch();
    expect(await recordOf(w.u, w.id)).toMatchObject({ status: 'sent', confirmations: N - 1 });
    await world.anvil.mine(1);
    await watch();
    const done = await recordOf(w.u, w.id);
    expect(done).toMatchObject({ status: 'confirmed', confirmations: N, verifiedOnChain: true });
    expect(done.confirmedAt).toBeTruthy();
    await waitFor('the confirmed event', () => events.some((e) => e.kind === 'withdrawal.confirmed'));
    // a second run moves nothing
    await watch();
    expect(events.filter((e) => e.kind === 'withdrawal.confirmed')).toHaveLength(1);
    await expectReconciled(t.app);
  });

  it('a USDT payout is the token’s Transfer of the exact amount; another token is refused', async () => {
    const w = await withdrawal('USDT', '200');
    expect(w.receive).toBe('198.000000');
    const fake = await mined(world.send.token(world.fake, w.address, w.receive));
    await refused(w.id, fake, Err.CHAIN_PAYOUT_WRONG_TOKEN, [world.fake, world.usdt]);
    const ours = await mined(world.send.token(world.usdt, w.address, w.receive));
    const res = await approve(w.id, ours);
    expect(res.code).toBe(Ok.SUCCESS);
    expect(res.result).toMatchObject({ status: 'sent', verifiedOnChain: true });
  });

  it('another recipient, another amount, an unknown hash or a wallet not ours are refused, naming what differs', async () => {
    const w = await withdrawal('ETH', '0.5');
    const someoneElse = newAddress();
    const elsewhere = await mined(world.send.eth(someoneElse, w.receive));
    await refused(w.id, elsewhere, Err.CHAIN_PAYOUT_WRONG_RECIPIENT, [someoneElse, w.address]);
    const less = await mined(world.send.eth(w.address, '0.4'));
    await refused(w.id, less, Err.CHAIN_PAYOUT_WRONG_AMOUNT, ['0.40000000', '0.49500000']);
    const unknown = `0x${'ab'.repeat(32)}`;
    await refused(w.id, unknown, Err.CHAIN_PAYOUT_UNKNOWN, [unknown]);
    await refused(w.id, 'abcdef0123456789', Err.CHAIN_PAYOUT_UNKNOWN);
    const notOurs = await mined(world.send.eth(w.address, w.receive, NOT_OURS));
    await refused(w.id, notOurs, Err.CHAIN_PAYOUT_NOT_PLATFORM, [privateKeyToAccount(ANVIL_KEYS[NOT_OURS]).address, HOT]);
    const pending = await world.send.eth(w.address, w.receive);
    await refused(w.id, pending, Err.CHAIN_PAYOUT_PENDING, [pending]);
    await world.anvil.mine(1);
    expect((await recordOf(w.u, w.id)).status).toBe('pending');
    // the right one still approves, and the same transaction cannot pay a second withdrawal
    expect((await approve(w.id, pending)).code).toBe(Ok.SUCCESS);
    const twin = await withdrawal('ETH', '0.5', w.address);
    await refused(twin.id, pending, Err.TX_HASH_USED);
  });

  it('on an unwatched network the typed hash is taken as it is: approved, not verified on chain', async () => {
    const w = await withdrawal('BTC', '0.01');
    const res = await approve(w.id, 'ab'.repeat(32));
    expect(res.code).toBe(Ok.SUCCESS);
    expect(res.result).toMatchObject({ status: 'approved', verifiedOnChain: false, payoutLink: null, confirmations: null });
    expect(await recordOf(w.u, w.id)).toMatchObject({ status: 'approved', verifiedOnChain: false });
  });
});
