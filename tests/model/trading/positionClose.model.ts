import { Err } from '../../../src/contract/errors.ts';
import type { OptionsPosition } from '../../../src/contract/trading.ts';
import { positionCloseMachine, type CloseDraft } from '../../../src/machines/trading/positionClose.ts';
import { refused } from '../../../src/machines/platform/refusal.ts';
import { defineModel } from '../paths.ts';
import { submissionCase } from '../submissionModel.ts';

/**
 * Closing a position by hand: the shared submission chart with its confirmation step. The
 * generated paths submit an open position (the dialog opens, nothing is sent), confirm it (sent
 * once), go back from the dialog, and submit a position that closed meanwhile (refused before
 * anything is sent, as the service would: 10065); the table may close another afterwards.
 */
export const closeDraft: CloseDraft = {
  book: 'demo',
  position: {
    id: '9',
    orderNo: 'OP20261123000009',
    status: 'open',
    book: 'demo',
    code: 'BTCUSDT',
    direction: 'up',
    lots: '0.1',
    leverage: 10,
    margin: '670.000000',
    openPrice: '67000.00',
    net: '-6.700000',
    terms: { contractSize: '1', feeRate: '0.0005', quoteRate: '1', stopOutLevel: '0.9', pricePrecision: 2 },
  },
  tradable: true,
};
const closed = { ...closeDraft.position, status: 'closed', closeReason: 'manual' } as OptionsPosition;

const closeCase = submissionCase({
  id: 'positionClose',
  machine: positionCloseMachine,
  good: closeDraft,
  refused: {
    values: { ...closeDraft, position: { ...closeDraft.position, status: 'closed' } },
    refusal: refused(Err.POSITION_CLOSED),
  },
  output: closed,
  serviceError: { code: Err.NOT_TRADABLE, message: 'Currently not available for trading' },
  again: true,
  confirm: true,
});

export const model = defineModel(closeCase);
