/**
 * Amounts an operator types (issue 32 item 3): house capital into or out of the yield reserve,
 * charity payouts, smart product limits, NFT prices. A typo of a few digits must not become
 * money, so each has an upper bound from configuration and the asset's precision, and a refusal
 * names which one it broke: 10270 (more decimals than the asset has), the caller's bound code
 * (10269 by default: `{{max}} {{asset}}` for `{{field}}`), 10042 for anything not a positive
 * plain decimal. Parsing only: a refusal happens before anything is written.
 */
import Decimal from 'decimal.js';
import { ASSET_DECIMALS, type Asset } from '../../../src/contract/constants.ts';
import { Err, type ErrCode } from '../../../src/contract/errors.ts';
import { BizError } from '../http/errors.ts';

export interface AmountBound {
  /** the largest amount accepted, a decimal string in `asset` */
  max: string;
  /** what the amount is, named in the refusal (a field of the request) */
  field: string;
  /** the refusal above `max` (10269 unless the bound has its own code, like the reserve's 10265) */
  code?: ErrCode;
}

/** The operator's amount at the asset's precision, or a coded refusal naming the bound it broke. */
export function parseOperatorAmount(asset: Asset, raw: string | undefined, bound: AmountBound): string {
  if (typeof raw !== 'string' || !/^[0-9]{1,20}(\.[0-9]{1,18})?$/.test(raw)) throw new BizError(Err.AMOUNT_INVALID);
  const d = new Decimal(raw);
  const decimals = ASSET_DECIMALS[asset];
  if (d.decimalPlaces() > decimals) throw new BizError(Err.OPERATOR_AMOUNT_PRECISION, { asset, decimals, field: bound.field });
  if (d.lte(0)) throw new BizError(Err.AMOUNT_INVALID);
  if (d.gt(bound.max)) {
    throw new BizError(bound.code ?? Err.OPERATOR_AMOUNT_ABOVE_MAX, {
      max: new Decimal(bound.max).toFixed(),
      asset,
      field: bound.field,
    });
  }
  return d.toFixed(decimals);
}
