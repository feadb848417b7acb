import { describe, expect, it } from 'vitest';
import {
  CLOSE_EVENT,
  CLOSE_REASONS,
  OPTIONS_ORDER_STATUSES,
  optionsOrderMachine,
} from '../../../src/machines/trading/optionsOrder.ts';
import { nextStatus } from '../../../server/platform/statusTransitions.ts';
import { Err } from '../../../src/contract/errors.ts';
import { checkModel } from '../pathRunner.ts';
import { model } from './optionsOrder.model.ts';

describe('options order lifecycle', () => {
  checkModel(model);

  it('the statuses are the chart’s states, open first', () => {
    expect(OPTIONS_ORDER_STATUSES).toEqual(['open', 'closed']);
  });

  it('every close reason closes an open position once; a closed one refuses with STATUS_TRANSITION_DENIED', () => {
    for (const reason of CLOSE_REASONS) {
      expect(nextStatus(optionsOrderMachine, 'open', CLOSE_EVENT[reason])).toBe('closed');
      expect(() => nextStatus(optionsOrderMachine, 'closed', CLOSE_EVENT[reason])).toThrow(
        expect.objectContaining({ code: Err.STATUS_TRANSITION_DENIED }),
      );
    }
  });
});
