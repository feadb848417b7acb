import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import {
  collateralFor,
  dayInterest,
  liquidationSale,
  ltvOf,
  priceAtLtv,
  quoteLoan,
  rateOfDay,
  repaySplit,
  termInterest,
} from '../../../src/contract/loanMath.ts';

const rates = { days: 30, dailyRate: '0.0005', interestFreeDays: 3, overlayRate: '0.001' };
const terms = { ...rates, initialLtv: '0.65', marginCallLtv: '0.75', liquidationLtv: '0.83' };

describe('loan arithmetic (exact decimals)', () => {
  it('collateral is rounded up so the loan never starts above the initial LTV', () => {
    expect(collateralFor('1000', '50000', '0.65')).toBe('0.03076924');
    expect(ltvOf('1000', '0.03076924', '50000')!.lte('0.65')).toBe(true);
    const big = collateralFor('200000', '91234.56', '0.65');
    expect(ltvOf('200000', big, '91234.56')!.lte('0.65')).toBe(true);
    expect(ltvOf('200000', new Decimal(big).sub('0.00000001'), '91234.56')!.gt('0.65')).toBe(true);
  });

  it('interest: free days, the daily rate to the due date, the overlay after; each day rounded down', () => {
    expect([1, 3, 4, 30, 31].map((n) => rateOfDay(rates, n))).toEqual(['0', '0', '0.0005', '0.0005', '0.001']);
    expect(dayInterest('1000', '0.0005')).toBe('0.500000');
    expect(dayInterest('333.333333', '0.0005')).toBe('0.166666');
    expect(termInterest('1000', rates)).toBe('13.500000');
    expect(termInterest('1000', { ...rates, days: 3 })).toBe('0.000000');
  });

  it('the quote: collateral, interest, repayment, dates, LTV and the liquidation and margin-call prices', () => {
    const q = quoteLoan('1000', '50000', terms, 0);
    expect(q).toMatchObject({
      collateralAmount: '0.03076924',
      interest: '13.500000',
      repaymentAmount: '1013.500000',
      interestStart: 3 * 86_400_000,
      dueDate: 30 * 86_400_000,
      ltv: '0.65',
    });
    expect(q.liquidationPrice).toBe(priceAtLtv('1000', '0.03076924', '0.83'));
    expect(Number(q.liquidationPrice)).toBeCloseTo(39156.62, 2);
    expect(Number(q.marginCallPrice)).toBeCloseTo(43333.33, 1);
  });

  it('repayments pay interest first, then principal', () => {
    expect(repaySplit('0.6', '1', '1000')).toEqual({ interest: '0.600000', principal: '0.000000' });
    expect(repaySplit('100.4', '0.4', '1000')).toEqual({ interest: '0.400000', principal: '100.000000' });
  });

  it('a partial liquidation sells just enough to bring the LTV back to the target, with the fee on what it repays', () => {
    const s = liquidationSale({
      interest: '0',
      principal: '1000',
      collateral: '0.03076924',
      price: '38000',
      targetLtv: '0.65',
      fee: '0.02',
      full: false,
    });
    expect(s.full).toBe(false);
    const left = new Decimal('0.03076924').sub(s.sold);
    const debt = new Decimal(1000).sub(s.principal);
    expect(ltvOf(debt, left, '38000')!.toNumber()).toBeCloseTo(0.65, 4);
    expect(new Decimal(s.proceeds).eq(new Decimal(s.principal).add(s.fee))).toBe(true);
  });

  it('a full liquidation pays the debt, then the fee, and returns the rest; a shortfall when the sale does not cover the debt', () => {
    const s = liquidationSale({
      interest: '9',
      principal: '1000',
      collateral: '0.03076924',
      price: '50000',
      targetLtv: '0.65',
      fee: '0.02',
      full: true,
    });
    expect(s).toMatchObject({
      sold: '0.03076924',
      proceeds: '1538.462000',
      interest: '9.000000',
      principal: '1000.000000',
      fee: '20.180000',
      returned: '509.282000',
      shortfall: '0.000000',
    });
    const short = liquidationSale({
      interest: '1',
      principal: '1000',
      collateral: '0.02',
      price: '40000',
      targetLtv: '0.65',
      fee: '0.02',
      full: true,
    });
    expect(short).toMatchObject({
      proceeds: '800.000000',
      interest: '1.000000',
      principal: '799.000000',
      fee: '0.000000',
      returned: '0.000000',
      shortfall: '201.000000',
    });
    // a partial sale that cannot restore the target becomes a full one
    expect(
      liquidationSale({
        interest: '0',
        principal: '1000',
        collateral: '0.02',
        price: '50000',
        targetLtv: '0.65',
        fee: '0.02',
        full: false,
      }).full,
    ).toBe(true);
  });
});
