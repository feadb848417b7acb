/**
 * Record statuses come from the record's lifecycle chart: the names of its top-level states are
 * the statuses, declared nowhere else. The contract's enums, the database column types, the
 * server's transition checks and the operator's filters derive from the chart with these helpers
 * (docs/wallet.md, "One source of statuses").
 */
import type { AnyStateMachine, EventFromLogic, StateValueFrom } from 'xstate';

/** The statuses of a flat lifecycle chart: its state names, as a union of string literals. */
export type StatusOf<M extends AnyStateMachine> = Extract<StateValueFrom<M>, string>;

/** The statuses of the chart, in the order it declares them (the initial state first). */
export function statusNames<M extends AnyStateMachine>(machine: M): readonly [StatusOf<M>, ...StatusOf<M>[]] {
  return Object.keys(machine.root.states) as unknown as [StatusOf<M>, ...StatusOf<M>[]];
}

/** Whether the chart lets a record in `status` take `event` (false for a status it does not have or a final one). */
export function chartAllows<M extends AnyStateMachine>(machine: M, status: string, event: EventFromLogic<M>): boolean {
  if (!(statusNames(machine) as readonly string[]).includes(status)) return false;
  const snap = machine.resolveState({ value: status, context: {} });
  return snap.status !== 'done' && snap.can(event);
}
