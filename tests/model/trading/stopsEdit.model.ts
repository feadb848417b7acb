import { Err } from '../../../src/contract/errors.ts';
import type { OptionsPosition } from '../../../src/contract/trading.ts';
import { refused } from '../../../src/machines/platform/refusal.ts';
import { stopsEditMachine, type StopsDraft } from '../../../src/machines/trading/stopsEdit.ts';
import { defineModel } from '../paths.ts';
import { submissionCase } from '../submissionModel.ts';

/**
 * Changing a position's stops: the shared submission chart with levels its guard accepts and
 * levels it refuses (a stop-loss above the price of an up position), repeatable after a success.
 * BTC up, 0.1 lot at 10×, opened at 67,000.00 (stop-out 60,970.00), now at 67,500.00.
 */
export const draft: StopsDraft = {
  id: '9',
  stopLoss: '66000',
  takeProfit: '69000',
  terms: {
    direction: 'up',
    lots: '0.1',
    leverage: 10,
    openPrice: '67000.00',
    contractSize: '1',
    feeRate: '0.0005',
    quoteRate: '1',
    stopOutLevel: '0.9',
    pricePrecision: 2,
  },
  stopOut: '60970.00',
  minDistance: '0.001',
  price: '67500.00',
};
const saved = {
  id: '9',
  orderNo: 'OP1',
  code: 'BTCUSDT',
  status: 'open',
  stopLoss: '66000.00',
  takeProfit: '69000.00',
} as OptionsPosition;

const editCase = submissionCase({
  id: 'stopsEdit',
  machine: stopsEditMachine,
  good: draft,
  refused: { values: { ...draft, stopLoss: '67600' }, refusal: refused(Err.STOP_LOSS_UNREASONABLE, { price: '67500.00' }) },
  output: saved,
  serviceError: { code: Err.POSITION_CLOSED, message: 'This position is already closed' },
  again: true,
});

export const model = defineModel(editCase);
