/**
 * decimal.js rounds every operation to 20 significant digits by default. Amounts the contract
 * accepts (below 1e20, 6 or 8 decimals) have up to 28, so the fee split must not go through
 * that rounding: fee + receiveAmount must equal the amount to the last unit, or money is left
 * in the withdrawal hold (or the approval overdraws it).
 */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { withdrawalFee } from '../../../server/platform/ledger/amounts.ts';
import type { Asset } from '../../../src/contract/constants.ts';

describe('withdrawalFee on large amounts', () => {
  const cases: Array<[Asset, string, string]> = [
    ['USDT', '123456789012345.678901', '0.01'],
    ['USDT', '99999999999999999999.999999', '0.01'],
    ['BTC', '1234567890123.12345678', '0.0015'],
    ['ETH', '99999999999999999999.99999999', '0.003'],
  ];
  // the checks themselves must not round
  const exact = Decimal.clone({ precision: 100 });
  it.each(cases)('%s %s at %s: fee + receiveAmount = amount exactly, fee rounded down', (asset, amount, rate) => {
    const { fee, receiveAmount } = withdrawalFee(asset, amount, rate);
    expect(new exact(fee).plus(receiveAmount).toFixed(), `${fee} + ${receiveAmount}`).toBe(new exact(amount).toFixed());
    const ideal = new exact(amount).mul(rate);
    expect(new exact(fee).lte(ideal)).toBe(true);
    expect(ideal.sub(fee).lt(new exact(10).pow(-(fee.split('.')[1]?.length ?? 0)))).toBe(true);
  });
});
