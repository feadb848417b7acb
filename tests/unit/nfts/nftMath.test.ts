import { describe, expect, it } from 'vitest';
import { donationOf } from '../../../src/contract/nftMath.ts';

describe('donationOf: the sale arithmetic the dialog states and the service settles', () => {
  it('is exact in decimal and rounds down to six places', () => {
    expect(donationOf('0.3', '0.1')).toBe('0.030000'); // 0.3 × 0.1 in floats is 0.030000000000000006
    expect(donationOf('100', '0.05')).toBe('5.000000');
    expect(donationOf('1.2345679', '0.5')).toBe('0.617283'); // 0.61728395 rounded down
    expect(donationOf('123456789.123456', '0.07')).toBe('8641975.238641');
  });
});
