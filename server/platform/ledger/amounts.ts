import Decimal from 'decimal.js';
import { ASSET_DECIMALS, type Asset } from '../../../src/contract/constants.ts';
import { Err } from '../../../src/contract/errors.ts';
import { BizError } from '../http/errors.ts';
import { normaliseAmount } from './ledger.ts';

/**
 * A user-typed amount: plain digits with an optional fraction (no sign, exponent, hex or
 * spaces), > 0, within the asset's precision and below 1e20. Anything else is 10042.
 */
export function parseUserAmount(asset: Asset, raw: string | undefined): string {
  if (typeof raw !== 'string' || !/^[0-9]{1,20}(\.[0-9]{1,18})?$/.test(raw)) throw new BizError(Err.AMOUNT_INVALID);
  return normaliseAmount(asset, raw);
}

/**
 * decimal.js rounds each operation to 20 significant digits by default; amounts below 1e20 at
 * 8 decimals have up to 28, and the rate's digits add more. 64 digits keep the split exact.
 */
const Exact = Decimal.clone({ precision: 64 });

/** Fee = amount × rate rounded down to the asset's precision; received = amount − fee (exact). */
export function withdrawalFee(asset: Asset, amount: string, rate: string) {
  const fee = new Exact(amount).mul(rate).toDecimalPlaces(ASSET_DECIMALS[asset], Decimal.ROUND_DOWN);
  const receive = new Exact(amount).sub(fee);
  return { fee: fee.toFixed(ASSET_DECIMALS[asset]), receiveAmount: receive.toFixed(ASSET_DECIMALS[asset]) };
}

/** Formats a NUMERIC from the database at the asset's precision. */
export const fmt = (asset: string, v: string | null | undefined) =>
  new Decimal(v ?? 0).toFixed(ASSET_DECIMALS[asset as Asset] ?? 8);
