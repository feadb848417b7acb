/**
 * A user's portfolio in one book at the current prices (docs/portfolio.md). Every part comes from
 * the record that owns it: the ledger's balances, the open positions valued by the settlement
 * function itself (so the positions' value is what closing them now would pay), the NFTs at their
 * sale price and the loans' debt. Nothing is estimated.
 */
import Decimal from 'decimal.js';
import { ASSETS, ASSET_DECIMALS, type Book } from '../../src/contract/constants.ts';
import { netAt, settlement } from '../../src/contract/optionsMath.ts';
import type { Portfolio } from '../../src/contract/portfolio.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { userBalances } from '../platform/ledger/ledger.ts';
import { debtOf, openLoansOf } from '../loans/index.ts';
import { ownedSalePrices } from '../nfts/index.ts';
import { openPositionsOf, termsOfRow } from '../trading/index.ts';
import { valueInUsdt, type Market } from '../wallet/index.ts';

const USDT_DP = ASSET_DECIMALS.USDT;
const money = (d: Decimal) => d.toFixed(USDT_DP, Decimal.ROUND_DOWN);
/** Balances that are the user's money but not spendable now: withdrawal and bid holds, loan collateral. */
const HELD = new Set(['withdrawal_hold', 'nft_bid_hold', 'loan_collateral']);

export async function portfolioOf(db: DbOrTx, market: Market, userId: bigint, book: Book, now: number): Promise<Portfolio> {
  const zero = new Decimal(0);
  let available = zero;
  let held = zero;
  let plans = zero;
  let complete = true;
  const rows = await userBalances(db, userId, book);
  for (const asset of ASSETS) {
    for (const r of rows) {
      if (r.asset !== asset || r.purpose === 'order_margin') continue; // margin: valued with its position below
      const amount = new Decimal(r.balance).toFixed(ASSET_DECIMALS[asset]);
      const v = valueInUsdt(market, asset, amount);
      if (v === null) {
        if (!new Decimal(amount).isZero()) complete = false;
        continue;
      }
      if (r.purpose === 'available') available = available.add(v);
      else if (r.purpose === 'plan_principal') plans = plans.add(v);
      else if (HELD.has(r.purpose)) held = held.add(v);
    }
  }

  const open = await openPositionsOf(db, userId, book);
  let positionsValue = zero;
  let unrealised = zero;
  const positions: Portfolio['positions'] = [];
  for (const r of open) {
    const q = market.get(r.code);
    const terms = termsOfRow(r);
    // the instrument's last price, as a manual close would use; without a quote, the opening price
    const price = q ? market.formatPrice(q) : terms.openPrice;
    if (!q) complete = false;
    const s = settlement(terms, price);
    const net = netAt(terms, price);
    positionsValue = positionsValue.add(s.returned);
    unrealised = unrealised.add(net);
    positions.push({
      id: r.id.toString(),
      code: r.code,
      direction: r.direction,
      lots: terms.lots,
      price,
      value: s.returned,
      net,
    });
  }

  let nftValue = zero;
  let debt = zero;
  // NFTs and loans live in the real book only
  if (book === 'real') {
    const owned = await ownedSalePrices(db, userId);
    for (const n of owned) nftValue = nftValue.add(n.soldPrice ?? 0);
    const open = await openLoansOf(db, userId);
    for (const l of open) debt = debt.add(debtOf(l));
  }

  const parts = {
    available: money(available),
    held: money(held),
    positions: money(positionsValue),
    plans: money(plans),
    nfts: money(nftValue),
    debt: money(debt),
  };
  // the total of the parts as listed, so the page's sum is exactly the stated equity
  const equity = new Decimal(parts.available)
    .add(parts.held)
    .add(parts.positions)
    .add(parts.plans)
    .add(parts.nfts)
    .sub(parts.debt);
  return {
    book,
    at: new Date(now).toISOString(),
    parts,
    equity: equity.toFixed(USDT_DP),
    unrealisedNet: unrealised.toFixed(USDT_DP),
    positions,
    complete,
  };
}
