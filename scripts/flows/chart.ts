/**
 * A machine definition as data for diagrams: its states (nested and parallel, initial, final) and
 * every transition (event, guard by name, invoked actors' done/error, `always`, delayed), each
 * marked covered or not by the transitions the model tests' generated paths take.
 */
import type { AnyStateMachine } from 'xstate';
import { machineTransitions } from '../../tests/model/paths.ts';

export interface FlowState {
  /** dotted path from the machine root ('' for the root) */
  path: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** key of the initial child (compound states) */
  initial: string | null;
  tags: string[];
  /** actors invoked while in this state */
  invokes: string[];
  children: FlowState[];
}

export interface FlowTransition {
  /** dotted state path it leaves ('' = the machine itself, whatever state it is in) */
  from: string;
  /** dotted state paths it enters; empty: it stays where it is (actions only) */
  to: string[];
  /** the event type as sent ('' for `always`) */
  event: string;
  /** how product owners read it: `session.logout`, `fetchUserInfo done`, `after offlineAfter`, `always` */
  label: string;
  guard: string | null;
  covered: boolean;
}

export interface FlowChart {
  id: string;
  /** file and export name that define it */
  source: string;
  exportName: string;
  /** the doc comment of the machine's module, as written */
  description: string;
  /** the model files whose generated paths mark coverage (none: nothing is covered) */
  models: string[];
  root: FlowState;
  transitions: FlowTransition[];
}

type NodeLike = {
  id: string;
  key: string;
  path: string[];
  type: FlowState['type'];
  config: { initial?: unknown };
  initial?: { target: { key: string }[] };
  tags: string[];
  invoke: { id: string; src: unknown }[];
  states: Record<string, NodeLike>;
};

function stateOf(node: NodeLike): FlowState {
  const initial = node.type === 'compound' ? (node.initial?.target[0]?.key ?? null) : null;
  return {
    path: node.path.join('.'),
    key: node.key,
    type: node.type,
    initial,
    tags: [...node.tags].sort(),
    invokes: node.invoke.map((i) => i.id),
    children: Object.values(node.states).map(stateOf),
  };
}

/** `xstate.done.actor.fetchUserInfo` → `fetchUserInfo done`, and the like. */
export function eventLabel(event: string): string {
  if (event === '') return 'always';
  const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event);
  if (m) return `${m[2]} ${m[1]}`;
  if (event.startsWith('xstate.done.state.')) return 'done';
  const after = /^xstate\.after\.(.+?)\.[^.]+(?:\..+)?$/.exec(event);
  if (after) return /^\d+$/.test(after[1]) ? `after ${after[1]} ms` : `after ${after[1]}`;
  const snap = /^xstate\.snapshot\.(.+)$/.exec(event);
  if (snap) return `${snap[1]} snapshot`;
  return event;
}

export function chartOf(
  machine: AnyStateMachine,
  where: { source: string; exportName: string; description: string; models: string[]; covered: ReadonlySet<string> },
): FlowChart {
  const byId = new Map<string, NodeLike>();
  const index = (n: NodeLike) => {
    byId.set(n.id, n);
    Object.values(n.states).forEach(index);
  };
  index(machine.root as unknown as NodeLike);
  const pathOf = (id: string) => byId.get(id)?.path.join('.') ?? id;
  const transitions = machineTransitions(machine).map((t) => ({
    from: pathOf(t.source),
    to: t.targets.map(pathOf),
    event: t.event,
    label: eventLabel(t.event),
    guard: t.guard,
    covered: where.covered.has(t.key),
  }));
  const { source, exportName, description, models } = where;
  return {
    id: machine.id,
    source,
    exportName,
    description,
    models,
    root: stateOf(machine.root as unknown as NodeLike),
    transitions,
  };
}
