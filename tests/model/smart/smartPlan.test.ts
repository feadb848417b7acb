import { describe, expect, it } from 'vitest';
import { planAllows, smartPlanMachine, SMART_PLAN_STATUSES } from '../../../src/machines/smart/smartPlan.ts';
import { nextStatus } from '../../../server/platform/statusTransitions.ts';
import { Err } from '../../../src/contract/errors.ts';
import { checkModel } from '../pathRunner.ts';
import { model } from './smartPlan.model.ts';

describe('smart plan lifecycle', () => {
  checkModel(model);

  it('the statuses are the chart’s states, earning first', () => {
    expect(SMART_PLAN_STATUSES).toEqual(['earning', 'completed', 'exited']);
  });

  it('the server moves a plan only along the chart; the app offers exit only while earning', () => {
    expect(nextStatus(smartPlanMachine, 'earning', { type: 'plan.mature' })).toBe('completed');
    expect(nextStatus(smartPlanMachine, 'earning', { type: 'plan.exit' })).toBe('exited');
    for (const status of ['completed', 'exited'] as const) {
      expect(() => nextStatus(smartPlanMachine, status, { type: 'plan.exit' })).toThrow(
        expect.objectContaining({ code: Err.STATUS_TRANSITION_DENIED }),
      );
      expect(planAllows(status, 'plan.exit')).toBe(false);
    }
    expect(planAllows('earning', 'plan.exit')).toBe(true);
    expect(planAllows('nonsense', 'plan.exit')).toBe(false);
  });
});
