import { expect } from 'vitest';
import {
  CLOSE_EVENT,
  CLOSE_REASONS,
  optionsOrderMachine,
  type OptionsOrderEvent,
} from '../../../src/machines/trading/optionsOrder.ts';
import { defineModel } from '../paths.ts';

/**
 * The options order lifecycle the server checks every status change against
 * (server/trading/settlement.ts): an open position is live; each of the five reasons closes it,
 * and a closed position is final, so nothing moves it again (a second trigger or close finds no
 * transition).
 */
const events: OptionsOrderEvent[] = CLOSE_REASONS.map((r) => CLOSE_EVENT[r]);

export const model = defineModel({
  machine: optionsOrderMachine,
  events,
  assertions: {
    open: (s) => {
      expect(s.hasTag('live')).toBe(true);
      expect(s.status).toBe('active');
    },
    closed: (s) => {
      expect(s.hasTag('live')).toBe(false);
      expect(s.status).toBe('done');
      for (const e of events) expect(s.can(e)).toBe(false);
    },
  },
  provide: () => optionsOrderMachine,
  expected: { states: 2, edges: 5 },
});
