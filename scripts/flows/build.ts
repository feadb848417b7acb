/**
 * Everything `npm run flows` writes, computed in memory so that tests/unit/platform/flows.test.ts can
 * compare it with what is committed: every XState machine exported by src/machines/<domain>/*.ts, the
 * coverage the model tests' generated paths give it (tests/model/*.model.ts), one Markdown file
 * per machine in docs/flows, an index, and the JSON the operator console renders.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StateMachine, type AnyStateMachine } from 'xstate';
import { modelCoverage, type Model } from '../../tests/model/paths.ts';
import { chartOf, type FlowChart } from './chart.ts';
import { toMermaid } from './mermaid.ts';
import { renderIndex, renderMachine } from './markdown.ts';

export const FLOWS_DIR = 'docs/flows';
export const FLOWS_JSON = 'src/views/admin/flows.generated.json';

/** What the operator console imports: one entry per machine. */
export interface FlowEntry {
  id: string;
  source: string;
  description: string;
  models: string[];
  mermaid: string;
  transitions: { from: string; to: string[]; label: string; guard: string | null; covered: boolean }[];
}

/** The files under `dir` (its domain folders included), as paths relative to it. */
const tsFiles = (dir: string, suffix: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(suffix) && !f.endsWith('.d.ts'))
    .map((f) => f.split('\\').join('/'))
    .sort();

const isMachine = (v: unknown): v is AnyStateMachine => v instanceof StateMachine;

/** The doc comment right before `export const <name>`, or else the module's first one. */
export function describeExport(text: string, exportName: string): string {
  const comments = [...text.matchAll(/\/\*\*([\s\S]*?)\*\//g)];
  const at = text.search(new RegExp(`export\\s+const\\s+${exportName}\\b`));
  const before = comments.filter((c) => c.index + c[0].length <= at && /^\s*$/.test(text.slice(c.index + c[0].length, at)));
  const chosen = before.at(-1) ?? comments[0];
  if (!chosen) return '';
  return chosen[1]
    .split('\n')
    .map((l) => l.replace(/^\s*\*\s?/, '').trim())
    .filter(Boolean)
    .join(' ');
}

async function importModule(root: string, rel: string): Promise<Record<string, unknown>> {
  return (await import(/* @vite-ignore */ join(root, rel))) as Record<string, unknown>;
}

/** Every machine exported by src/machines, with the coverage its models give it, sorted by id. */
export async function collectCharts(root: string): Promise<FlowChart[]> {
  const found: { machine: AnyStateMachine; source: string; exportName: string; text: string }[] = [];
  const seen = new Set<unknown>();
  // a domain's door (src/machines/<domain>/index.ts) re-exports machines defined beside it: each is drawn from its own file
  for (const file of tsFiles(join(root, 'src/machines'), '.ts').filter((f) => !/(^|[\\/])index\.ts$/.test(f))) {
    const source = `src/machines/${file}`;
    const mod = await importModule(root, source);
    const text = readFileSync(join(root, source), 'utf8');
    for (const exportName of Object.keys(mod).sort()) {
      const value = mod[exportName];
      // a machine re-exported under a second name is drawn once
      if (!isMachine(value) || seen.has(value)) continue;
      seen.add(value);
      found.push({ machine: value, source, exportName, text });
    }
  }
  const covered = new Map<string, { models: string[]; keys: Set<string> }>();
  for (const file of tsFiles(join(root, 'tests/model'), '.model.ts')) {
    const rel = `tests/model/${file}`;
    const model = (await importModule(root, rel)).model as Model | undefined;
    if (!model?.cases) continue;
    for (const [id, c] of modelCoverage(model)) {
      const entry = covered.get(id) ?? { models: [], keys: new Set<string>() };
      if (!entry.models.includes(rel)) entry.models.push(rel);
      c.covered.forEach((k) => entry.keys.add(k));
      covered.set(id, entry);
    }
  }
  const ids = new Map<string, number>();
  for (const f of found) ids.set(f.machine.id, (ids.get(f.machine.id) ?? 0) + 1);
  const charts = found.map((f) => {
    const c = covered.get(f.machine.id);
    const chart = chartOf(f.machine, {
      source: f.source,
      exportName: f.exportName,
      description: describeExport(f.text, f.exportName),
      models: c?.models ?? [],
      covered: c?.keys ?? new Set(),
    });
    // two machines with one id (a factory's default) are told apart by their export
    return ids.get(f.machine.id)! > 1 ? { ...chart, id: `${chart.id}-${f.exportName}` } : chart;
  });
  return charts.sort((a, b) => a.id.localeCompare(b.id, 'en'));
}

/** Relative path → content of every generated file. */
export function renderFiles(charts: FlowChart[]): Map<string, string> {
  const files = new Map<string, string>();
  const entries: FlowEntry[] = [];
  for (const chart of charts) {
    const mermaid = toMermaid(chart);
    files.set(`${FLOWS_DIR}/${chart.id}.md`, renderMachine(chart, mermaid));
    entries.push({
      id: chart.id,
      source: chart.source,
      description: chart.description,
      models: chart.models,
      mermaid,
      transitions: chart.transitions.map(({ from, to, label, guard, covered }) => ({ from, to, label, guard, covered })),
    });
  }
  files.set(`${FLOWS_DIR}/README.md`, renderIndex(charts));
  files.set(FLOWS_JSON, `${JSON.stringify(entries, null, 1)}\n`);
  return files;
}

export async function buildFlows(root: string): Promise<Map<string, string>> {
  return renderFiles(await collectCharts(root));
}
