import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { body, useTestApp } from '../helpers.ts';
import {
  ADDR,
  adminCall,
  counts,
  createUser,
  demo,
  fund,
  hash,
  JP2,
  JPEG,
  PNG,
  real,
  recharge,
  rechargeFields,
  type TestUser,
} from './walletFixtures.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { outbox } from '../../../server/platform/mail/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';

const U = '/swx/customer/user';

/**
 * The wallet's story, deposit → approval → balance → withdrawal → approval or rejection, told
 * one step per test. Every test makes its own users and records; they share only the operator
 * and the USDT-TRC20 receive address.
 */
describe('wallet: deposit → approval → balance → withdrawal → approval / rejection', () => {
  const t = useTestApp();
  let op: TestUser;

  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    expect(
      (await adminCall(t.app, op, 'POST', '/deposit-addresses', { coin: 'USDT', network: 'TRC20', address: ADDR.TRON })).code,
    ).toBe(Ok.SUCCESS);
  });

  const get = async (u: TestUser, url: string, headers = real(u)) => body(await t.app.inject({ url: `${U}${url}`, headers }));
  const post = async (u: TestUser, url: string, payload: object, headers = real(u)) =>
    body(await t.app.inject({ method: 'POST', url: `${U}${url}`, headers, payload }));
  const usdt = async (u: TestUser) =>
    (await get(u, '/balances')).result.assets.find((a: { asset: string }) => a.asset === 'USDT');
  const expectReconciled = async () => expect((await reconcile(t.app.db)).ok).toBe(true);
  /** The user's events as published on the bus, from now on. */
  const eventsOf = (u: TestUser) => {
    const events: Array<{ kind: string; params?: Record<string, unknown> }> = [];
    t.app.bus.subscribe(`user:${u.id}`, (m) => events.push(m as { kind: string }));
    return events;
  };
  /** A deposit claimed by the user and approved by the operator; returns its id. */
  const approvedDeposit = async (u: TestUser, amount: string) => {
    const res = body(await recharge(t.app, u, rechargeFields({ amount })));
    expect(res.code).toBe(Ok.RECHARGE_SUBMITTED);
    expect((await adminCall(t.app, op, 'POST', `/deposits/${res.result.id}/approve`, {})).code).toBe(Ok.SUCCESS);
    return res.result.id as string;
  };
  const withdraw = async (u: TestUser, amount: string, method = 'USDT-TRC20', address = ADDR.TRON) => {
    const res = await post(u, '/withdrawal', { method, address, amount });
    expect(res.code, res.msg).toBe(Ok.WITHDRAWAL_SUBMITTED);
    return res.result.id as string;
  };

  it('operators set receive addresses; users see them with a QR code', async () => {
    const alice = await createUser(t.app);
    const btc = await adminCall(t.app, op, 'POST', '/deposit-addresses', {
      coin: 'BTC',
      network: 'BTC',
      address: ADDR.BTC_BECH32,
    });
    expect(btc.code).toBe(Ok.SUCCESS);
    const eth = await adminCall(t.app, op, 'POST', '/deposit-addresses', {
      coin: 'ETH',
      network: 'ERC20',
      address: ADDR.ETH,
      enabled: false,
    });
    // a typo in the address is refused, a coin on a foreign network too
    expect(
      (
        await adminCall(t.app, op, 'POST', '/deposit-addresses', {
          coin: 'USDT',
          network: 'TRC20',
          address: ADDR.TRON.slice(0, -1) + 'u',
        })
      ).code,
    ).toBe(Err.ADDRESS_INVALID);
    expect(
      (await adminCall(t.app, op, 'POST', '/deposit-addresses', { coin: 'BTC', network: 'TRC20', address: ADDR.TRON })).code,
    ).toBe(Err.MALFORMED_REQUEST);
    const list = await get(alice, '/depositAddresses');
    expect(list.code).toBe(Ok.SUCCESS);
    expect(list.result.rows.map((r: { coin: string }) => r.coin).sort()).toEqual(['BTC', 'USDT']);
    const trc = list.result.rows.find((r: { coin: string }) => r.coin === 'USDT');
    expect(trc).toMatchObject({ network: 'TRC20', address: ADDR.TRON, minAmount: '120' });
    expect(trc.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(trc.qr.split(',')[1], 'base64').toString()).toContain('<svg');
    // enable ETH, then the audit log holds every change
    expect((await adminCall(t.app, op, 'PUT', `/deposit-addresses/${eth.result.id}`, { enabled: true })).result.enabled).toBe(
      true,
    );
    expect((await get(alice, '/depositAddresses')).result.rows.map((r: { coin: string }) => r.coin).sort()).toEqual([
      'BTC',
      'ETH',
      'USDT',
    ]);
    const audit = await adminCall(t.app, op, 'GET', '/audit-log?targetType=deposit_address');
    const mine = audit.result.rows.filter((r: { targetId: string }) => [btc.result.id, eth.result.id].includes(r.targetId));
    expect(mine.map((r: { action: string }) => r.action)).toEqual([
      'deposit_address.update',
      'deposit_address.create',
      'deposit_address.create',
    ]);
    expect(mine[0]).toMatchObject({ actorId: op.id.toString(), before: { enabled: false }, after: { enabled: true } });
  });

  it('customers cannot use the operator API', async () => {
    const alice = await createUser(t.app);
    const res = await t.app.inject({ url: '/admin-api/deposits', headers: { authorization: alice.token } });
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe(Err.OPERATOR_ONLY);
    expect(body(await t.app.inject({ url: '/admin-api/outbox' })).code).toBe(Err.LOGIN_REQUIRED);
  });

  it('a deposit claim is stored pending with its private proof image (20002)', async () => {
    const [alice, bob] = [await createUser(t.app), await createUser(t.app)];
    const events = eventsOf(alice);
    const before = await counts(t.app);
    const res = body(await recharge(t.app, alice, rechargeFields({ amount: '150.5' })));
    expect(res.code).toBe(Ok.RECHARGE_SUBMITTED);
    expect(res.result).toMatchObject({
      coin: 'USDT',
      network: 'TRC20',
      amount: '150.500000',
      status: 'pending',
      address: ADDR.TRON,
      rejectReason: null,
    });
    const after = await counts(t.app);
    expect(after.deposits).toBe(before.deposits + 1);
    expect(after.transfers).toBe(before.transfers); // no money before review
    // the owner and operators get the image, nobody else
    const mine = await t.app.inject({ url: res.result.proofUrl, headers: real(alice) });
    expect(mine.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(mine.rawPayload, PNG)).toBe(0);
    expect(body(await t.app.inject({ url: res.result.proofUrl, headers: real(bob) })).code).toBe(Err.RECORD_NOT_FOUND);
    expect(body(await t.app.inject({ url: res.result.proofUrl })).code).toBe(Err.LOGIN_REQUIRED);
    const opView = await t.app.inject({
      url: `/admin-api/deposits/${res.result.id}/proof`,
      headers: { authorization: op.token },
    });
    expect(Buffer.compare(opView.rawPayload, PNG)).toBe(0);
    // nothing under a public path
    expect((await t.app.inject({ url: '/uploads/' })).statusCode).toBe(404);
    expect((await get(alice, '/listRecharge?status=pending')).result.total).toBe(1);
    expect((await get(bob, '/listRecharge')).result.total).toBe(0);
    // the record is the real book's: the list is refused under the demo header (10033), never answered with it
    expect(await get(alice, '/listRecharge', demo(alice))).toMatchObject({ code: Err.DEMO_NOT_ALLOWED, result: null });
    expect(events.map((e) => e.kind)).toEqual(['deposit.submitted']);
  });

  it('JPEG and JPEG 2000 proofs are accepted as well', async () => {
    const alice = await createUser(t.app);
    expect(
      body(
        await recharge(t.app, alice, rechargeFields({ coin: 'BTC', network: 'BTC', amount: '0.015' }), {
          content: JPEG,
          filename: 'a.jpg',
          type: 'image/jpeg',
        }),
      ).code,
    ).toBe(Ok.RECHARGE_SUBMITTED);
    expect(
      body(
        await recharge(t.app, alice, rechargeFields({ coin: 'ETH', network: 'ERC20', amount: '0.2' }), {
          content: JP2,
          filename: 'a.jp2',
          type: 'image/jp2',
        }),
      ).code,
    ).toBe(Ok.RECHARGE_SUBMITTED);
  });

  it('the operator queue shows it; approval credits the real book once and notifies the user', async () => {
    const alice = await createUser(t.app);
    const events = eventsOf(alice);
    const depositId = body(await recharge(t.app, alice, rechargeFields({ amount: '150.5' }))).result.id;
    const queue = await adminCall(t.app, op, 'GET', `/deposits?status=pending&userId=${alice.id}`);
    expect(queue.result.total).toBe(1);
    expect(queue.result.rows[0]).toMatchObject({
      id: depositId,
      username: alice.username,
      userId: alice.id.toString(),
      proofUrl: `/admin-api/deposits/${depositId}/proof`,
    });
    const approved = await adminCall(t.app, op, 'POST', `/deposits/${depositId}/approve`, {});
    expect(approved.code).toBe(Ok.SUCCESS);
    expect(approved.result).toMatchObject({ status: 'approved', reviewedBy: op.id.toString() });
    expect(await usdt(alice)).toMatchObject({ available: '150.500000', total: '150.500000', valueUsdt: '150.500000' });
    // the demo book is untouched
    expect(
      (await get(alice, '/balances', demo(alice))).result.assets.find((a: { asset: string }) => a.asset === 'USDT').available,
    ).toBe('0.000000');
    // the statechart refuses a second approval and a late rejection; no second credit
    const before = await counts(t.app);
    expect((await adminCall(t.app, op, 'POST', `/deposits/${depositId}/approve`, {})).code).toBe(Err.STATUS_TRANSITION_DENIED);
    expect((await adminCall(t.app, op, 'POST', `/deposits/${depositId}/reject`, { reason: 'late' })).code).toBe(
      Err.STATUS_TRANSITION_DENIED,
    );
    expect(await counts(t.app)).toEqual(before);
    expect(events.at(-1)).toMatchObject({ kind: 'deposit.approved', params: { amount: '150.500000', coin: 'USDT' } });
    const notes = await get(alice, '/listNotifications');
    expect(notes.result.rows[0]).toMatchObject({ kind: 'deposit.approved', refType: 'deposit', refId: depositId, read: false });
    expect(notes.result.unread).toBe(2); // submitted, approved
    await expectReconciled();
  });

  it('rejection keeps the balance and tells the user why', async () => {
    const [alice, bob] = [await createUser(t.app), await createUser(t.app)];
    const events = eventsOf(alice);
    const claim = rechargeFields({ coin: 'BTC', network: 'BTC', amount: '0.015' });
    const btc = body(await recharge(t.app, alice, claim)).result;
    const rej = await adminCall(t.app, op, 'POST', `/deposits/${btc.id}/reject`, { reason: 'No such transaction on chain' });
    expect(rej.result).toMatchObject({ status: 'rejected', rejectReason: 'No such transaction on chain' });
    expect((await get(alice, '/listRecharge?coin=BTC')).result.rows[0]).toMatchObject({
      status: 'rejected',
      rejectReason: 'No such transaction on chain',
    });
    expect(events.at(-1)).toMatchObject({ kind: 'deposit.rejected', params: { reason: 'No such transaction on chain' } });
    expect((await get(alice, '/balances')).result.assets.find((a: { asset: string }) => a.asset === 'BTC').total).toBe(
      '0.00000000',
    );
    // a used transaction hash stays used, whoever tries it
    expect(body(await recharge(t.app, bob, rechargeFields({ txHash: claim.txHash.toUpperCase() }))).code).toBe(Err.TX_HASH_USED);
  });

  it('shows methods, fee rate and minimums, then holds a withdrawal (20003)', async () => {
    const alice = await createUser(t.app);
    const events = eventsOf(alice);
    await fund(t.app, alice.id, 'USDT', '150.5');
    const m = await get(alice, '/withdrawalMethods');
    expect(m.result.feeRate).toBe('0.01');
    expect(m.result.methods.map((x: { method: string }) => x.method)).toEqual([
      'USDT-TRC20',
      'USDT-ERC20',
      'BTC-BTC',
      'ETH-ERC20',
    ]);
    expect(m.result.methods[0]).toMatchObject({ minAmount: '10.000000', available: '150.500000' });
    const res = await post(alice, '/withdrawal', { method: 'USDT-TRC20', address: ADDR.TRON, amount: '100' });
    expect(res.code).toBe(Ok.WITHDRAWAL_SUBMITTED);
    expect(res.result).toMatchObject({
      status: 'pending',
      amount: '100.000000',
      fee: '1.000000',
      receiveAmount: '99.000000',
      feeRate: '0.01',
      payoutTxHash: null,
    });
    expect(await usdt(alice)).toMatchObject({ available: '50.500000', withdrawalHold: '100.000000', total: '150.500000' });
    expect((await get(alice, '/listWithdrwal')).result.rows[0].id).toBe(res.result.id);
    expect(await get(alice, '/listWithdrwal', demo(alice))).toMatchObject({ code: Err.DEMO_NOT_ALLOWED, result: null });
    expect(events.at(-1)).toMatchObject({ kind: 'withdrawal.submitted' });
    await expectReconciled();
  });

  it('approval pays out from the hold (payout + fee) and records the chain hash', async () => {
    const alice = await createUser(t.app);
    const events = eventsOf(alice);
    await fund(t.app, alice.id, 'USDT', '150.5');
    const withdrawalId = await withdraw(alice, '100');
    const payout = hash();
    const res = await adminCall(t.app, op, 'POST', `/withdrawals/${withdrawalId}/approve`, { payoutTxHash: payout });
    expect(res.result).toMatchObject({ status: 'approved', payoutTxHash: payout, username: alice.username });
    expect(await usdt(alice)).toMatchObject({ available: '50.500000', withdrawalHold: '0.000000', total: '50.500000' });
    const st = await get(alice, `/statement?reason=withdrawal.payout`);
    expect(st.result.rows).toEqual([
      expect.objectContaining({
        purpose: 'withdrawal_hold',
        direction: 'out',
        amount: '-99.000000',
        refType: 'withdrawal',
        refId: withdrawalId,
      }),
    ]);
    expect((await get(alice, `/statement?reason=withdrawal.fee`)).result.rows[0].amount).toBe('-1.000000');
    expect(events.at(-1)).toMatchObject({ kind: 'withdrawal.approved', params: { payoutTxHash: payout } });
    expect((await adminCall(t.app, op, 'POST', `/withdrawals/${withdrawalId}/reject`, { reason: 'x' })).code).toBe(
      Err.STATUS_TRANSITION_DENIED,
    );
    await expectReconciled();
  });

  it('rejection releases the hold and shows the reason', async () => {
    const alice = await createUser(t.app);
    const events = eventsOf(alice);
    await fund(t.app, alice.id, 'USDT', '50.5');
    const w = await withdraw(alice, '40.25', 'USDT-ERC20', ADDR.ETH_LOWER);
    expect(await usdt(alice)).toMatchObject({ available: '10.250000', withdrawalHold: '40.250000' });
    const res = await adminCall(t.app, op, 'POST', `/withdrawals/${w}/reject`, { reason: 'Address on a sanctions list' });
    expect(res.result).toMatchObject({ status: 'rejected', rejectReason: 'Address on a sanctions list' });
    expect(await usdt(alice)).toMatchObject({ available: '50.500000', withdrawalHold: '0.000000' });
    expect((await get(alice, '/listWithdrwal?status=rejected')).result.rows[0].rejectReason).toBe('Address on a sanctions list');
    expect(events.at(-1)).toMatchObject({ kind: 'withdrawal.rejected', params: { reason: 'Address on a sanctions list' } });
    await expectReconciled();
  });

  it('the statement lists every movement, filters and exports CSV', async () => {
    const [alice, bob] = [await createUser(t.app), await createUser(t.app)];
    // a credit, a paid withdrawal (hold, payout, fee) and a rejected one (hold, release)
    const depositId = await approvedDeposit(alice, '150.5');
    expect(
      (await adminCall(t.app, op, 'POST', `/withdrawals/${await withdraw(alice, '100')}/approve`, { payoutTxHash: hash() })).code,
    ).toBe(Ok.SUCCESS);
    expect(
      (await adminCall(t.app, op, 'POST', `/withdrawals/${await withdraw(alice, '40.25')}/reject`, { reason: 'no' })).code,
    ).toBe(Ok.SUCCESS);
    const all = await get(alice, '/statement?pageSize=100');
    // credit, hold (2 rows), payout, fee, hold (2 rows), release (2 rows)
    expect(all.result.total).toBe(9);
    expect(all.result.rows.map((r: { reason: string }) => r.reason)).toContain('deposit.approved');
    const page = await get(alice, '/statement?pageSize=4&pageNum=3');
    expect(page.result.rows).toHaveLength(1);
    expect(page.result.rows[0]).toMatchObject({
      reason: 'deposit.approved',
      amount: '150.500000',
      direction: 'in',
      purpose: 'available',
      refId: depositId,
    });
    expect((await get(alice, '/statement?asset=BTC')).result.total).toBe(0);
    expect(
      (await get(alice, `/statement?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).result.total,
    ).toBe(0);
    expect(
      (await get(alice, `/statement?to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).result.total,
    ).toBe(9);
    expect((await get(alice, '/statement', demo(alice))).result.total).toBe(0);
    expect((await get(bob, '/statement')).result.total).toBe(0);
    const csv = await t.app.inject({ url: `${U}/statement.csv`, headers: real(alice) });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="statement-real-/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('time,transfer_id,book,asset,account,direction,amount,reason,ref_type,ref_id,event_id,event');
    expect(lines).toHaveLength(10);
    expect(lines.at(-1)).toMatch(
      /,real,USDT,available,in,150\.500000,deposit\.approved,deposit,\d+,deposit:\d+:\d+,deposit_credited$/,
    );
    // the same movements as events: credit, hold, payout with its fee, hold, release
    const events = await get(alice, '/statement/events?pageSize=100');
    expect(events.result.total).toBe(5);
    expect(events.result.rows.map((e: { kind: string }) => e.kind)).toEqual([
      'withdrawal_returned',
      'withdrawal_requested',
      'withdrawal_sent',
      'withdrawal_requested',
      'deposit_credited',
    ]);
    const sent = events.result.rows[2];
    expect(sent.nets).toEqual([{ asset: 'USDT', available: '0.000000', held: '-100.000000' }]);
    expect(sent.legs.map((l: { reason: string; from: string; to: string | null }) => [l.reason, l.from, l.to])).toEqual([
      ['withdrawal.payout', 'withdrawal_hold', null],
      ['withdrawal.fee', 'withdrawal_hold', null],
    ]);
    // a move between the user's own accounts: one leg naming both, nothing left the user
    expect(events.result.rows[1].legs).toEqual([expect.objectContaining({ from: 'available', to: 'withdrawal_hold' })]);
    expect(events.result.rows[1].nets).toEqual([{ asset: 'USDT', available: '-40.250000', held: '40.250000' }]);
    // paged by events, each event whole on its page
    const second = await get(alice, '/statement/events?pageSize=2&pageNum=2');
    expect(second.result).toMatchObject({ total: 5 });
    expect(second.result.rows.map((e: { id: string }) => e.id)).toEqual([events.result.rows[2].id, events.result.rows[3].id]);
    expect(second.result.rows[0].legs).toHaveLength(2);
  });

  it('notifications: paged with an unread count, marked read by ids or all', async () => {
    const [alice, bob] = [await createUser(t.app), await createUser(t.app)];
    await approvedDeposit(alice, '150'); // submitted, approved
    await withdraw(alice, '20'); // submitted
    const list = await get(alice, '/listNotifications?pageSize=2');
    expect(list.result.rows).toHaveLength(2);
    expect(list.result).toMatchObject({ total: 3, unread: 3 });
    const one = await post(alice, '/readNotifications', { ids: [list.result.rows[0].id] });
    expect(one.result).toEqual({ updated: 1, unread: 2 });
    // another user's ids change nothing
    expect((await post(bob, '/readNotifications', { ids: [list.result.rows[1].id] })).result.updated).toBe(0);
    expect((await post(alice, '/readNotifications', {})).code).toBe(Err.MALFORMED_REQUEST);
    expect((await post(alice, '/readNotifications', { all: true })).result).toEqual({ updated: 2, unread: 0 });
    expect((await get(alice, '/listNotifications?unreadOnly=true')).result.total).toBe(0);
  });

  it('demo: deposits and withdrawals are refused (10033); the demo book resets to the grant by transfers', async () => {
    const alice = await createUser(t.app);
    await fund(t.app, alice.id, 'USDT', '50.5');
    const before = await counts(t.app);
    expect(body(await recharge(t.app, alice, rechargeFields(), { content: PNG }, demo(alice))).code).toBe(Err.DEMO_NOT_ALLOWED);
    expect((await post(alice, '/withdrawal', { method: 'USDT-TRC20', address: ADDR.TRON, amount: '10' }, demo(alice))).code).toBe(
      Err.DEMO_NOT_ALLOWED,
    );
    expect(await counts(t.app)).toEqual(before);
    await fund(t.app, alice.id, 'USDT', '100000', 'demo');
    await fund(t.app, alice.id, 'BTC', '0.5', 'demo');
    const reset = await post(alice, '/resetDemo', {}, demo(alice));
    expect(reset.code).toBe(Ok.SUCCESS);
    expect(reset.result.book).toBe('demo');
    const bal = Object.fromEntries(reset.result.assets.map((a: { asset: string; available: string }) => [a.asset, a.available]));
    expect(bal).toEqual({ USDT: '100000.000000', BTC: '0.00000000', ETH: '0.00000000' });
    const mid = await counts(t.app);
    expect(mid.transfers).toBe(before.transfers + 3); // 2 fundings + BTC back to the grant account
    // from nothing to the grant
    const carol = await createUser(t.app);
    const r2 = await post(carol, '/resetDemo', {}, demo(carol));
    expect(r2.result.assets[0]).toMatchObject({ asset: 'USDT', available: '100000.000000' });
    // again: nothing to move
    await post(carol, '/resetDemo', {}, demo(carol));
    expect((await counts(t.app)).transfers).toBe(mid.transfers + 1);
    // real book untouched
    expect((await usdt(alice)).available).toBe('50.500000');
    await expectReconciled();
  });

  it('the audit log records every review with before and after, and nobody can edit it', async () => {
    const alice = await createUser(t.app);
    const depositId = await approvedDeposit(alice, '500');
    const paid = await withdraw(alice, '100');
    const refused = await withdraw(alice, '50');
    await adminCall(t.app, op, 'POST', `/withdrawals/${paid}/approve`, { payoutTxHash: hash() });
    await adminCall(t.app, op, 'POST', `/withdrawals/${refused}/reject`, { reason: 'no' });
    const log = await adminCall(t.app, op, 'GET', `/audit-log?targetType=deposit&targetId=${depositId}`);
    expect(log.result.rows).toHaveLength(1);
    expect(log.result.rows[0]).toMatchObject({
      action: 'deposit.approve',
      actorId: op.id.toString(),
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
    for (const [id, action, status] of [
      [paid, 'withdrawal.approve', 'approved'],
      [refused, 'withdrawal.reject', 'rejected'],
    ]) {
      const rows = (await adminCall(t.app, op, 'GET', `/audit-log?targetType=withdrawal&targetId=${id}`)).result.rows;
      expect(rows).toEqual([
        expect.objectContaining({
          action,
          before: expect.objectContaining({ status: 'pending' }),
          after: expect.objectContaining({ status }),
        }),
      ]);
    }
    const refusal = async (q: Promise<unknown>) => {
      try {
        await q;
      } catch (e) {
        return String((e as { cause?: Error }).cause?.message ?? (e as Error).message);
      }
      return 'no error';
    };
    expect(await refusal(t.app.db.execute(sql`update audit_log set action = 'forged'`))).toMatch(/append-only/);
    expect(await refusal(t.app.db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
    expect(await refusal(t.app.db.execute(sql`delete from ledger_transfers`))).toMatch(/append-only/);
  });

  it('values non-USDT balances in USDT at the market price', async () => {
    const dave = await createUser(t.app);
    await fund(t.app, dave.id, 'BTC', '0.5');
    await fund(t.app, dave.id, 'USDT', '10');
    const want = new Decimal(t.app.market.priceOf('BTCUSDT')).mul('0.5').toDecimalPlaces(6, Decimal.ROUND_DOWN);
    const res = (await get(dave, '/balances')).result;
    const btc = res.assets.find((a: { asset: string }) => a.asset === 'BTC');
    expect(btc).toMatchObject({ available: '0.50000000', total: '0.50000000', valueUsdt: want.toFixed(6) });
    expect(res.totalUsdt).toBe(want.add(10).toFixed(6));
    expect(res.complete).toBe(true);
  });

  it('the outbox is readable by operators; no one-time code shows, in subject or body, sent or not', async () => {
    // rows as an older version wrote them (code in clear): the view masks them too
    await t.app.db.insert(outbox).values([
      {
        channel: 'email',
        recipient: 'queued@example.com',
        subject: 'Your verification code: 123456',
        body: 'Your code is 123456.',
      },
      {
        channel: 'email',
        recipient: 'sent@example.com',
        subject: 'Your verification code: 654321',
        body: 'Your code is 654321.',
        sentAt: new Date(),
      },
      { channel: 'sms', recipient: '+447700900123', subject: 'Your verification code: 111435', body: 'Your code is 111435.' },
    ]);
    const textTo = async (recipient: string) => {
      const res = await adminCall(t.app, op, 'GET', `/outbox?recipient=${encodeURIComponent(recipient)}`);
      expect(res.code).toBe(Ok.SUCCESS);
      return `${res.result.rows[0].subject} ${res.result.rows[0].body}` as string;
    };
    expect(await textTo('queued@example.com')).not.toContain('123456');
    expect(await textTo('sent@example.com')).not.toContain('654321');
    expect(await textTo('+447700900123')).not.toContain('111435');
  });

  it('no operator route sets a balance or a price', async () => {
    const doc = (await t.app.inject('/docs/json')).json() as { paths: Record<string, object> };
    const adminPaths = Object.keys(doc.paths).filter((p) => p.startsWith('/admin-api'));
    expect(adminPaths.length).toBeGreaterThan(5);
    for (const p of adminPaths) expect(p).not.toMatch(/balance|price|ledger|transfer/i);
  });
});
