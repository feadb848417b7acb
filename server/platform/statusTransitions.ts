/**
 * A record's status may change only along a transition of its statechart in src/machines
 * (docs/design.md, principle 4): the next status is computed by the machine itself, and typed by it.
 */
import { getNextSnapshot, type AnyMachineSnapshot, type AnyStateMachine, type EventFromLogic } from 'xstate';
import type { StatusOf } from '../../src/machines/platform/statuses.ts';
import { Err } from '../../src/contract/errors.ts';
import { BizError } from './http/errors.ts';

/** Returns the status the machine moves to on `event`, or throws 10044 when it has no such transition. */
export function nextStatus<M extends AnyStateMachine>(machine: M, status: StatusOf<M>, event: EventFromLogic<M>): StatusOf<M> {
  const denied = () => new BizError(Err.STATUS_TRANSITION_DENIED, { from: status, event: event.type });
  let current: AnyMachineSnapshot;
  try {
    current = machine.resolveState({ value: status, context: {} }) as AnyMachineSnapshot;
  } catch {
    throw denied();
  }
  if (current.status === 'done' || !current.can(event)) throw denied();
  const next = getNextSnapshot(machine, current as never, event) as AnyMachineSnapshot;
  const value = typeof next.value === 'string' ? next.value : JSON.stringify(next.value);
  if (value === status) throw denied();
  return value as StatusOf<M>;
}
