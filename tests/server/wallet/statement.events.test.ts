import Decimal from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, usingPostgres, useTestApp } from '../helpers.ts';
import { ADDR, adminCall, createUser, hash, real, recharge, rechargeFields, type TestUser } from './walletFixtures.ts';
import { buyOptions, closeOptions, marketClock, tick } from '../trading/tradingFixtures.ts';
import { buy, fundReserve, productIds } from '../smart/smartFixtures.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { Ok } from '../../../src/contract/errors.ts';
import type { StatementEvent } from '../../../src/contract/wallet.ts';

const U = '/swx/customer/user';

/**
 * A customer's whole story read back as the records show it (docs/ledger.md, "Statement"): a
 * deposit, a position opened and closed at a loss, a plan bought and left early, a withdrawal.
 * One event a line, each named, and the events' net changes add up to the balance they left.
 */
describe(`statement events: one line per event (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now }));
  let op: TestUser;
  let u: TestUser;
  const get = async (url: string) => body(await t.app.inject({ url: `${U}${url}`, headers: real(u) }));
  const usdt = async () =>
    (await get('/balances')).result.assets.find((a: { asset: string }) => a.asset === 'USDT') as {
      available: string;
      total: string;
    };

  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    await adminCall(t.app, op, 'POST', '/deposit-addresses', { coin: 'USDT', network: 'TRC20', address: ADDR.TRON });
    await fundReserve(t.app, op, '10000');
    u = await createUser(t.app);
    tick(t.app, clock, { BTCUSDT: 67000 });
    const dep = body(await recharge(t.app, u, rechargeFields({ amount: '10000' })));
    expect((await adminCall(t.app, op, 'POST', `/deposits/${dep.result.id}/approve`, {})).code).toBe(Ok.SUCCESS);
    const order = await buyOptions(t.app, real(u), { lots: '0.1', leverage: 10 });
    expect(order.code, order.msg).toBe(Ok.PURCHASE_SUCCESSFUL);
    tick(t.app, clock, { BTCUSDT: 66500 });
    expect((await closeOptions(t.app, real(u), order.result.id)).code).toBeLessThan(30000);
    const plan = await buy(t.app, u, { productId: (await productIds(t.app))['Long 90'], amount: '1000', days: 90 });
    expect(plan.code).toBe(Ok.PURCHASE_SUCCESSFUL);
    const exit = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/order/exitSmart',
      headers: real(u),
      payload: { id: plan.result.id },
    });
    expect(body(exit).code).toBe(Ok.SUCCESS);
    const w = body(
      await t.app.inject({
        method: 'POST',
        url: `${U}/withdrawal`,
        headers: real(u),
        payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '100' },
      }),
    );
    expect(w.code, w.msg).toBe(Ok.WITHDRAWAL_SUBMITTED);
    // this customer's history asks for two operators' approvals (the second names the payout)
    await adminCall(t.app, op, 'POST', `/withdrawals/${w.result.id}/approve`, { payoutTxHash: hash() });
    const second = await createUser(t.app, 'operator');
    const approved = await adminCall(t.app, second, 'POST', `/withdrawals/${w.result.id}/approve`, { payoutTxHash: hash() });
    expect(approved.result, JSON.stringify(approved)).toMatchObject({ status: 'approved' });
  });

  it('reads as one named line per event, newest first', async () => {
    const page = (await get('/statement/events?pageSize=50')).result as { rows: StatementEvent[]; total: number };
    expect(page.rows.map((e) => e.kind)).toEqual([
      'withdrawal_sent',
      'withdrawal_requested',
      'plan_exited',
      'plan_bought',
      'trade_closed',
      'trade_opened',
      'deposit_credited',
    ]);
    expect(page.total).toBe(7);
    const [sent, requested, exited, bought, closed, opened, deposit] = page.rows;
    // opening: margin moves to held, only the fee leaves
    const fee = opened.legs.find((l) => l.reason === 'options.fee')!;
    expect(fee).toMatchObject({ from: 'available', to: null });
    expect(opened.legs.find((l) => l.reason === 'options.margin')).toMatchObject({ from: 'available', to: 'order_margin' });
    const margin = opened.legs.find((l) => l.reason === 'options.margin')!.amount;
    expect(opened.nets).toEqual([
      { asset: 'USDT', available: new Decimal(margin).plus(fee.amount).neg().toFixed(6), held: margin },
    ]);
    // closing at a loss: the margin back, minus the loss and the closing fee
    expect(closed.legs.map((l) => l.reason).sort()).toEqual(['options.fee', 'options.loss', 'options.margin_released']);
    expect(closed.nets[0].held).toBe(new Decimal(margin).neg().toFixed(6));
    expect(new Decimal(closed.nets[0].available).lt(margin)).toBe(true);
    expect(bought.nets[0]).toEqual({ asset: 'USDT', available: '-1000.000000', held: '1000.000000' });
    expect(exited.legs.map((l) => l.reason).sort()).toEqual(['smart.penalty', 'smart.principal_returned']);
    expect(requested.nets[0]).toEqual({ asset: 'USDT', available: '-100.000000', held: '100.000000' });
    expect(sent.nets[0]).toEqual({ asset: 'USDT', available: '0.000000', held: '-100.000000' });
    expect(deposit.nets[0]).toEqual({ asset: 'USDT', available: '10000.000000', held: '0.000000' });
    // the nets add up to what the balance is now (it started at nothing)
    const sum = (k: 'available' | 'held') => page.rows.reduce((s, e) => s.plus(e.nets[0][k]), new Decimal(0));
    const b = await usdt();
    expect(sum('available').toFixed(6)).toBe(b.available);
    expect(sum('available').plus(sum('held')).toFixed(6)).toBe(b.total);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('pages by events and keeps each event whole; the CSV names every leg with its event', async () => {
    const all = (await get('/statement/events?pageSize=50')).result.rows as StatementEvent[];
    const second = (await get('/statement/events?pageSize=3&pageNum=2')).result as { rows: StatementEvent[]; total: number };
    expect(second.total).toBe(7);
    expect(second.rows).toEqual(all.slice(3, 6));
    const csv = (await t.app.inject({ url: `${U}/statement.csv`, headers: real(u) })).body.trim().split('\r\n').slice(1);
    const legs = all.reduce((n, e) => n + e.legs.length, 0);
    // one row per transfer and account: a move between two of the user's accounts is two rows
    const internal = all.flatMap((e) => e.legs).filter((l) => l.from && l.to).length;
    expect(csv).toHaveLength(legs + internal);
    for (const e of all) {
      const rows = csv.filter((line) => line.split(',').at(-2) === e.id);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((line) => line.endsWith(`,${e.kind}`))).toBe(true);
    }
  });
});
