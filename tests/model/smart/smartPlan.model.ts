import { expect } from 'vitest';
import { smartPlanMachine, type SmartPlanEvent } from '../../../src/machines/smart/smartPlan.ts';
import { defineModel } from '../paths.ts';

/**
 * The smart plan lifecycle the server checks every status change against (server/smart): a plan
 * earns until it matures or is exited early; both ends are final, so neither happens twice.
 */
const earning = (s: { hasTag: (t: string) => boolean; status: string; can: (e: SmartPlanEvent) => boolean }) => {
  expect(s.hasTag('earning')).toBe(true);
  expect(s.status).toBe('active');
  expect(s.can({ type: 'plan.exit' })).toBe(true);
};
const ended = (s: { hasTag: (t: string) => boolean; status: string }) => {
  expect(s.hasTag('earning')).toBe(false);
  expect(s.status).toBe('done');
};

const events: SmartPlanEvent[] = [{ type: 'plan.mature' }, { type: 'plan.exit' }];

export const model = defineModel({
  name: 'smartPlan',
  machine: smartPlanMachine,
  events,
  assertions: { earning, completed: ended, exited: ended },
  provide: () => smartPlanMachine,
  expected: { states: 3, edges: 2 },
});
