import type { OptionsProduct } from '../../../src/contract/trading.ts';

/** BTCUSDT as the service derives it for a crypto instrument: the product the trading fixtures order on. */
export const BTC_PRODUCT: OptionsProduct = {
  code: 'BTCUSDT',
  type: 'crypto',
  contractSize: '1',
  lotStep: '0.01',
  leverageChoices: [1, 2, 5, 10, 20],
  periodChoices: [60, 300, 900, 3600, 14400, 86400],
  feeRate: '0.0005',
  maxNotional: '1000000',
  stopOutLevel: '0.9',
  minDistance: '0.001',
  pricePrecision: 2,
  tradable: true,
  quoteRate: '1',
  maxOpenPositions: 200,
};
