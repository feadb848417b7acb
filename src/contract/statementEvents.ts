/**
 * What one event of a user's statement was (docs/ledger.md, "Statement"): the transfers of one
 * database transaction about one business record read as one line. Shared by the service (the
 * event list and the CSV's label column) and the browser (the label's text), so both name an
 * event the same way. Pure: decimal.js only.
 */
import Decimal from 'decimal.js';
import { ASSET_DECIMALS, type Asset } from './constants.ts';

/**
 * Which reason names the event, first match wins: the reason that only that kind of event writes
 * comes before the ones several kinds share (a trading fee is paid both at the open and at the close).
 */
const KINDS: ReadonlyArray<readonly [reason: string, kind: string]> = [
  ['options.margin', 'trade_opened'],
  ['options.margin_released', 'trade_closed'],
  ['options.loss', 'trade_closed'],
  ['options.profit', 'trade_closed'],
  ['options.entry_hold', 'order_pending'],
  ['options.entry_release', 'order_released'],
  ['deposit.approved', 'deposit_credited'],
  ['chain.deposit', 'deposit_credited'],
  ['withdrawal.hold', 'withdrawal_requested'],
  ['withdrawal.payout', 'withdrawal_sent'],
  ['withdrawal.released', 'withdrawal_returned'],
  ['smart.principal', 'plan_bought'],
  ['smart.penalty', 'plan_exited'],
  ['smart.principal_returned', 'plan_ended'],
  ['smart.yield', 'yield_paid'],
  ['loan.disbursed', 'loan_disbursed'],
  ['loan.collateral_locked', 'loan_requested'],
  ['loan.collateral_sold', 'loan_liquidated'],
  ['loan.liquidation_proceeds', 'loan_liquidated'],
  ['loan.principal_repaid', 'loan_repaid'],
  ['loan.interest_paid', 'loan_repaid'],
  ['loan.collateral_released', 'collateral_released'],
  ['nft.sale', 'nft_bought'],
  ['nft.bid_held', 'nft_bid_placed'],
  ['nft.bid_released', 'nft_bid_released'],
  ['nft.donation', 'donation'],
  ['demo.grant', 'demo_granted'],
  ['demo.reset', 'demo_reset'],
  ['options.fee', 'fee'],
  ['withdrawal.fee', 'fee'],
  ['loan.liquidation_fee', 'fee'],
];

/** Every kind an event can be (its label is `wallet.events.<kind>` in each language). */
export const STATEMENT_EVENT_KINDS = [...new Set(KINDS.map(([, k]) => k)), 'other'] as const;

/** The reasons the table above names (a unit test checks every declared ledger reason is among them or knowingly left to 'other'). */
export const NAMED_REASONS: readonly string[] = KINDS.map(([r]) => r);

export function eventKind(reasons: readonly string[]): string {
  return KINDS.find(([r]) => reasons.includes(r))?.[1] ?? 'other';
}

/** One transfer of an event, seen from the user: `from`/`to` are the user's accounts, null for the platform's side. */
export interface Leg {
  asset: string;
  amount: string;
  from: string | null;
  to: string | null;
}

export interface Net {
  asset: Asset;
  /** signed change of the available balance */
  available: string;
  /** signed change of everything held (margin, holds, plan principal, collateral) */
  held: string;
}

/**
 * The net change an event made to the user's available balance and to what is held, per asset. A
 * move between two of the user's own accounts changes both by opposite amounts and the total by
 * nothing, so it never reads as money leaving.
 */
export function eventNets(legs: readonly Leg[]): Net[] {
  const by = new Map<string, { available: Decimal; held: Decimal }>();
  for (const l of legs) {
    const n = by.get(l.asset) ?? { available: new Decimal(0), held: new Decimal(0) };
    const amount = new Decimal(l.amount);
    const side = (purpose: string) => (purpose === 'available' ? 'available' : 'held');
    if (l.from) n[side(l.from)] = n[side(l.from)].minus(amount);
    if (l.to) n[side(l.to)] = n[side(l.to)].plus(amount);
    by.set(l.asset, n);
  }
  return [...by].map(([asset, n]) => {
    const places = ASSET_DECIMALS[asset as Asset] ?? 8;
    return { asset: asset as Asset, available: n.available.toFixed(places), held: n.held.toFixed(places) };
  });
}
