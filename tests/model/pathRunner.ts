/**
 * Model-based testing helper: xstate/graph walks a machine with fixture events, and every
 * generated path is replayed on a real actor, checking the state after each step and running the
 * assertion of the state it ends in. Fails when a reachable state has no assertion, or when the
 * paths leave a transition of the adjacency map uncovered.
 */
import { expect } from 'vitest';
import { createActor, SimulatedClock, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from 'xstate/graph';

export type Assertions<M extends AnyStateMachine> = Record<string, (snapshot: SnapshotFrom<M>, recorded: string[]) => void>;

export interface ModelSpec<M extends AnyStateMachine> {
  machine: M;
  input?: unknown;
  events: readonly EventObject[];
  /** key of a state (see stateKey) → what must hold there */
  assertions: Assertions<M>;
  /** supplies stub actors/actions that record what they were asked to do */
  provide: (record: (what: string) => void) => M;
  /** context that guards read, added to the graph's state identity (assertions stay keyed by value) */
  contextKey?: (snapshot: SnapshotFrom<M>) => string;
  /** all simple paths too (exponential: off for machines with many states; edge paths still cover every transition) */
  simplePaths?: boolean;
}

/** A state's key: its value, e.g. `{"auth":"loggedIn.ready","mode":"demo"}` flattened to `auth:loggedIn.ready|mode:demo`. */
export function stateKey(value: unknown): string {
  if (typeof value === 'string') return value;
  const flat = (v: unknown, prefix = ''): string[] =>
    typeof v === 'string' ? [prefix + v] : Object.entries(v as Record<string, unknown>).flatMap(([k, sub]) => flat(sub, prefix ? `${prefix}${k}.` : `${k}:`));
  return flat(value).sort().join('|');
}

const serializeEvent = (e: EventObject) => JSON.stringify(e);

export function generate<M extends AnyStateMachine>(spec: ModelSpec<M>) {
  const serializeState = (s: { value: unknown }) => stateKey(s.value) + (spec.contextKey ? ` #${spec.contextKey(s as SnapshotFrom<M>)}` : '');
  // the graph helpers are typed per machine; this runner is generic over machines, hence the casts
  const machine = spec.machine as AnyStateMachine;
  const opts = { events: spec.events, input: spec.input, serializeState, serializeEvent } as unknown as Parameters<typeof getShortestPaths<AnyStateMachine>>[1];
  type Edge = { event: EventObject; state: { value: unknown } };
  const adjacency = getAdjacencyMap(machine, opts as never) as unknown as Record<string, { state: { can: (e: EventObject) => boolean }; transitions: Record<string, Edge> }>;
  const shortest = getShortestPaths(machine, opts) as unknown as { state: { value: unknown }; steps: Edge[] }[];
  const simple = spec.simplePaths === false ? [] : (getSimplePaths(machine, opts) as unknown as typeof shortest);
  // every edge of the adjacency map: from-state + event → to-state, and a path that ends with it
  // (the shortest path to its source plus the edge), so loops are walked too
  const byTarget = new Map(shortest.map((p) => [serializeState(p.state), p]));
  const edges = new Set<string>();
  const edgePaths: { steps: { event: EventObject; state: { value: unknown } }[]; state: { value: unknown } }[] = [];
  for (const [from, v] of Object.entries(adjacency)) {
    for (const t of Object.values(v.transitions)) {
      // an event the state ignores is no edge; one that is handled (even back to itself) is
      if (!v.state.can(t.event)) continue;
      edges.add(`${from.split(' #')[0]} --${t.event.type}--> ${stateKey(t.state.value)}`);
      const to = byTarget.get(from);
      if (to) edgePaths.push({ steps: [...to.steps, { event: t.event, state: t.state }], state: t.state });
    }
  }
  return { adjacency, shortest, simple, edges, edgePaths };
}

/** Replays one path on a fresh actor (stubbed effects, a clock that never advances). */
export function replay<M extends AnyStateMachine>(spec: ModelSpec<M>, steps: readonly { event: EventObject; state: { value: unknown } }[]) {
  const recorded: string[] = [];
  const actor = createActor(spec.provide((w) => recorded.push(w)) as AnyStateMachine, { input: spec.input, clock: new SimulatedClock() });
  actor.start();
  const covered: string[] = [];
  for (const step of steps) {
    if (step.event.type === 'xstate.init') continue;
    const prev = actor.getSnapshot() as { value: unknown; can: (e: EventObject) => boolean };
    const before = stateKey(prev.value);
    const handled = prev.can(step.event);
    actor.send(step.event);
    const after = stateKey((actor.getSnapshot() as { value: unknown }).value);
    expect(after, `after ${step.event.type} from ${before}`).toBe(stateKey(step.state.value));
    if (handled) covered.push(`${before} --${step.event.type}--> ${after}`);
  }
  const snapshot = actor.getSnapshot() as SnapshotFrom<M>;
  const key = stateKey((snapshot as { value: unknown }).value);
  const assertion = spec.assertions[key];
  if (!assertion) throw new Error(`no assertion for reachable state "${key}"`);
  assertion(snapshot, recorded);
  actor.stop();
  return covered;
}

/** Generates, replays every simple path, and checks coverage of the adjacency map. */
export function checkModel<M extends AnyStateMachine>(spec: ModelSpec<M>) {
  const { shortest, simple, edges, edgePaths } = generate(spec);
  const covered = new Set<string>();
  const states = new Set<string>();
  for (const path of [...shortest, ...simple, ...edgePaths]) {
    for (const c of replay(spec, path.steps)) covered.add(c);
    states.add(stateKey(path.state.value));
  }
  // self-loops that change only context are edges too; all must be walked
  const missing = [...edges].filter((e) => !covered.has(e));
  expect(missing, 'transitions of the adjacency map not covered by any path').toEqual([]);
  // every assertion must name a reachable state (no stale assertions)
  expect(Object.keys(spec.assertions).filter((k) => !states.has(k))).toEqual([]);
  return { paths: shortest.length + simple.length + edgePaths.length, edges: edges.size, states: states.size };
}
