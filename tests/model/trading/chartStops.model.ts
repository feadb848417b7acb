import { Err } from '../../../src/contract/errors.ts';
import type { OptionsPosition } from '../../../src/contract/trading.ts';
import { chartStopMachine } from '../../../src/machines/trading/chartStops.ts';
import { refused } from '../../../src/machines/platform/refusal.ts';
import { defineModel } from '../paths.ts';
import { submissionCase } from '../submissionModel.ts';
import { draft } from './stopsEdit.model.ts';

/**
 * A stop moved on the chart: the stops editor's draft and rules behind a confirmation. A
 * stop-loss dragged above the price of an up position is refused before anything is sent.
 */
const saved = {
  id: '9',
  orderNo: 'OP1',
  code: 'BTCUSDT',
  status: 'open',
  stopLoss: '66500.00',
  takeProfit: '69000.00',
} as OptionsPosition;

const chartCase = submissionCase({
  id: 'chartStop',
  machine: chartStopMachine,
  good: { ...draft, stopLoss: '66500.00' },
  refused: { values: { ...draft, stopLoss: '67600.00' }, refusal: refused(Err.STOP_LOSS_UNREASONABLE, { price: '67500.00' }) },
  output: saved,
  serviceError: { code: Err.POSITION_CLOSED, message: 'This position is already closed' },
  again: true,
  confirm: true,
});

export const model = defineModel(chartCase);
