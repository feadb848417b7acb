import { Err } from '../../contract/errors.ts';
import { BuySmartBody, type SmartPlan, type SmartProduct } from '../../contract/smart.ts';
import { isAbove, isBelow, parseAmount } from '../../contract/money.ts';
import { schemaRefusal } from '../platform/contractCheck.ts';
import type { Keyed } from '../platform/clientKey.ts';
import { refused, type Refusal } from '../platform/refusal.ts';
import { submissionMachine } from '../platform/submission.ts';

/**
 * The smart plan purchase form: product, term and amount. Its guard checks them against what the
 * page shows (the product list with each term's reserve cover, and the real book's available
 * USDT) in the service's order, so the refusal the user sees before sending is the catalogue
 * code the service would give; last, the body against the contract's BuySmartBody. Success is
 * 20004 (the plan, earning). The user may buy another plan afterwards (`again`).
 */
export interface SmartBuyValues {
  productId: string;
  days: number;
  amount: string;
}
/** What the form submits: the values and what they are checked against. */
export interface SmartBuyDraft extends SmartBuyValues {
  /** the product as listed (null when the id is not on the list) */
  product: SmartProduct | null;
  /** available USDT in the real book; null while unknown (the service then decides) */
  available: string | null;
}

/** The refusal of a purchase that cannot be sent (the code the service would give), or null. */
export function smartBuyRefusal(v: SmartBuyDraft): Refusal | null {
  const p = v.product;
  if (!p || p.id !== v.productId || !p.enabled) return refused(Err.SMART_PRODUCT_WRONG);
  const term = p.terms.find((t) => t.days === v.days);
  if (!term) return refused(Err.NO_MATCHING_DAYS);
  const amount = parseAmount('USDT', v.amount);
  // the service's code, with a text that names the plan's bounds (10013 alone says only "not valid")
  if (!amount || isBelow(amount, p.minAmount) || isAbove(amount, p.maxAmount)) {
    return {
      code: Err.INVESTMENT_AMOUNT_WRONG,
      key: 'app:smart.amountOutOfRange',
      params: { min: p.minAmount, max: p.maxAmount },
    };
  }
  // the reserve's cover as last listed: the service checks it again under its lock
  if (!term.available || isAbove(amount, term.coveredAmount)) return refused(Err.SMART_SOLD_OUT);
  if (v.available !== null && isAbove(amount, v.available)) return refused(Err.INSUFFICIENT_BALANCE);
  return schemaRefusal(BuySmartBody, { productId: v.productId, amount, days: v.days, clientKey: 'k'.repeat(36) });
}

/**
 * A purchase locks real money for the whole term: it is confirmed in a dialog that states the
 * amount, the book and the lock. Its client key (clientKey.ts) follows product, term and amount.
 */
export const smartBuyMachine = submissionMachine<'smartBuy', SmartBuyDraft, SmartPlan, Keyed<SmartBuyDraft>>({
  id: 'smartBuy',
  check: smartBuyRefusal,
  again: true,
  confirm: true,
  keyed: (v) => [v.productId, v.days, v.amount.trim()],
});
