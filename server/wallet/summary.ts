import Decimal from 'decimal.js';
import { ASSET_DECIMALS, type Book } from '../../src/contract/constants.ts';
import type { AssetBalance, BookSummary } from '../../src/contract/auth.ts';
import type { DbOrTx } from '../db/client.ts';
import { balancesOf } from './balances.ts';
import { valueInUsdt, type Market } from './valuation.ts';

const USDT_DP = ASSET_DECIMALS.USDT;

/**
 * getUserInfo's view of one book, derived from the wallet's balances (one aggregation of the
 * ledger, one valuation): per asset available and total (all purposes: holds, margin, plan
 * principal, collateral) with the total valued in USDT, plus the book's totals. Every asset is
 * listed, zeros included. Assets without a current price count as 0 in the USDT totals.
 */
export async function bookSummary(db: DbOrTx, market: Market, userId: bigint, book: Book): Promise<BookSummary> {
  const balances = await balancesOf(db, market, userId, book);
  let availableUsdt = new Decimal(0);
  let totalUsdt = new Decimal(0);
  const assets: AssetBalance[] = balances.assets.map((b) => {
    const tU = new Decimal(b.valueUsdt ?? 0);
    availableUsdt = availableUsdt.plus(valueInUsdt(market, b.asset, b.available) ?? 0);
    totalUsdt = totalUsdt.plus(tU);
    return { asset: b.asset, available: b.available, total: b.total, totalUsdt: tU.toFixed(USDT_DP, Decimal.ROUND_DOWN) };
  });
  return {
    assets,
    availableUsdt: availableUsdt.toFixed(USDT_DP, Decimal.ROUND_DOWN),
    totalUsdt: totalUsdt.toFixed(USDT_DP, Decimal.ROUND_DOWN),
  };
}
