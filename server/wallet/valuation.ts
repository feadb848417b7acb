/**
 * Values amounts in USDT at the market's current prices (`app.market.valueInUsdt`: USDT = 1,
 * BTC via BTCUSDT, ETH via ETHUSDT; 6 decimals rounded down). Null when there is no current
 * price (feed stale, instrument unknown): the app then shows "no value", never a made-up zero.
 */
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { ASSETS, ASSET_DECIMALS, type Asset } from '../../src/contract/constants.ts';

/** The market service as the 'market' plugin decorates it. */
export type Market = FastifyInstance['market'];

export function valueInUsdt(market: Market, asset: Asset, amount: string): string | null {
  if (asset === 'USDT') return new Decimal(amount).toFixed(ASSET_DECIMALS.USDT, Decimal.ROUND_DOWN);
  try {
    const d = new Decimal(market.valueInUsdt(asset, amount));
    return d.isFinite() ? d.toFixed(ASSET_DECIMALS.USDT, Decimal.ROUND_DOWN) : null;
  } catch {
    return null; // 10047 stale or 10052 unknown: no value rather than a wrong one
  }
}

/**
 * What valueInUsdt reads of the market now, as one string (each asset's price, or none when it
 * has no current one): a valuation computed under the same key is the same, so it may be reused.
 */
export function valuationKey(market: Market): string {
  let key = '';
  for (const asset of ASSETS) {
    if (asset === 'USDT') continue;
    try {
      key += `${market.priceOf(`${asset}USDT`)}|`;
    } catch {
      key += '-|';
    }
  }
  return key;
}
