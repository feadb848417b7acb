import { Check } from 'typebox/value';
import { Err } from '../../contract/errors.ts';
import { WithdrawalBody, type Withdrawal, type WithdrawalMethods } from '../../contract/wallet.ts';
import { isAbove, isBelow, parseAmount } from '../../contract/money.ts';
import type { Keyed } from '../platform/clientKey.ts';
import { refused, type Refusal } from '../platform/refusal.ts';
import { submissionMachine } from '../platform/submission.ts';

/**
 * The withdrawal form: method, address and amount. Its guard checks them against what the
 * service offers (the methods with their minimum and the available balance, from the
 * withdrawal-methods query) and the contract's WithdrawalBody schema; success is 20003 (the
 * amount sits in the withdrawal hold until an operator pays it out). The fee preview is a pure
 * function of the values (services/money.ts), not state. The client key (clientKey.ts) follows
 * the method, address and amount: a retry of the same withdrawal holds the amount once.
 */
export interface WithdrawalValues {
  /** e.g. 'USDT-TRC20' */
  method: string;
  address: string;
  amount: string;
}
/** What the form submits: the values and the offer they are checked against. */
export interface WithdrawalDraft extends WithdrawalValues {
  offer: WithdrawalMethods['methods'][number] | null;
}

/** The refusal of a withdrawal that cannot be sent (the catalogue code the service would give), or null. */
export function withdrawalRefusal(v: WithdrawalDraft): Refusal | null {
  // the methods the service offers are the only valid ones
  if (!v.method || !v.offer || v.offer.method !== v.method) return refused(Err.WITHDRAW_METHOD_REQUIRED);
  if (!v.address.trim()) return refused(Err.ADDRESS_REQUIRED);
  const amount = parseAmount(v.offer.coin, v.amount);
  if (!amount || isBelow(amount, v.offer.minAmount)) return refused(Err.AMOUNT_INVALID);
  if (isAbove(amount, v.offer.available)) return refused(Err.INSUFFICIENT_BALANCE);
  if (!Check(WithdrawalBody, { method: v.method, address: v.address.trim(), amount })) return refused(Err.ADDRESS_INVALID);
  return null;
}

export const withdrawalFormMachine = submissionMachine<'withdrawalForm', WithdrawalDraft, Withdrawal, Keyed<WithdrawalDraft>>({
  id: 'withdrawalForm',
  check: withdrawalRefusal,
  again: true,
  keyed: (v) => [v.method, v.address.trim(), v.amount.trim()],
});
