/**
 * Balances per asset of one book, valued in USDT, and the demo reset.
 */
import Decimal from 'decimal.js';
import { ASSETS, ASSET_DECIMALS, DEMO_GRANT_USDT, type Asset, type Book } from '../../src/contract/constants.ts';
import type { AssetBalance, Balances } from '../../src/contract/wallet.ts';
import type { Db, DbOrTx } from '../platform/db/client.ts';
import { ledgerAccounts } from '../platform/ledger/schema.ts';
import { platformAccount, userAccount } from '../platform/ledger/accounts.ts';
import { availableAccountOf, transfer, userBalances, type BalanceRow } from '../platform/ledger/ledger.ts';
import { valueInUsdt, type Market } from './valuation.ts';

const FIELD: Record<string, keyof Omit<AssetBalance, 'asset' | 'total' | 'valueUsdt'>> = {
  available: 'available',
  withdrawal_hold: 'withdrawalHold',
  order_margin: 'orderMargin',
  plan_principal: 'planPrincipal',
  loan_collateral: 'loanCollateral',
  nft_bid_hold: 'nftBidHold',
  entry_hold: 'entryHold',
};

export async function balancesOf(db: DbOrTx, market: Market, userId: bigint, book: Book): Promise<Balances> {
  return balancesFrom(market, await userBalances(db, userId, book), book);
}

/** The book's balances from its ledger rows (`rows` of that book only). */
export function balancesFrom(market: Market, rows: readonly BalanceRow[], book: Book): Balances {
  const assets: AssetBalance[] = [];
  let totalUsdt = new Decimal(0);
  let complete = true;
  for (const asset of ASSETS) {
    const p = ASSET_DECIMALS[asset];
    const parts: Record<string, Decimal> = {};
    for (const r of rows) if (r.asset === asset) parts[r.purpose] = new Decimal(r.balance);
    const total = Object.values(parts).reduce((a, b) => a.add(b), new Decimal(0));
    const value = valueInUsdt(market, asset, total.toFixed(p));
    if (value === null) complete = false;
    else totalUsdt = totalUsdt.add(value);
    const b = { asset, total: total.toFixed(p), valueUsdt: value } as AssetBalance;
    for (const [purpose, field] of Object.entries(FIELD)) b[field] = (parts[purpose] ?? new Decimal(0)).toFixed(p);
    assets.push(b);
  }
  return { book, assets, totalUsdt: totalUsdt.toFixed(ASSET_DECIMALS.USDT), complete };
}

/**
 * Brings the demo book's available balances back to the grant: USDT to DEMO_GRANT_USDT, other
 * assets to zero, by ledger transfers with platform demo_grants (never an UPDATE of a balance).
 * Money locked in open demo positions (margin, plans, collateral) belongs to those records and
 * is left alone; it returns to available when they close.
 */
export async function resetDemo(db: Db, market: Market, userId: bigint): Promise<Balances> {
  await db.transaction(async (tx) => {
    const stamp = `${market.now()}:${crypto.randomUUID()}`;
    for (const asset of ASSETS) {
      const [acct] = await tx
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(availableAccountOf(userId, 'demo', asset))
        .for('update');
      const have = new Decimal(acct?.balance ?? 0);
      const want = new Decimal(asset === 'USDT' ? DEMO_GRANT_USDT : 0);
      const diff = want.sub(have);
      if (diff.isZero()) continue;
      const amount = diff.abs().toFixed(ASSET_DECIMALS[asset as Asset], Decimal.ROUND_DOWN);
      if (new Decimal(amount).isZero()) continue;
      const grant = platformAccount('demo_grants');
      const mine = userAccount(userId, 'available');
      await transfer(tx, {
        key: `demo-reset:${userId}:${asset}:${stamp}`,
        book: 'demo',
        asset,
        from: diff.gt(0) ? grant : mine,
        to: diff.gt(0) ? mine : grant,
        amount,
        reason: 'demo.reset',
        refType: 'user',
        refId: userId.toString(),
      });
    }
  });
  return balancesOf(db, market, userId, 'demo');
}
