/**
 * Four eyes on large amounts: a deposit or withdrawal worth more than `fourEyesAboveUsdt` is
 * approved by two different operators. The first approval is recorded (and audited) without
 * moving money or changing the status; a different operator's approval then completes it, and the
 * same operator approving again is refused (10081). A rejection needs one operator: stopping money
 * is never the risk. A record whose value is unknown (no current price) counts as large.
 */
import Decimal from 'decimal.js';
import type { Asset } from '../../src/contract/constants.ts';
import { Err } from '../../src/contract/errors.ts';
import { BizError } from '../http/errors.ts';
import type { WalletDeps } from './service.ts';
import { valueInUsdt } from './valuation.ts';

export function needsTwoOperators(deps: Pick<WalletDeps, 'config' | 'market'>, asset: Asset, amount: string): boolean {
  const value = valueInUsdt(deps.market, asset, amount);
  return value === null || new Decimal(value).gt(deps.config.fourEyesAboveUsdt);
}

/**
 * 'first' when this approval is the first of two (record it, move nothing); 'final' when it
 * completes the record. Refuses the first approver approving again.
 */
export function approvalStep(
  deps: Pick<WalletDeps, 'config' | 'market'>, r: { coin: string; amount: string; firstApprovedBy: bigint | null }, operatorId: bigint,
): 'first' | 'final' {
  if (!needsTwoOperators(deps, r.coin as Asset, r.amount)) return 'final';
  if (r.firstApprovedBy === null) return 'first';
  if (r.firstApprovedBy === operatorId) throw new BizError(Err.SECOND_OPERATOR_REQUIRED);
  return 'final';
}
