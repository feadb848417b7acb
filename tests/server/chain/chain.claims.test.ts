/**
 * Deposit claims on a watched network are answered by the chain, not by an operator: the
 * customer's transaction hash is looked up on the node; a real transfer to their own address is
 * the same deposit the watcher records (credited once), and an unknown hash, another recipient, a
 * different amount or token, a reverted or unmined transaction are coded refusals that name what
 * differs and write nothing. Unwatched networks (TRC20, BTC), and a platform without
 * CHAIN_ETH_RPC_URL, keep the claim with a proof and the operators' review.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { body, useTestApp } from '../helpers.ts';
import { ADDR, addReceiveAddresses, adminCall, createUser, real, recharge, type TestUser } from '../wallet/walletFixtures.ts';
import {
  addressOf,
  available,
  chainCounts,
  chainDepositsOf,
  creditsOf,
  depositRows,
  expectReconciled,
  N,
  useChainWorld,
  watching,
} from './chainFixtures.ts';

/** A claim as the recharge form sends it; no proof image on a watched network. */
const claimFields = (coin: string, txHash: string, amount: string, network = 'ERC20') => ({
  amount,
  coin,
  network,
  txHash,
  proofLast6: '123456',
});

describe('chain deposits: claims checked against the chain', () => {
  const world = useChainWorld();
  // a claim still counts in the customer's hourly claims (10031); this story makes more than ten
  const t = useTestApp(() => ({ ...watching(world), depositClaimsPerHour: 100 }));
  const watch = () => t.app.chain.watchOnce();
  let op: TestUser;
  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    await addReceiveAddresses(t.app);
  });
  const claim = async (u: TestUser, coin: string, txHash: string, amount: string) =>
    body(await recharge(t.app, u, claimFields(coin, txHash, amount), null));
  /** Refused with `code` naming `params`, and nothing written. */
  const refused = async (u: TestUser, fields: [string, string, string], code: number, params: Record<string, string> = {}) => {
    const before = await chainCounts(t.app);
    const res = await claim(u, ...fields);
    expect(res.code, res.msg).toBe(code);
    for (const v of Object.values(params)) expect(res.msg).toContain(v);
    expect(await chainCounts(t.app)).toEqual(before);
  };

  it('a real hash is matched at once (before the watcher saw it), and is the deposit the watcher credits once', async () => {
    const u = await createUser(t.app);
    const hash = await world.send.eth(await addressOf(t.app, u), '0.75');
    await world.anvil.mine(1);
    const res = await claim(u, 'ETH', hash, '0.75');
    expect(res.code, res.msg).toBe(Ok.SUCCESS);
    expect(res.result).toMatchObject({ coin: 'ETH', network: 'ERC20', status: 'confirming', amount: '0.75000000', txHash: hash });
    // claimed again (and with 0x dropped and capitals): the same deposit, no second one
    const again = await claim(u, 'ETH', hash.slice(2).toUpperCase(), '0.75');
    expect(again.result.id).toBe(res.result.id);
    await world.anvil.mine(N);
    await watch();
    expect(await depositRows(t.app, hash)).toHaveLength(1);
    expect((await chainDepositsOf(t.app, u))[0]).toMatchObject({ id: res.result.id, status: 'credited' });
    expect(await creditsOf(t.app, hash)).toBe(1);
    expect(await available(t.app, u, 'ETH')).toBe('0.75000000');
    // no review: the operators' queue has nothing of it
    expect((await adminCall(t.app, op, 'GET', '/deposits?status=pending')).result.total).toBe(0);
    await expectReconciled(t.app);
  });

  it('a USDT claim matches the Transfer log of the configured token', async () => {
    const u = await createUser(t.app);
    const hash = await world.send.token(world.usdt, await addressOf(t.app, u), '125.5');
    await world.anvil.mine(1);
    const res = await claim(u, 'USDT', hash, '125.5');
    expect(res.code, res.msg).toBe(Ok.SUCCESS);
    expect(res.result).toMatchObject({ coin: 'USDT', amount: '125.500000', status: 'confirming' });
    await world.anvil.mine(N);
    await watch();
    expect(await creditsOf(t.app, hash)).toBe(1);
    expect(await available(t.app, u, 'USDT')).toBe('125.500000');
  });

  it('refuses with a code naming what differs, and writes nothing', async () => {
    const u = await createUser(t.app);
    const other = await createUser(t.app);
    const mine = await addressOf(t.app, u);
    const theirs = await addressOf(t.app, other);
    const eth = await world.send.eth(mine, '1');
    const elsewhere = await world.send.eth(theirs, '1');
    const fake = await world.send.token(world.fake, mine, '130');
    const usdt = await world.send.token(world.usdt, mine, '130');
    // a transfer that reverts (account 2 holds no token) still lands in a block
    const reverted = await world.send.token(world.usdt, mine, '130', { from: 2, gas: 100_000n });
    await world.anvil.mine(1);
    const unmined = await world.send.eth(mine, '1');

    const unknown = `0x${crypto.randomBytes(32).toString('hex')}`;
    await refused(u, ['ETH', unknown, '1'], Err.CHAIN_TX_UNKNOWN, { unknown, network: 'ERC20' });
    await refused(u, ['ETH', 'ab'.repeat(10), '1'], Err.CHAIN_TX_UNKNOWN);
    await refused(u, ['ETH', elsewhere, '1'], Err.CHAIN_TX_WRONG_RECIPIENT, { actual: theirs, expected: mine });
    await refused(u, ['ETH', eth, '2'], Err.CHAIN_TX_WRONG_AMOUNT, { claimed: '2.00000000', actual: '1.00000000' });
    await refused(u, ['USDT', eth, '1'], Err.CHAIN_TX_WRONG_TOKEN, { actual: 'ETH', claimed: 'USDT' });
    await refused(u, ['USDT', fake, '130'], Err.CHAIN_TX_WRONG_TOKEN, { actual: world.fake });
    await refused(u, ['ETH', usdt, '130'], Err.CHAIN_TX_WRONG_TOKEN, { claimed: 'ETH', actual: world.usdt });
    await refused(u, ['USDT', usdt, '131'], Err.CHAIN_TX_WRONG_AMOUNT, { claimed: '131.000000', actual: '130.000000' });
    await refused(u, ['USDT', reverted, '130'], Err.CHAIN_TX_FAILED);
    await refused(u, ['ETH', unmined, '1'], Err.CHAIN_TX_PENDING);
    // a customer who never asked for an address has none: the transfer cannot be theirs
    const stranger = await createUser(t.app);
    await refused(stranger, ['ETH', eth, '1'], Err.CHAIN_TX_WRONG_RECIPIENT, { actual: mine });
  });

  it('watched networks show no operator receive address; unwatched ones keep the claim with a proof and the review', async () => {
    const u = await createUser(t.app);
    const addrs = body(await t.app.inject({ url: '/swx/customer/user/depositAddresses', headers: real(u) }));
    expect(addrs.result.rows.map((r: { coin: string; network: string }) => `${r.coin}-${r.network}`).sort()).toEqual([
      'BTC-BTC',
      'USDT-TRC20',
    ]);
    const before = await chainCounts(t.app);
    const res = body(await recharge(t.app, u, claimFields('USDT', crypto.randomBytes(32).toString('hex'), '150', 'TRC20')));
    expect(res.code, res.msg).toBe(Ok.RECHARGE_SUBMITTED);
    expect(res.result).toMatchObject({ status: 'pending', network: 'TRC20', address: ADDR.TRON });
    const after = await chainCounts(t.app);
    expect(after.deposits).toBe(before.deposits + 1);
    expect(after.chainDeposits).toBe(before.chainDeposits);
    expect((await adminCall(t.app, op, 'GET', '/deposits?status=pending')).result.total).toBe(1);
  });
});

describe('chain deposits: without CHAIN_ETH_RPC_URL everything is as before', () => {
  const t = useTestApp();

  it('no own addresses, nothing watched, and an ETH claim is reviewed by an operator', async () => {
    const op = await createUser(t.app, 'operator');
    const u = await createUser(t.app);
    await addReceiveAddresses(t.app);
    const mine = body(await t.app.inject({ url: '/swx/customer/user/chainAddresses', headers: real(u) }));
    expect(mine.result.rows).toEqual([]);
    const networks = await adminCall(t.app, op, 'GET', '/chain/networks');
    expect(networks.result.rows.map((r: { watched: boolean }) => r.watched)).toEqual([false, false, false]);
    const addrs = body(await t.app.inject({ url: '/swx/customer/user/depositAddresses', headers: real(u) }));
    expect(addrs.result.rows).toHaveLength(4);
    const res = body(await recharge(t.app, u, claimFields('ETH', crypto.randomBytes(32).toString('hex'), '1')));
    expect(res.code, res.msg).toBe(Ok.RECHARGE_SUBMITTED);
    expect(res.result.status).toBe('pending');
    expect(await t.app.chain.watchOnce()).toEqual([]);
  });
});
