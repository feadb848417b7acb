import Decimal from 'decimal.js';
import { ASSET_DECIMALS, type Book } from '../../src/contract/constants.ts';
import type { AssetBalance, BookSummary } from '../../src/contract/auth.ts';
import type { BalanceRow } from '../ledger/ledger.ts';
import type { Balances } from '../../src/contract/wallet.ts';
import { balancesFrom } from './balances.ts';
import { valueInUsdt, type Market } from './valuation.ts';

const USDT_DP = ASSET_DECIMALS.USDT;

/**
 * getUserInfo's view of both books from the user's ledger rows of both books (read with the
 * profile in one statement, server/auth/userInfo.ts): per asset available and total (all
 * purposes: holds, margin, plan principal, collateral) with the total valued in USDT, plus the
 * book's totals. Every asset is listed, zeros included. Assets without a current price count as 0
 * in the USDT totals.
 */
export function summariesFrom(market: Market, rows: ReadonlyArray<BalanceRow & { book: Book }>): Record<Book, BookSummary> {
  const of = (book: Book) => summaryOf(market, balancesFrom(market, rows.filter((r) => r.book === book), book));
  return { demo: of('demo'), real: of('real') };
}

/** One book's summary from its balances. */
function summaryOf(market: Market, balances: Balances): BookSummary {
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
