import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { buildTestApp, body, type TestApp } from './helpers.ts';
import { ADDR, adminCall, counts, createUser, demo, fund, hash, JP2, JPEG, PNG, real, recharge, rechargeFields, type TestUser } from './walletFixtures.ts';
import { reconcile } from '../../server/ledger/reconcile.ts';

const U = '/swx/customer/user';

describe('wallet: deposit → approval → balance → withdrawal → approval / rejection', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let op: TestUser;
  const events: Array<{ kind: string; params?: Record<string, unknown> }> = [];

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await createUser(t.app);
    bob = await createUser(t.app);
    op = await createUser(t.app, 'operator');
    t.app.bus.subscribe(`user:${alice.id}`, (m) => events.push(m as { kind: string }));
  });
  afterAll(async () => t?.close());

  const get = async (u: TestUser, url: string, headers = real(u)) => body(await t.app.inject({ url: `${U}${url}`, headers }));
  const post = async (u: TestUser, url: string, payload: object, headers = real(u)) =>
    body(await t.app.inject({ method: 'POST', url: `${U}${url}`, headers, payload }));
  const usdt = async (u: TestUser) => (await get(u, '/balances')).result.assets.find((a: { asset: string }) => a.asset === 'USDT');
  const expectReconciled = async () => expect((await reconcile(t.app.db)).ok).toBe(true);

  it('operators set receive addresses; users see them with a QR code', async () => {
    const created = await adminCall(t.app, op, 'POST', '/deposit-addresses', { coin: 'USDT', network: 'TRC20', address: ADDR.TRON });
    expect(created.code).toBe(200);
    expect((await adminCall(t.app, op, 'POST', '/deposit-addresses', { coin: 'BTC', network: 'BTC', address: ADDR.BTC_BECH32 })).code).toBe(200);
    const eth = await adminCall(t.app, op, 'POST', '/deposit-addresses', { coin: 'ETH', network: 'ERC20', address: ADDR.ETH, enabled: false });
    // a typo in the address is refused, a coin on a foreign network too
    expect((await adminCall(t.app, op, 'POST', '/deposit-addresses', { coin: 'USDT', network: 'TRC20', address: ADDR.TRON.slice(0, -1) + 'u' })).code).toBe(10041);
    expect((await adminCall(t.app, op, 'POST', '/deposit-addresses', { coin: 'BTC', network: 'TRC20', address: ADDR.TRON })).code).toBe(10030);
    const list = await get(alice, '/depositAddresses');
    expect(list.code).toBe(200);
    expect(list.result.rows.map((r: { coin: string }) => r.coin).sort()).toEqual(['BTC', 'USDT']);
    const trc = list.result.rows.find((r: { coin: string }) => r.coin === 'USDT');
    expect(trc).toMatchObject({ network: 'TRC20', address: ADDR.TRON, minAmount: '120' });
    expect(trc.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(trc.qr.split(',')[1], 'base64').toString()).toContain('<svg');
    // enable ETH, then the audit log holds every change
    expect((await adminCall(t.app, op, 'PUT', `/deposit-addresses/${eth.result.id}`, { enabled: true })).result.enabled).toBe(true);
    const audit = await adminCall(t.app, op, 'GET', '/audit-log?targetType=deposit_address');
    expect(audit.result.rows.map((r: { action: string }) => r.action)).toEqual(['deposit_address.update', 'deposit_address.create', 'deposit_address.create', 'deposit_address.create']);
    expect(audit.result.rows[0]).toMatchObject({ actorId: op.id.toString(), before: { enabled: false }, after: { enabled: true } });
  });

  it('customers cannot use the operator API', async () => {
    const res = await t.app.inject({ url: '/admin-api/deposits', headers: { authorization: alice.token } });
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe(10045);
    expect(body(await t.app.inject({ url: '/admin-api/outbox' })).code).toBe(401);
  });

  let depositId = '';
  it('a deposit claim is stored pending with its private proof image (20002)', async () => {
    const before = await counts(t.app);
    const res = body(await recharge(t.app, alice, rechargeFields({ amount: '150.5' })));
    expect(res.code).toBe(20002);
    expect(res.result).toMatchObject({ coin: 'USDT', network: 'TRC20', amount: '150.500000', status: 'pending', address: ADDR.TRON, rejectReason: null });
    depositId = res.result.id;
    const after = await counts(t.app);
    expect(after.deposits).toBe(before.deposits + 1);
    expect(after.transfers).toBe(before.transfers); // no money before review
    // the owner and operators get the image, nobody else
    const mine = await t.app.inject({ url: res.result.proofUrl, headers: real(alice) });
    expect(mine.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(mine.rawPayload, PNG)).toBe(0);
    expect(body(await t.app.inject({ url: res.result.proofUrl, headers: real(bob) })).code).toBe(10043);
    expect(body(await t.app.inject({ url: res.result.proofUrl })).code).toBe(401);
    const opView = await t.app.inject({ url: `/admin-api/deposits/${depositId}/proof`, headers: { authorization: op.token } });
    expect(Buffer.compare(opView.rawPayload, PNG)).toBe(0);
    // nothing under a public path
    expect((await t.app.inject({ url: '/uploads/' })).statusCode).toBe(404);
    const listed = await get(alice, '/listRecharge?status=pending');
    expect(listed.result.total).toBe(1);
    expect((await get(bob, '/listRecharge')).result.total).toBe(0);
    expect(events.at(-1)).toMatchObject({ kind: 'deposit.submitted' });
  });

  it('JPEG and JPEG 2000 proofs are accepted as well', async () => {
    expect(body(await recharge(t.app, alice, rechargeFields({ coin: 'BTC', network: 'BTC', amount: '0.015' }), { content: JPEG, filename: 'a.jpg', type: 'image/jpeg' })).code).toBe(20002);
    expect(body(await recharge(t.app, alice, rechargeFields({ coin: 'ETH', network: 'ERC20', amount: '0.2' }), { content: JP2, filename: 'a.jp2', type: 'image/jp2' })).code).toBe(20002);
  });

  it('the operator queue shows it; approval credits the real book once and notifies the user', async () => {
    const queue = await adminCall(t.app, op, 'GET', '/deposits?status=pending');
    expect(queue.result.total).toBe(3);
    const row = queue.result.rows.find((r: { id: string }) => r.id === depositId);
    expect(row).toMatchObject({ username: alice.username, userId: alice.id.toString(), proofUrl: `/admin-api/deposits/${depositId}/proof` });
    const approved = await adminCall(t.app, op, 'POST', `/deposits/${depositId}/approve`, {});
    expect(approved.code).toBe(200);
    expect(approved.result).toMatchObject({ status: 'approved', reviewedBy: op.id.toString() });
    expect(await usdt(alice)).toMatchObject({ available: '150.500000', total: '150.500000', valueUsdt: '150.500000' });
    // the demo book is untouched
    expect((await get(alice, '/balances', demo(alice))).result.assets.find((a: { asset: string }) => a.asset === 'USDT').available).toBe('0.000000');
    // the statechart refuses a second approval and a late rejection; no second credit
    const before = await counts(t.app);
    expect((await adminCall(t.app, op, 'POST', `/deposits/${depositId}/approve`, {})).code).toBe(10044);
    expect((await adminCall(t.app, op, 'POST', `/deposits/${depositId}/reject`, { reason: 'late' })).code).toBe(10044);
    expect(await counts(t.app)).toEqual(before);
    expect(events.at(-1)).toMatchObject({ kind: 'deposit.approved', params: { amount: '150.500000', coin: 'USDT' } });
    const notes = await get(alice, '/listNotifications');
    expect(notes.result.rows[0]).toMatchObject({ kind: 'deposit.approved', refType: 'deposit', refId: depositId, read: false });
    expect(notes.result.unread).toBeGreaterThanOrEqual(2);
    await expectReconciled();
  });

  it('rejection keeps the balance and tells the user why', async () => {
    const btc = (await get(alice, '/listRecharge?coin=BTC')).result.rows[0];
    const rej = await adminCall(t.app, op, 'POST', `/deposits/${btc.id}/reject`, { reason: 'No such transaction on chain' });
    expect(rej.result).toMatchObject({ status: 'rejected', rejectReason: 'No such transaction on chain' });
    expect((await get(alice, '/listRecharge?coin=BTC')).result.rows[0]).toMatchObject({ status: 'rejected', rejectReason: 'No such transaction on chain' });
    expect(events.at(-1)).toMatchObject({ kind: 'deposit.rejected', params: { reason: 'No such transaction on chain' } });
    expect((await get(alice, '/balances')).result.assets.find((a: { asset: string }) => a.asset === 'BTC').total).toBe('0.00000000');
    // a used transaction hash stays used, whoever tries it
    const again = body(await recharge(t.app, bob, rechargeFields({ txHash: btc.txHash.toUpperCase() })));
    expect(again.code).toBe(10038);
  });

  let withdrawalId = '';
  it('shows methods, fee rate and minimums, then holds a withdrawal (20003)', async () => {
    const m = await get(alice, '/withdrawalMethods');
    expect(m.result.feeRate).toBe('0.01');
    expect(m.result.methods.map((x: { method: string }) => x.method)).toEqual(['USDT-TRC20', 'USDT-ERC20', 'BTC-BTC', 'ETH-ERC20']);
    expect(m.result.methods[0]).toMatchObject({ minAmount: '10.000000', available: '150.500000' });
    const res = await post(alice, '/withdrawal', { method: 'USDT-TRC20', address: ADDR.TRON, amount: '100' });
    expect(res.code).toBe(20003);
    expect(res.result).toMatchObject({ status: 'pending', amount: '100.000000', fee: '1.000000', receiveAmount: '99.000000', feeRate: '0.01', payoutTxHash: null });
    withdrawalId = res.result.id;
    expect(await usdt(alice)).toMatchObject({ available: '50.500000', withdrawalHold: '100.000000', total: '150.500000' });
    expect((await get(alice, '/listWithdrwal')).result.rows[0].id).toBe(withdrawalId);
    expect(events.at(-1)).toMatchObject({ kind: 'withdrawal.submitted' });
    await expectReconciled();
  });

  it('approval pays out from the hold (payout + fee) and records the chain hash', async () => {
    const payout = hash();
    const res = await adminCall(t.app, op, 'POST', `/withdrawals/${withdrawalId}/approve`, { payoutTxHash: payout });
    expect(res.result).toMatchObject({ status: 'approved', payoutTxHash: payout, username: alice.username });
    expect(await usdt(alice)).toMatchObject({ available: '50.500000', withdrawalHold: '0.000000', total: '50.500000' });
    const st = await get(alice, `/statement?reason=withdrawal.payout`);
    expect(st.result.rows).toEqual([expect.objectContaining({ purpose: 'withdrawal_hold', direction: 'out', amount: '-99.000000', refType: 'withdrawal', refId: withdrawalId })]);
    expect((await get(alice, `/statement?reason=withdrawal.fee`)).result.rows[0].amount).toBe('-1.000000');
    expect(events.at(-1)).toMatchObject({ kind: 'withdrawal.approved', params: { payoutTxHash: payout } });
    expect((await adminCall(t.app, op, 'POST', `/withdrawals/${withdrawalId}/reject`, { reason: 'x' })).code).toBe(10044);
    await expectReconciled();
  });

  it('rejection releases the hold and shows the reason', async () => {
    const w = await post(alice, '/withdrawal', { method: 'USDT-ERC20', address: ADDR.ETH_LOWER, amount: '40.25' });
    expect(await usdt(alice)).toMatchObject({ available: '10.250000', withdrawalHold: '40.250000' });
    const res = await adminCall(t.app, op, 'POST', `/withdrawals/${w.result.id}/reject`, { reason: 'Address on a sanctions list' });
    expect(res.result).toMatchObject({ status: 'rejected', rejectReason: 'Address on a sanctions list' });
    expect(await usdt(alice)).toMatchObject({ available: '50.500000', withdrawalHold: '0.000000' });
    expect((await get(alice, '/listWithdrwal?status=rejected')).result.rows[0].rejectReason).toBe('Address on a sanctions list');
    expect(events.at(-1)).toMatchObject({ kind: 'withdrawal.rejected', params: { reason: 'Address on a sanctions list' } });
    await expectReconciled();
  });

  it('the statement lists every movement, filters and exports CSV', async () => {
    const all = await get(alice, '/statement?pageSize=100');
    // credit, hold (2 rows), payout, fee, hold (2 rows), release (2 rows)
    expect(all.result.total).toBe(9);
    expect(all.result.rows.map((r: { reason: string }) => r.reason)).toContain('deposit.approved');
    const page = await get(alice, '/statement?pageSize=4&pageNum=3');
    expect(page.result.rows).toHaveLength(1);
    expect(page.result.rows[0]).toMatchObject({ reason: 'deposit.approved', amount: '150.500000', direction: 'in', purpose: 'available', refId: depositId });
    expect((await get(alice, '/statement?asset=BTC')).result.total).toBe(0);
    expect((await get(alice, `/statement?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).result.total).toBe(0);
    expect((await get(alice, `/statement?to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).result.total).toBe(9);
    expect((await get(alice, '/statement', demo(alice))).result.total).toBe(0);
    expect((await get(bob, '/statement')).result.total).toBe(0);
    const csv = await t.app.inject({ url: `${U}/statement.csv`, headers: real(alice) });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="statement-real-/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('time,transfer_id,book,asset,account,direction,amount,reason,ref_type,ref_id');
    expect(lines).toHaveLength(10);
    expect(lines.at(-1)).toMatch(/,real,USDT,available,in,150\.500000,deposit\.approved,deposit,/);
  });

  it('notifications: paged with an unread count, marked read by ids or all', async () => {
    const list = await get(alice, '/listNotifications?pageSize=2');
    expect(list.result.rows).toHaveLength(2);
    const unread = list.result.unread;
    expect(unread).toBe(list.result.total);
    const one = await post(alice, '/readNotifications', { ids: [list.result.rows[0].id] });
    expect(one.result).toEqual({ updated: 1, unread: unread - 1 });
    // another user's ids change nothing
    expect((await post(bob, '/readNotifications', { ids: [list.result.rows[1].id] })).result.updated).toBe(0);
    expect((await post(alice, '/readNotifications', {})).code).toBe(10030);
    expect((await post(alice, '/readNotifications', { all: true })).result).toEqual({ updated: unread - 1, unread: 0 });
    expect((await get(alice, '/listNotifications?unreadOnly=true')).result.total).toBe(0);
  });

  it('demo: deposits and withdrawals are refused (10033); the demo book resets to the grant by transfers', async () => {
    const before = await counts(t.app);
    expect(body(await recharge(t.app, alice, rechargeFields(), { content: PNG }, demo(alice))).code).toBe(10033);
    expect((await post(alice, '/withdrawal', { method: 'USDT-TRC20', address: ADDR.TRON, amount: '10' }, demo(alice))).code).toBe(10033);
    expect(await counts(t.app)).toEqual(before);
    await fund(t.app, alice.id, 'USDT', '100000', 'demo');
    await fund(t.app, alice.id, 'BTC', '0.5', 'demo');
    const reset = await post(alice, '/resetDemo', {}, demo(alice));
    expect(reset.code).toBe(200);
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
    const log = await adminCall(t.app, op, 'GET', `/audit-log?targetType=deposit&targetId=${depositId}`);
    expect(log.result.rows).toHaveLength(1);
    expect(log.result.rows[0]).toMatchObject({ action: 'deposit.approve', actorId: op.id.toString(), before: { status: 'pending' }, after: { status: 'approved' } });
    expect((await adminCall(t.app, op, 'GET', '/audit-log?targetType=withdrawal')).result.total).toBe(2);
    const refusal = async (q: Promise<unknown>) => {
      try { await q; } catch (e) { return String((e as { cause?: Error }).cause?.message ?? (e as Error).message); }
      return 'no error';
    };
    expect(await refusal(t.app.db.execute(sql`update audit_log set action = 'forged'`))).toMatch(/append-only/);
    expect(await refusal(t.app.db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
    expect(await refusal(t.app.db.execute(sql`delete from ledger_transfers`))).toMatch(/append-only/);
    // 3 address creations + 1 update, 2 deposit and 2 withdrawal reviews
    expect((await adminCall(t.app, op, 'GET', '/audit-log')).result.total).toBe(8);
  });

  it('values non-USDT balances in USDT at the feed price', async () => {
    const dave = await createUser(t.app);
    await fund(t.app, dave.id, 'BTC', '0.5');
    await fund(t.app, dave.id, 'USDT', '10');
    const market = (t.app as unknown as { market?: { priceOf(code: string): string } }).market;
    let price: string | null = null;
    try { price = market?.priceOf('BTCUSDT') ?? null; } catch { price = null; }
    const res = (await get(dave, '/balances')).result;
    const btc = res.assets.find((a: { asset: string }) => a.asset === 'BTC');
    expect(btc).toMatchObject({ available: '0.50000000', total: '0.50000000' });
    if (price) {
      const want = new Decimal(price).mul('0.5').toDecimalPlaces(6, Decimal.ROUND_DOWN);
      expect(btc.valueUsdt).toBe(want.toFixed(6));
      expect(res.totalUsdt).toBe(want.add(10).toFixed(6));
      expect(res.complete).toBe(true);
    } else {
      // no current price: no value rather than a made-up zero
      expect(btc.valueUsdt).toBeNull();
      expect(res.totalUsdt).toBe('10.000000');
      expect(res.complete).toBe(false);
    }
  });

  it('the outbox is readable by operators; codes of messages that reached their recipient stay hidden', async () => {
    const { outbox } = await import('../../server/db/schema/index.ts');
    await t.app.db.insert(outbox).values([
      { channel: 'email', recipient: 'queued@example.com', subject: 'Your code', body: 'Your code is 123456.' },
      { channel: 'email', recipient: 'sent@example.com', subject: 'Your code', body: 'Your code is 654321.', sentAt: new Date() },
    ]);
    const res = await adminCall(t.app, op, 'GET', '/outbox?pageSize=5');
    expect(res.code).toBe(200);
    expect(res.result).toMatchObject({ rows: expect.any(Array), total: expect.any(Number) });
    const byTo = Object.fromEntries(res.result.rows.map((r: { recipient: string; body: string }) => [r.recipient, r.body]));
    expect(byTo['queued@example.com']).toContain('123456'); // without SMTP the outbox is the delivery
    expect(byTo['sent@example.com']).not.toContain('654321');
  });

  it('no operator route sets a balance or a price', async () => {
    const doc = (await t.app.inject('/docs/json')).json() as { paths: Record<string, object> };
    const adminPaths = Object.keys(doc.paths).filter((p) => p.startsWith('/admin-api'));
    expect(adminPaths.length).toBeGreaterThan(5);
    for (const p of adminPaths) expect(p).not.toMatch(/balance|price|ledger|transfer/i);
  });
});
