import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, assign, fromPromise, not, setup } from 'xstate';
import { buildFlows, describeExport, FLOWS_DIR, FLOWS_JSON } from '../../../scripts/flows/build.ts';
import { chartOf, eventLabel } from '../../../scripts/flows/chart.ts';
import { toMermaid } from '../../../scripts/flows/mermaid.ts';
import { machineTransitions, transitionKey } from '../../model/paths.ts';

/**
 * The flow diagrams (`npm run flows`): the committed docs/flows pages and the operator console's
 * JSON are what the machines and their models produce now; and the drawing shows every kind of
 * state and transition a machine can have.
 */
const root = process.cwd();

describe('generated flow diagrams are up to date', () => {
  it('docs/flows and the console JSON match the machines (run `npm run flows` after changing a machine or a model)', async () => {
    const files = await buildFlows(root);
    const stale: string[] = [];
    for (const [rel, content] of files) {
      let committed: string | null = null;
      try {
        committed = readFileSync(join(root, rel), 'utf8');
      } catch {
        // missing: stale too
      }
      if (committed !== content) stale.push(rel);
    }
    // a page whose machine is gone is stale as well
    for (const f of readdirSync(join(root, FLOWS_DIR))) if (!files.has(`${FLOWS_DIR}/${f}`)) stale.push(`${FLOWS_DIR}/${f}`);
    expect(stale, 'a machine or model changed and `npm run flows` was not run').toEqual([]);
    // one page per machine plus the index, and the JSON
    expect([...files.keys()].filter((k) => k.startsWith(`${FLOWS_DIR}/`) && !k.endsWith('README.md')).length).toBeGreaterThan(5);
    expect(files.has(FLOWS_JSON)).toBe(true);
  }, 180_000);
});

describe('drawing a machine', () => {
  const machine = setup({
    actors: { load: fromPromise(async () => 1) },
    guards: { ready: () => true, late: () => false },
    delays: { patience: 1000 },
  }).createMachine({
    id: 'sample',
    type: 'parallel',
    on: { 'sample.reset': { actions: assign({}) } },
    states: {
      work: {
        initial: 'idle',
        states: {
          idle: { always: { guard: 'ready', target: 'busy' } },
          busy: {
            invoke: { id: 'load', src: 'load', onDone: 'done', onError: { target: 'idle', guard: and(['ready', not('late')]) } },
            after: { patience: 'idle' },
          },
          done: { type: 'final' },
        },
      },
      light: {
        initial: 'off',
        states: { off: { on: { toggle: 'on' } }, on: { on: { toggle: 'off' } } },
      },
    },
  });
  const covered = new Set([transitionKey('sample.light.off', 'toggle', 0)]);
  const chart = chartOf(machine, { source: 'x.ts', exportName: 'sampleMachine', description: '', models: ['m.ts'], covered });

  it('lists every transition with its event, guard by name and targets', () => {
    expect(chart.transitions.map((t) => [t.from, t.label, t.guard, t.to.join(','), t.covered])).toEqual([
      ['', 'sample.reset', null, '', false],
      ['work.idle', 'always', 'ready', 'work.busy', false],
      ['work.busy', 'load done', null, 'work.done', false],
      ['work.busy', 'load error', 'and(ready, not(late))', 'work.idle', false],
      ['work.busy', 'after patience', null, 'work.idle', false],
      ['light.off', 'toggle', null, 'light.on', true],
      ['light.on', 'toggle', null, 'light.off', false],
    ]);
    expect(machineTransitions(machine)).toHaveLength(7);
  });

  it('draws nested and parallel states, initial and final, and marks coverage', () => {
    const text = toMermaid(chart);
    expect(text.split('\n')[0]).toBe('stateDiagram-v2');
    // a parallel machine with transitions of its own is a box; its regions are separated by --
    expect(text).toContain('state sample {');
    expect(text).toMatch(/\n\s+--\n/);
    expect(text).toContain('[*] --> idle');
    expect(text).toContain('done --> [*]');
    // two states named `on`/`off` are unique keys here, but `on` is not a reserved word either
    expect(text).toContain('off --> on : toggle ✓');
    expect(text).toContain('on --> off : toggle ✗');
    expect(text).toContain('busy --> idle : load error [and(ready, not(late))] ✗');
    expect(text).toContain('sample --> sample : sample.reset ✗');
  });

  it('names the events product owners read', () => {
    expect(eventLabel('xstate.done.actor.fetchUserInfo')).toBe('fetchUserInfo done');
    expect(eventLabel('xstate.error.actor.submit')).toBe('submit error');
    expect(eventLabel('xstate.after.offlineAfter.priceFeed.reconnecting')).toBe('after offlineAfter');
    expect(eventLabel('xstate.after.5000.codeSender.counting')).toBe('after 5000 ms');
    expect(eventLabel('')).toBe('always');
    expect(eventLabel('session.logout')).toBe('session.logout');
  });

  it("takes the doc comment of the export, else the module's first", () => {
    const text =
      '/** Module. */\nimport x;\n/**\n * The machine,\n * in two lines.\n */\nexport const fooMachine = 1;\nexport const bar = 2;';
    expect(describeExport(text, 'fooMachine')).toBe('The machine, in two lines.');
    expect(describeExport(text, 'bar')).toBe('Module.');
  });
});
