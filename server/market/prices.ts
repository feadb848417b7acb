import type Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { Asset } from '../../src/contract/constants.ts';
import { currentMarket, type MarketService } from './service.ts';
import { isOpenAt } from './hours/hours.ts';
import type { HoursKind } from './catalogue/index.ts';

/**
 * Prices for the other domains (wallet, accounts, orders). Two ways in:
 *  - `app.market.priceOf(code)` etc. when the app is at hand (preferred: right with several
 *    platforms in one process, as in the two-instance test);
 *  - the plain functions below, which use the market loaded last in this process.
 * Refusals: 10052 unknown instrument, 10047 price stale (feed silent), 10015 market closed.
 */
export const marketOf = (app: FastifyInstance): MarketService => app.market;

/** Last price of an instrument code (BTCUSDT, EURUSD, AAPL) as a decimal string. */
export const priceOf = (code: string): string => currentMarket().priceOf(code);

/** USDT value of an asset amount: USDT = 1, BTC via BTCUSDT, ETH via ETHUSDT; 6 decimals, rounded down. */
export const valueInUsdt = (asset: Asset | string, amount: string | Decimal): string => currentMarket().valueInUsdt(asset, amount);

/** Refuses 10052 / 10015 / 10047, else returns the price to trade at. */
export const assertTradable = (code: string, date?: Date) => currentMarket().assertTradable(code, date);

/** Whether the instrument's market is in session (a code, or anything with `hours`). */
export function isMarketOpen(instrument: string | { hours: HoursKind }, date?: Date): boolean {
  if (typeof instrument !== 'string') return isOpenAt(instrument.hours, date ?? new Date());
  const m = currentMarket();
  const q = m.require(instrument);
  return isOpenAt(q.info.hours, date ?? new Date(m.now()));
}
