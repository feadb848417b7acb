/**
 * Smart plan lifecycle: a plan earns from purchase until its last day is paid, then it is
 * completed (the principal back to available), or the user leaves early and it is exited (the
 * penalty kept, the rest of the principal back, unpaid yield back to the reserve). Both ends are
 * final. Daily payouts do not change the status. Pure definition shared by browser and server:
 * the server checks every status change here and the app asks it which actions a plan allows.
 */
import { setup } from 'xstate';
import { chartAllows, statusNames, type StatusOf } from '../platform/statuses.ts';

export type SmartPlanEvent = { type: 'plan.mature' } | { type: 'plan.exit' };

export const smartPlanMachine = setup({
  types: { events: {} as SmartPlanEvent },
}).createMachine({
  id: 'smartPlan',
  initial: 'earning',
  states: {
    earning: {
      tags: ['earning'],
      on: { 'plan.mature': 'completed', 'plan.exit': 'exited' },
    },
    completed: { type: 'final' },
    exited: { type: 'final' },
  },
});

/** A plan's status: a state of the chart above, and nothing else. */
export type SmartPlanStatus = StatusOf<typeof smartPlanMachine>;
/** Every plan status, in chart order ('earning' first). */
export const SMART_PLAN_STATUSES = statusNames(smartPlanMachine);

/** Whether the chart lets a plan in `status` take `event` (the app shows the exit button by it). */
export const planAllows = (status: string, event: SmartPlanEvent['type']): boolean =>
  chartAllows(smartPlanMachine, status, { type: event } as SmartPlanEvent);
