/**
 * Values balances in USDT at feed prices. The price source is the market module's
 * `valueInUsdt(asset, amount)` (server/market/prices.ts); it is loaded lazily so the wallet
 * works (USDT only) before and without it. Returns null when no current price is known.
 */
import Decimal from 'decimal.js';
import { ASSET_DECIMALS, type Asset } from '../../src/contract/constants.ts';

type ValueFn = (asset: Asset, amount: string) => unknown;
let loaded: Promise<ValueFn | null> | undefined;

function load(): Promise<ValueFn | null> {
  // A variable specifier keeps the type checker from requiring the module before it exists.
  const spec = '../market/prices.ts';
  loaded ??= import(/* @vite-ignore */ spec)
    .then((m: { valueInUsdt?: ValueFn }) => (typeof m.valueInUsdt === 'function' ? m.valueInUsdt : null))
    .catch(() => null);
  return loaded;
}

export async function valueInUsdt(asset: Asset, amount: string): Promise<string | null> {
  if (asset === 'USDT') return new Decimal(amount).toFixed(ASSET_DECIMALS.USDT);
  const fn = await load();
  if (!fn) return null;
  try {
    const v = await fn(asset, amount);
    if (v === null || v === undefined) return null;
    const d = new Decimal(String(v));
    return d.isFinite() ? d.toFixed(ASSET_DECIMALS.USDT, Decimal.ROUND_DOWN) : null;
  } catch {
    return null; // stale or unknown price: shown as "no value", never as zero
  }
}
