/**
 * Values balances in USDT at feed prices through the market module (server/market/prices.ts:
 * `app.market.valueInUsdt(asset, amount)`: USDT = 1, BTC via BTCUSDT, ETH via ETHUSDT, 6 decimals
 * rounded down). Returns null when there is no current price (feed stale, market not loaded):
 * the app then shows "no value", never a made-up zero.
 */
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { ASSET_DECIMALS, type Asset } from '../../src/contract/constants.ts';

/** The one method the wallet needs from the market service (typed structurally: no import cycle). */
interface Valuer { valueInUsdt(asset: Asset, amount: string): string }

export function valueInUsdt(app: FastifyInstance, asset: Asset, amount: string): string | null {
  if (asset === 'USDT') return new Decimal(amount).toFixed(ASSET_DECIMALS.USDT, Decimal.ROUND_DOWN);
  const market = (app as FastifyInstance & { market?: Valuer }).market;
  if (!market || typeof market.valueInUsdt !== 'function') return null;
  try {
    const d = new Decimal(market.valueInUsdt(asset, amount));
    return d.isFinite() ? d.toFixed(ASSET_DECIMALS.USDT, Decimal.ROUND_DOWN) : null;
  } catch {
    return null; // 10047 stale or 10052 unknown: no value rather than a wrong one
  }
}
