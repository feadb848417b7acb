import { describe, expect, it } from 'vitest';
import { Err } from '../../../src/contract/errors.ts';
import { compareDecimal, orderProblem } from '../../../src/machines/nfts/nftOrder.ts';
import { checkModel } from '../pathRunner.ts';
import { model } from './nftOrder.model.ts';

describe('NFT bid and buy flow: generated paths', () => {
  checkModel(model);
});

describe('the order guard gives the code the service would', () => {
  const code = (kind: 'buy' | 'bid', amount: string, minimum: string | null) =>
    orderProblem({ kind, amount }, minimum)?.code ?? null;
  it('malformed 10042, buy not at the price 10132, bid below the minimum 10130', () => {
    for (const amount of ['', 'abc', '-1', '1e3', '0', '0.000', '1.1234567'])
      expect(code('bid', amount, '50'), amount).toBe(Err.AMOUNT_INVALID);
    expect(code('buy', '80', '80.000000')).toBeNull();
    expect(code('buy', '79.99', '80.000000')).toBe(Err.NFT_PRICE_MISMATCH);
    expect(code('buy', '80.01', '80.000000')).toBe(Err.NFT_PRICE_MISMATCH);
    expect(code('bid', '55.125', '55.125000')).toBeNull();
    expect(code('bid', '55.124999', '55.125000')).toBe(Err.NFT_BID_TOO_LOW);
    expect(code('bid', '1000', '55.125000')).toBeNull();
    expect(code('bid', '10', null)).toBeNull();
  });
  it('compares decimals exactly, without floats', () => {
    expect(compareDecimal('0.1', '0.10')).toBe(0);
    expect(compareDecimal('10', '9.999999')).toBe(1);
    expect(compareDecimal('007.5', '7.50')).toBe(0);
    expect(compareDecimal('123456789012345678.000001', '123456789012345678')).toBe(1);
  });
});
