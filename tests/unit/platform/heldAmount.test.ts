import { describe, expect, it } from 'vitest';
import { heldAmount } from '../../../src/contract/money.ts';

/** The balance table's "on hold" column: everything not available, whatever holds it. */
describe('heldAmount', () => {
  it("is total minus available, at the service's precision, exactly", () => {
    expect(heldAmount({ total: '1000.000000', available: '1000.000000' })).toBe('0.000000');
    // a withdrawal hold, position margin and an NFT bid together
    expect(heldAmount({ total: '100000.000000', available: '98829.876543' })).toBe('1170.123457');
    expect(heldAmount({ total: '0.30000000', available: '0.10000000' })).toBe('0.20000000');
  });
});
