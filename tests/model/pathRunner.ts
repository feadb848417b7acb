/**
 * Runs a model (tests/model/<name>.model.ts) under vitest: one test per case. Every generated path
 * is replayed on a real actor (tests/model/paths.ts) and must end in a state whose assertion holds;
 * the paths must walk every transition of the adjacency map, and every assertion must name a
 * reachable state (no stale assertions).
 */
import { expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { generate, replay, stateKey, type Model, type ModelSpec } from './paths.ts';

export { defineModel, stateKey, type Assertions, type Model, type ModelSpec } from './paths.ts';

/** Generates, replays every path and checks coverage of the adjacency map for one case. */
export function checkCase<M extends AnyStateMachine>(spec: ModelSpec<M>) {
  const { paths, edges } = generate(spec);
  const covered = new Set<string>();
  const states = new Set<string>();
  for (const path of paths) {
    for (const c of replay(spec, path.steps).covered) covered.add(c);
    states.add(stateKey(path.state.value));
  }
  // self-loops that change only context are edges too; all must be walked
  const missing = [...edges].filter((e) => !covered.has(e));
  expect(missing, 'transitions of the adjacency map not covered by any path').toEqual([]);
  expect(
    Object.keys(spec.assertions).filter((k) => !states.has(k)),
    'assertions for states no path reaches',
  ).toEqual([]);
  const result = { paths: paths.length, edges: edges.size, states: states.size };
  if (spec.expected?.states !== undefined) expect(result.states, 'reachable states').toBe(spec.expected.states);
  if (spec.expected?.edges !== undefined) expect(result.edges, 'graph edges').toBe(spec.expected.edges);
  if (spec.expected?.minPaths !== undefined)
    expect(result.paths, 'generated paths').toBeGreaterThanOrEqual(spec.expected.minPaths);
  return result;
}

/** Declares one test per case of the model: `<machine id>[ (case name)]: generated paths cover every transition`. */
export function checkModel(model: Model) {
  for (const spec of model.cases) {
    const title = `${spec.machine.id}${spec.name ? ` (${spec.name})` : ''}: generated paths cover every transition`;
    it(title, () => {
      checkCase(spec);
    });
  }
}
