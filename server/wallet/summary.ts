import Decimal from 'decimal.js';
import { ASSET_DECIMALS, type Book } from '../../src/contract/constants.ts';
import type { AssetBalance, BookSummary } from '../../src/contract/auth.ts';
import type { BalanceRow } from '../platform/ledger/ledger.ts';
import type { Balances } from '../../src/contract/wallet.ts';
import { balancesFrom } from './balances.ts';
import { valuationKey, valueInUsdt, type Market } from './valuation.ts';

const USDT_DP = ASSET_DECIMALS.USDT;

/**
 * getUserInfo's view of both books from the user's ledger rows of both books (read with the
 * profile in one statement, server/auth/userInfo.ts): per asset available and total (all
 * purposes: holds, margin, plan principal, collateral) with the total valued in USDT, plus the
 * book's totals. Every asset is listed, zeros included. Assets without a current price count as 0
 * in the USDT totals.
 */
export function summariesFrom(market: Market, rows: ReadonlyArray<BalanceRow & { book: Book }>): Record<Book, BookSummary> {
  // the same rows (kept in memory: server/platform/userReads.ts) at the same prices give the same
  // summaries: computed again only when a price the valuation reads has moved (issue 26)
  const prices = valuationKey(market);
  const last = lastSummaries.get(rows);
  if (last?.prices === prices) return last.summaries;
  const of = (book: Book) =>
    summaryOf(
      market,
      balancesFrom(
        market,
        rows.filter((r) => r.book === book),
        book,
      ),
    );
  const summaries = { demo: of('demo'), real: of('real') };
  lastSummaries.set(rows, { prices, summaries });
  return summaries;
}

/** The last summaries of each rows array still referenced, with the prices they were valued at. */
const lastSummaries = new WeakMap<object, { prices: string; summaries: Record<Book, BookSummary> }>();

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
