import Decimal from 'decimal.js';
import { ASSET_DECIMALS, ASSETS, type Asset, type Book } from '../../src/contract/constants.ts';
import type { AssetBalance, BookSummary } from '../../src/contract/auth.ts';
import type { DbOrTx } from '../db/client.ts';
import { userBalances } from '../ledger/ledger.ts';

/** Values an amount in USDT at the app's feed prices; null when no current price is known. */
export type UsdtValuer = (asset: Asset, amount: string) => string | null;

const USDT_DP = ASSET_DECIMALS.USDT;

/**
 * Per asset: available (purpose 'available') and total (sum over all purposes: holds,
 * margin, plan principal, collateral), each valued in USDT; plus the book's totals. Every
 * asset is listed, zeros included, so a client can render a fixed table. Assets without a
 * price count as 0 in the USDT totals.
 */
export async function bookSummary(db: DbOrTx, userId: bigint, book: Book, valueInUsdt: UsdtValuer): Promise<BookSummary> {
  const rows = await userBalances(db, userId, book);
  const avail = new Map<string, Decimal>();
  const total = new Map<string, Decimal>();
  for (const r of rows) {
    const b = new Decimal(r.balance);
    total.set(r.asset, (total.get(r.asset) ?? new Decimal(0)).plus(b));
    if (r.purpose === 'available') avail.set(r.asset, (avail.get(r.asset) ?? new Decimal(0)).plus(b));
  }
  let availableUsdt = new Decimal(0);
  let totalUsdt = new Decimal(0);
  const assets: AssetBalance[] = ASSETS.map((asset) => {
    const dp = ASSET_DECIMALS[asset];
    const a = (avail.get(asset) ?? new Decimal(0)).toFixed(dp, Decimal.ROUND_DOWN);
    const t = (total.get(asset) ?? new Decimal(0)).toFixed(dp, Decimal.ROUND_DOWN);
    const aU = new Decimal(valueInUsdt(asset, a) ?? 0);
    const tU = new Decimal(valueInUsdt(asset, t) ?? 0);
    availableUsdt = availableUsdt.plus(aU);
    totalUsdt = totalUsdt.plus(tU);
    return { asset, available: a, total: t, totalUsdt: tU.toFixed(USDT_DP, Decimal.ROUND_DOWN) };
  });
  return {
    assets,
    availableUsdt: availableUsdt.toFixed(USDT_DP, Decimal.ROUND_DOWN),
    totalUsdt: totalUsdt.toFixed(USDT_DP, Decimal.ROUND_DOWN),
  };
}
