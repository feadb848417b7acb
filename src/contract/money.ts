import Decimal from 'decimal.js';
import { ASSET_DECIMALS, type Asset } from './constants.ts';

/**
 * Exact money arithmetic for the wallet screens (decimal.js on strings, never floats), with the
 * service's rules: amounts are plain decimals within the asset's precision; the withdrawal fee is
 * amount × rate rounded down to that precision and the amount received is amount − fee.
 * Only wallet screens import this module, so decimal.js stays out of the home page's JavaScript.
 */
const PLAIN = /^[0-9]{1,20}(\.[0-9]{1,18})?$/;

/** The amount as the service would accept it, normalised to the asset's precision; null if not. */
export function parseAmount(asset: Asset, raw: string): string | null {
  const text = raw.trim();
  if (!PLAIN.test(text)) return null;
  const d = new Decimal(text);
  if (d.lte(0) || d.decimalPlaces() > ASSET_DECIMALS[asset] || d.gte('1e20')) return null;
  return d.toFixed(ASSET_DECIMALS[asset]);
}

export const isBelow = (a: string, b: string) => new Decimal(a).lt(b);
export const isAbove = (a: string, b: string) => new Decimal(a).gt(b);

export interface WithdrawalQuote {
  amount: string;
  fee: string;
  receive: string;
  /** the rate as a percentage, e.g. "1" for 0.01 */
  ratePercent: string;
}

/** Fee and amount received for a typed amount (null while the amount is not valid). */
export function withdrawalQuote(asset: Asset, raw: string, feeRate: string): WithdrawalQuote | null {
  const amount = parseAmount(asset, raw);
  if (!amount) return null;
  const dp = ASSET_DECIMALS[asset];
  const fee = new Decimal(amount).mul(feeRate).toDecimalPlaces(dp, Decimal.ROUND_DOWN);
  return {
    amount,
    fee: fee.toFixed(dp),
    receive: new Decimal(amount).sub(fee).toFixed(dp),
    ratePercent: percentOf(feeRate),
  };
}

/** A fraction as a percentage, exactly: "0.01" → "1". */
export const percentOf = (rate: string) => new Decimal(rate).mul(100).toString();

/** "Max": the whole available balance at the asset's precision (rounded down). */
export const maxAmount = (asset: Asset, available: string) =>
  new Decimal(available).toDecimalPlaces(ASSET_DECIMALS[asset], Decimal.ROUND_DOWN).toString();

/** A positive balance? (for the "nothing to withdraw" state) */
export const isPositive = (v: string) => new Decimal(v).gt(0);

/**
 * What of an asset is not available: held for withdrawals, as position margin, in smart plans,
 * as loan collateral or for NFT bids. The service's total is the sum of every purpose, so this
 * is total − available, exact, at the precision the service wrote.
 */
export function heldAmount(b: { total: string; available: string }): string {
  const places = b.available.split('.')[1]?.length ?? 0;
  return new Decimal(b.total).minus(b.available).toFixed(places);
}
