/**
 * Issue 28 defect 6: a refusal found before sending names the bound or the reason. A smart plan
 * below its minimum names the plan's bounds (not "not valid"); an NFT bid above the available
 * balance is refused before the confirmation, with both numbers; and the catalogue's 10011 no
 * longer speaks of buying, since loans and withdrawals show it too.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/contract/constants.ts';
import { smartBuyRefusal } from '../../../src/machines/smart/smartBuy.ts';
import { orderProblem } from '../../../src/machines/nfts/nftOrder.ts';
import type { SmartProduct } from '../../../src/contract/smart.ts';
import { readFileSync } from 'node:fs';
import { readAppTexts } from '../../../scripts/locales.ts';

const product = {
  id: 'p1',
  enabled: true,
  minAmount: '100',
  maxAmount: '5000',
  terms: [{ days: 30, available: true, coveredAmount: '100000' }],
} as unknown as SmartProduct;

describe('refusals that say why', () => {
  it('a plan below its minimum names the minimum and the maximum', () => {
    const r = smartBuyRefusal({ productId: 'p1', days: 30, amount: '50', product, available: '1000' } as Parameters<
      typeof smartBuyRefusal
    >[0]);
    expect(r).toMatchObject({ code: 10013, key: 'app:smart.amountOutOfRange', params: { min: '100', max: '5000' } });
  });

  it('a bid above the available balance is refused before the dialog, naming both amounts', () => {
    expect(orderProblem({ kind: 'bid', amount: '600' }, '55', '500')).toMatchObject({
      code: 10011,
      key: 'app:nfts.bidAboveAvailable',
      params: { amount: '600 USDT', available: '500 USDT' },
    });
    expect(orderProblem({ kind: 'bid', amount: '400' }, '55', '500')).toBeNull();
    // the minimum still comes first
    expect(orderProblem({ kind: 'bid', amount: '50' }, '55', '10')?.code).toBe(10130);
  });

  it.each(LANGUAGES)('%s: the texts exist and name their numbers; 10011 does not say "before buying"', (lng) => {
    const app = readAppTexts(lng) as Record<string, Record<string, string>>;
    const errors = JSON.parse(readFileSync(`src/locales/${lng}/errors.json`, 'utf8')) as Record<string, string>;
    expect(app.smart.amountOutOfRange).toMatch(/\{\{min\}\}.*\{\{max\}\}/);
    expect(app.nfts.bidAboveAvailable).toContain('{{available}}');
    expect(app.nfts.bidPlaced.length).toBeGreaterThan(1);
    expect(app.loan.collateralShort).toMatch(/\{\{need\}\}.*\{\{have\}\}/);
    expect(errors['10011']).not.toMatch(
      /before buying|avant d'acheter|bevor Sie kaufen|antes de comprar|prima di acquistare|購入する前|구매 전|قبل الشراء|再購買|后再购买/,
    );
  });
});
