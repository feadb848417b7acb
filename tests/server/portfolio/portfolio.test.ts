import { beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { equitySnapshots } from '../../../server/portfolio/schema.ts';
import { loans } from '../../../server/loans/schema.ts';
import { nfts } from '../../../server/nfts/schema.ts';
import { userAccount } from '../../../server/platform/ledger/accounts.ts';
import { transfer } from '../../../server/platform/ledger/ledger.ts';
import { storeSnapshots } from '../../../server/portfolio/snapshots.ts';
import { PORTFOLIO_PATHS } from '../../../src/contract/portfolio.ts';
import { body, usingPostgres, useTestApp } from '../helpers.ts';
import { buyOptions, closeOptions, marketClock, tick, usdt } from '../trading/tradingFixtures.ts';
import { createUser, demo, fund, real, type TestUser } from '../wallet/walletFixtures.ts';

const DAY = 86_400_000;
const get = async (app: FastifyInstance, headers: Record<string, string>, url: string) =>
  body(await app.inject({ url, headers }));
const sum = (xs: string[]) => xs.reduce((a, b) => a.add(b), new Decimal(0));

/** Moves a user's own money between purposes, as a withdrawal hold or a plan purchase would. */
async function move(app: FastifyInstance, u: TestUser, to: 'withdrawal_hold' | 'plan_principal', amount: string) {
  await app.db.transaction((tx) =>
    transfer(tx, {
      key: `test:${to}:${u.id}`,
      book: 'real',
      asset: 'USDT',
      from: userAccount(u.id, 'available'),
      to: userAccount(u.id, to),
      amount,
      reason: 'deposit.approved',
    }),
  );
}

/**
 * The portfolio (docs/portfolio.md): its positions are worth exactly what closing them at the same
 * tick pays, its equity is the sum of its parts, and the snapshot job stores one figure per user,
 * book and day however often it runs.
 */
describe(`portfolio (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now }));
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '10000');
    await fund(t.app, u.id, 'BTC', '0.5');
    await move(t.app, u, 'withdrawal_hold', '100');
    await move(t.app, u, 'plan_principal', '500');
    tick(t.app, clock, { BTCUSDT: 67000, ETHUSDT: 3500 });
    for (const b of [
      { direction: 'up' as const },
      { direction: 'down' as const, lots: '0.2', leverage: 5 },
      { code: 'ETHUSDT', lots: '1' },
    ]) {
      const r = await buyOptions(t.app, real(u), b);
      expect(r.code, r.msg).toBe(20004);
    }
    // an NFT bought for 250 and a loan owing 1,000 (+ 12.5 unpaid interest)
    await t.app.db.insert(nfts).values({
      seed: 1,
      name: 'n',
      creator: 'c',
      chain: 'Ethereum',
      contractAddress: '0xabc',
      tokenId: `t${u.id}`,
      saleType: 'buy_now',
      price: '250',
      donationShare: '0.5',
      charity: 'x',
      status: 'sold',
      ownerId: u.id,
      soldPrice: '250',
      soldAt: new Date(clock.now()),
    });
    await t.app.db.insert(loans).values({
      userId: u.id,
      status: 'repaying',
      amount: '1000',
      collateralAsset: 'BTC',
      collateralAmount: '0',
      collateralInitial: '0',
      priceAtSubmit: '67000',
      days: 30,
      dailyRate: '0.0005',
      interestFreeDays: 0,
      overlayRate: '0',
      initialLtv: '0.5',
      warningLtv: '0.7',
      marginCallLtv: '0.8',
      liquidationLtv: '0.9',
      liquidationFee: '0.02',
      liquidationOverdueDays: 7,
      agreementVersion: '1',
      agreementLanguage: 'en',
      fullName: 'A B',
      clientKey: `k${u.id}`,
      principalOutstanding: '1000',
      interestAccrued: '15',
      interestPaid: '2.5',
      createdAt: new Date(clock.now()),
    });
    tick(t.app, clock, { BTCUSDT: 67500, ETHUSDT: 3450 });
  });

  it('the total equals available + held + positions + plans + NFTs − debt, each part from its record', async () => {
    const p = (await get(t.app, real(u), PORTFOLIO_PATHS.summary)).result;
    const { parts } = p;
    expect(p.complete).toBe(true);
    expect(
      new Decimal(p.equity).eq(sum([parts.available, parts.held, parts.positions, parts.plans, parts.nfts]).sub(parts.debt)),
    ).toBe(true);
    const cash = await usdt(t.app, real(u));
    // available: the USDT left plus 0.5 BTC at 67,500
    expect(parts.available).toBe(new Decimal(cash.available).add(33750).toFixed(6));
    expect(parts).toMatchObject({ held: '100.000000', plans: '500.000000', nfts: '250.000000', debt: '1012.500000' });
    expect(p.positions).toHaveLength(3);
    expect(new Decimal(p.unrealisedNet).eq(sum(p.positions.map((x: { net: string }) => x.net)))).toBe(true);
    // the demo book holds none of it
    const d = (await get(t.app, demo(u), PORTFOLIO_PATHS.summary)).result;
    expect(d).toMatchObject({ book: 'demo', parts: { positions: '0.000000', nfts: '0.000000', debt: '0.000000' } });
  });

  it('the positions are worth what closing them all at the same tick pays back, and their result is what the closes state', async () => {
    const p = (await get(t.app, real(u), PORTFOLIO_PATHS.summary)).result;
    const before = new Decimal((await usdt(t.app, real(u))).available);
    const nets: string[] = [];
    for (const pos of p.positions) {
      const r = await closeOptions(t.app, real(u), pos.id);
      expect(r.result.status, r.msg).toBe('closed');
      expect(r.result.closePrice).toBe(pos.price);
      nets.push(r.result.net);
    }
    const after = new Decimal((await usdt(t.app, real(u))).available);
    expect(after.sub(before).toFixed(6)).toBe(p.parts.positions);
    expect(sum(nets).toFixed(6)).toBe(p.unrealisedNet);
    // closing moved value from positions to available: the equity is unchanged
    const q = (await get(t.app, real(u), PORTFOLIO_PATHS.summary)).result;
    expect(q.parts.positions).toBe('0.000000');
    expect(q.equity).toBe(p.equity);
  });

  it('the snapshot job stores one figure per user, book and day, whatever how often it runs; the history lists them, then today', async () => {
    const n = async () =>
      Number((await t.app.db.select({ n: count() }).from(equitySnapshots).where(eq(equitySnapshots.userId, u.id)))[0].n);
    const p = (await get(t.app, real(u), PORTFOLIO_PATHS.summary)).result;
    clock.ms(DAY);
    expect(await storeSnapshots(t.app.db, t.app.market, clock.now())).toBeGreaterThanOrEqual(1);
    const once = await n();
    expect(once).toBeGreaterThanOrEqual(1);
    await Promise.all([
      storeSnapshots(t.app.db, t.app.market, clock.now()),
      storeSnapshots(t.app.db, t.app.market, clock.now() + 60_000),
    ]);
    expect(await n()).toBe(once);
    const yesterday = new Date(clock.now() - DAY).toISOString().slice(0, 10);
    const [snap] = await t.app.db
      .select()
      .from(equitySnapshots)
      .where(and(eq(equitySnapshots.userId, u.id), eq(equitySnapshots.book, 'real')));
    expect(snap).toMatchObject({ day: yesterday, equity: p.equity });
    // the next day: a second point
    clock.ms(DAY);
    await storeSnapshots(t.app.db, t.app.market, clock.now());
    const h = (await get(t.app, real(u), `${PORTFOLIO_PATHS.history}?days=7`)).result;
    expect(h.points.map((x: { source: string }) => x.source)).toEqual(['snapshot', 'snapshot', 'now']);
    expect(h.points[0]).toMatchObject({ day: yesterday, equity: p.equity });
    expect(h.points[2].day).toBe(new Date(clock.now()).toISOString().slice(0, 10));
    expect((await get(t.app, real(u), `${PORTFOLIO_PATHS.history}?days=8`)).code).toBe(10030);
  });
});
