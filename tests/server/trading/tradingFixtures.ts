/**
 * Trading test fixtures: the market clock tests move, prices set by feeding ticks through the
 * market (as the feed would), orders through the API in either book, and row counts of
 * everything a refusal must leave untouched.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ledgerTransfers } from '../../../server/platform/ledger/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { optionsOrders } from '../../../server/trading/schema.ts';
import { TRADING_PATHS } from '../../../src/contract/trading.ts';
import { body, rowCounts } from '../helpers.ts';
import { real, type TestUser } from '../wallet/walletFixtures.ts';

/** Monday 23 Nov 2026 10:00 UTC: crypto, forex and futures trade; US stocks are closed (05:00 New York). */
export const MONDAY_MORNING = Date.UTC(2026, 10, 23, 10, 0, 0);

export function marketClock(start = MONDAY_MORNING) {
  let now = start;
  return { now: () => now, set: (ms: number) => (now = ms), ms: (n: number) => (now += n) };
}
export type MarketClock = ReturnType<typeof marketClock>;

/** One feed step: each code at its price, a second after the previous step (the clock moves). */
export function tick(app: FastifyInstance, clock: MarketClock, prices: Record<string, number>, stepMs = 1000) {
  const time = clock.ms(stepMs);
  return app.market.applyFeed(
    Object.entries(prices).map(([code, price]) => ({ code, price, time, volume: 0 })),
    time,
  );
}

export const clientKey = () => crypto.randomUUID();

export interface BuyInput {
  code?: string;
  direction?: 'up' | 'down';
  lots?: string;
  leverage?: number;
  period?: number;
  stopLoss?: string | null;
  takeProfit?: string | null;
  clientKey?: string;
}

export async function buyOptions(app: FastifyInstance, headers: Record<string, string>, b: BuyInput = {}) {
  const payload = { code: 'BTCUSDT', direction: 'up', lots: '0.1', leverage: 10, period: 300, clientKey: clientKey(), ...b };
  return body(await app.inject({ method: 'POST', url: TRADING_PATHS.buy, headers, payload }));
}

export async function closeOptions(app: FastifyInstance, headers: Record<string, string>, id: string) {
  return body(await app.inject({ method: 'POST', url: TRADING_PATHS.close, headers, payload: { id } }));
}

export async function getOrder(app: FastifyInstance, headers: Record<string, string>, id: string) {
  return body(await app.inject({ url: `${TRADING_PATHS.get}${id}`, headers }));
}

export async function listOrders(
  app: FastifyInstance,
  headers: Record<string, string>,
  query: Record<string, string | number> = {},
) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return body(await app.inject({ url: `${TRADING_PATHS.list}${qs ? `?${qs}` : ''}`, headers }));
}

export async function usdt(app: FastifyInstance, headers: Record<string, string>) {
  const r = body(await app.inject({ url: '/swx/customer/user/balances', headers })).result;
  return r.assets.find((a: { asset: string }) => a.asset === 'USDT') ?? { available: '0.000000', orderMargin: '0.000000' };
}

export const realOf = (u: TestUser) => real(u);

/** Rows of every table trading writes, and the sum of all balances: compare around a refusal. */
export const tradingCounts = (app: FastifyInstance) =>
  rowCounts(app, { orders: optionsOrders, transfers: ledgerTransfers, notifications });
