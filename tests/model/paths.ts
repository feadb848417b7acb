/**
 * Model-based path generation, free of any test runner so that `npm run flows` can use it too.
 *
 * A model (`tests/model/<name>.model.ts` exports `model = defineModel(...)`) names a machine from
 * src/machines, the events to try, stub effects that record what they were asked to do, and what
 * must hold in every reachable state. xstate/graph walks the machine; every generated path is
 * replayed on a real actor. `replay` throws plain Errors; tests/model/pathRunner.ts turns the
 * results into vitest expectations, scripts/flows uses `modelCoverage` to mark transitions covered.
 */
import { createActor, SimulatedClock, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from 'xstate/graph';

export type Assertions<M extends AnyStateMachine> = Record<string, (snapshot: SnapshotFrom<M>, recorded: string[]) => void>;

export interface ModelSpec<M extends AnyStateMachine> {
  /** names this case in test titles when a model has several (inputs, stubs or machines) */
  name?: string;
  /** the machine as defined in src/machines; identifies the diagram its coverage belongs to */
  machine: M;
  input?: unknown;
  events: readonly EventObject[];
  /** key of a state (see stateKey) → what must hold there */
  assertions: Assertions<M>;
  /** supplies stub actors/actions/guards that record what they were asked to do */
  provide: (record: (what: string) => void) => M;
  /** context that guards read, added to the graph's state identity (assertions stay keyed by value) */
  contextKey?: (snapshot: SnapshotFrom<M>) => string;
  /** all simple paths too (exponential: off for machines with many states; edge paths still cover every transition) */
  simplePaths?: boolean;
  /** sizes the walk must reach, so a machine that shrinks by accident is noticed */
  expected?: { states?: number; edges?: number; minPaths?: number };
}

/** What a `*.model.ts` file exports: one or more cases, each a machine walked under one setup. */
export interface Model {
  cases: readonly ModelSpec<AnyStateMachine>[];
}

export function defineModel<M extends AnyStateMachine>(...cases: ModelSpec<M>[]): Model {
  // the cases are typed per machine where they are written; runners treat them generically
  return { cases: cases as unknown as ModelSpec<AnyStateMachine>[] };
}

/** A state's key: its value, e.g. `{"auth":"loggedIn.ready","mode":"demo"}` flattened to `auth:loggedIn.ready|mode:demo`. */
export function stateKey(value: unknown): string {
  if (typeof value === 'string') return value;
  const flat = (v: unknown, prefix = ''): string[] =>
    typeof v === 'string'
      ? [prefix + v]
      : Object.entries(v as Record<string, unknown>).flatMap(([k, sub]) => flat(sub, prefix ? `${prefix}${k}.` : `${k}:`));
  return flat(value).sort().join('|');
}

export type Step = { event: EventObject; state: { value: unknown } };
export type Path = { steps: Step[]; state: { value: unknown } };

const serializeEvent = (e: EventObject) => JSON.stringify(e);

/** Walks the machine (with its stubs) and returns the graph edges and every path to replay. */
export function generate<M extends AnyStateMachine>(spec: ModelSpec<M>) {
  const serializeState = (s: { value: unknown }) =>
    stateKey(s.value) + (spec.contextKey ? ` #${spec.contextKey(s as SnapshotFrom<M>)}` : '');
  // the graph helpers are typed per machine; this module is generic over machines, hence the casts
  const machine = spec.provide(() => {}) as AnyStateMachine;
  const opts = { events: spec.events, input: spec.input, serializeState, serializeEvent } as unknown as Parameters<
    typeof getShortestPaths<AnyStateMachine>
  >[1];
  const adjacency = getAdjacencyMap(machine, opts as never) as unknown as Record<
    string,
    { state: { can: (e: EventObject) => boolean }; transitions: Record<string, Step> }
  >;
  const shortest = getShortestPaths(machine, opts) as unknown as Path[];
  const simple = spec.simplePaths === false ? [] : (getSimplePaths(machine, opts) as unknown as Path[]);
  // every edge of the adjacency map: from-state + event → to-state, and a path that ends with it
  // (the shortest path to its source plus the edge), so loops are walked too
  const byTarget = new Map(shortest.map((p) => [serializeState(p.state), p]));
  const edges = new Set<string>();
  const edgePaths: Path[] = [];
  for (const [from, v] of Object.entries(adjacency)) {
    for (const t of Object.values(v.transitions)) {
      // an event the state ignores is no edge; one that is handled (even back to itself) is
      if (!v.state.can(t.event)) continue;
      edges.add(`${from.split(' #')[0]} --${t.event.type}--> ${stateKey(t.state.value)}`);
      const to = byTarget.get(from);
      if (to) edgePaths.push({ steps: [...to.steps, { event: t.event, state: t.state }], state: t.state });
    }
  }
  return { adjacency, shortest, simple, edges, edgePaths, paths: [...shortest, ...simple, ...edgePaths] };
}

/**
 * A transition of a machine definition: the state node it leaves, the event (`''` for `always`)
 * and its position among that node's candidates for the event, which tells guarded alternatives apart.
 */
export interface TransitionDef {
  key: string;
  source: string;
  event: string;
  index: number;
  guard: string | null;
  targets: string[];
}

type NodeLike = {
  id: string;
  states: Record<string, NodeLike>;
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
};
type TransitionLike = { source: { id: string }; eventType: string; guard?: unknown; target?: { id: string }[] | undefined };

export const transitionKey = (source: string, event: string, index: number) => `${source}|${event}|${index}`;

/** A guard's name: its string, its `type`, a combinator's name with its parts, or 'inline'. */
export function guardName(guard: unknown): string | null {
  if (guard == null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string')
    return (guard as { type: string }).type;
  if (typeof guard === 'function') {
    // and()/or()/not() combinators are functions named after themselves that carry their parts
    const g = guard as { guards?: unknown[]; name?: string };
    if (Array.isArray(g.guards)) return `${g.name}(${g.guards.map(guardName).join(', ')})`;
    return g.name && g.name !== 'guard' ? g.name : 'inline';
  }
  return 'inline';
}

/** Every transition of a machine definition, in document order (state nodes depth-first). */
export function machineTransitions(machine: AnyStateMachine): TransitionDef[] {
  const out: TransitionDef[] = [];
  const visit = (node: NodeLike) => {
    const lists: [string, TransitionLike[]][] = [...node.transitions.entries()];
    if (node.always?.length) lists.push(['', node.always]);
    for (const [event, list] of lists) {
      list.forEach((t, index) => {
        out.push({
          key: transitionKey(node.id, event, index),
          source: node.id,
          event,
          index,
          guard: guardName(t.guard),
          targets: (t.target ?? []).map((x) => x.id),
        });
      });
    }
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root as unknown as NodeLike);
  return out;
}

/** The definition key of a transition an actor took (from its `@xstate.microstep` inspection event). */
function takenKey(t: TransitionLike): string {
  const node = t.source as unknown as NodeLike;
  const list = t.eventType === '' ? (node.always ?? []) : (node.transitions.get(t.eventType) ?? []);
  return transitionKey(node.id, t.eventType, list.indexOf(t));
}

export interface Replayed {
  /** graph edges walked: `from --event--> to` with state keys */
  covered: string[];
  /** definition transitions taken (TransitionDef keys) */
  taken: Set<string>;
}

/**
 * Replays one path on a fresh actor (stubbed effects, a clock that never advances), checks the
 * state after each step and, unless `assert` is false, runs the assertion of the state it ends in.
 */
export function replay<M extends AnyStateMachine>(spec: ModelSpec<M>, steps: readonly Step[], assert = true): Replayed {
  const recorded: string[] = [];
  const taken = new Set<string>();
  // the root actor's microsteps only (not its children's); `always` transitions taken on start count too
  const inspect = (ev: { type: string; rootId: string; actorRef: { sessionId: string }; _transitions?: TransitionLike[] }) => {
    if (ev.type === '@xstate.microstep' && ev.actorRef.sessionId === ev.rootId)
      for (const t of ev._transitions ?? []) taken.add(takenKey(t));
  };
  const actor = createActor(spec.provide((w) => recorded.push(w)) as AnyStateMachine, {
    input: spec.input,
    clock: new SimulatedClock(),
    inspect: inspect as never,
  });
  actor.start();
  const covered: string[] = [];
  try {
    for (const step of steps) {
      if (step.event.type === 'xstate.init') continue;
      const prev = actor.getSnapshot() as { value: unknown; can: (e: EventObject) => boolean };
      const before = stateKey(prev.value);
      const handled = prev.can(step.event);
      actor.send(step.event);
      const after = stateKey((actor.getSnapshot() as { value: unknown }).value);
      const expected = stateKey(step.state.value);
      if (after !== expected)
        throw new Error(`after ${step.event.type} from ${before}: expected state "${expected}", the actor is in "${after}"`);
      if (handled) covered.push(`${before} --${step.event.type}--> ${after}`);
    }
    if (assert) {
      const snapshot = actor.getSnapshot() as SnapshotFrom<M>;
      const key = stateKey((snapshot as { value: unknown }).value);
      const assertion = spec.assertions[key];
      if (!assertion) throw new Error(`no assertion for reachable state "${key}"`);
      assertion(snapshot, recorded);
    }
  } finally {
    actor.stop();
  }
  return { covered, taken };
}

/**
 * The definition transitions the model's generated paths take, per machine id, next to the full
 * transition list of each machine. A path that fails to replay covers nothing (its test fails).
 */
export function modelCoverage(
  model: Model,
): Map<string, { machine: AnyStateMachine; all: TransitionDef[]; covered: Set<string> }> {
  const out = new Map<string, { machine: AnyStateMachine; all: TransitionDef[]; covered: Set<string> }>();
  for (const spec of model.cases) {
    const id = spec.machine.id;
    const entry = out.get(id) ?? { machine: spec.machine, all: machineTransitions(spec.machine), covered: new Set<string>() };
    out.set(id, entry);
    for (const path of generate(spec).paths) {
      try {
        for (const k of replay(spec, path.steps, false).taken) entry.covered.add(k);
      } catch {
        // a path that no longer replays proves nothing
      }
    }
  }
  return out;
}
