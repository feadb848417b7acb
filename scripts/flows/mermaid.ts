/**
 * A FlowChart as a Mermaid `stateDiagram-v2`: states first (nested blocks, `--` between parallel
 * regions, `[*]` for initial and final), then every transition labelled with its event, its guard
 * in brackets and ✓ (covered by a generated path) or ✗. Readable where the repository is browsed
 * and by the operator console, which renders the same text.
 */
import type { FlowChart, FlowState, FlowTransition } from './chart.ts';

const RESERVED = new Set([
  'state',
  'note',
  'end',
  'direction',
  'class',
  'classDef',
  'style',
  'as',
  'left',
  'right',
  'of',
  'click',
  'default',
  'root',
]);
const IDENT = /^[A-Za-z][A-Za-z0-9_]*$/;

export const COVERED = '✓';
export const UNCOVERED = '✗';

/** Text Mermaid shows as is: no statement separators, comments or entity codes. */
const safe = (text: string) =>
  text
    .replace(/[;#:%{}"<>`]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function transitionLabel(t: FlowTransition): string {
  return safe(`${t.label}${t.guard ? ` [${t.guard}]` : ''}`) + ` ${t.covered ? COVERED : UNCOVERED}`;
}

function allStates(s: FlowState): FlowState[] {
  return [s, ...s.children.flatMap(allStates)];
}

export function toMermaid(chart: FlowChart): string {
  const states = allStates(chart.root).slice(1);
  const keyCount = new Map<string, number>();
  for (const s of states) keyCount.set(s.key, (keyCount.get(s.key) ?? 0) + 1);
  // a state is named by its key where that is unambiguous, by its path otherwise
  const ids = new Map<string, string>();
  for (const s of states) {
    let id = keyCount.get(s.key) === 1 && IDENT.test(s.key) ? s.key : s.path.replace(/[^A-Za-z0-9_]/g, '_');
    if (!IDENT.test(id)) id = `s_${id}`;
    if (RESERVED.has(id)) id = `${id}_`;
    ids.set(s.path, id);
  }
  // the machine itself is drawn as a box when it is parallel or has transitions of its own
  const wrap = chart.root.type === 'parallel' || chart.transitions.some((t) => t.from === '');
  if (wrap) {
    let id = chart.id.replace(/[^A-Za-z0-9_]/g, '_');
    if (!IDENT.test(id)) id = `m_${id}`;
    while ([...ids.values()].includes(id) || RESERVED.has(id)) id = `${id}_machine`;
    ids.set('', id);
  }
  const idOf = (path: string) => ids.get(path) ?? path;
  const lines: string[] = ['stateDiagram-v2'];

  const block = (s: FlowState, depth: number) => {
    const pad = '  '.repeat(depth);
    const body = (children: FlowState[], d: number) => {
      const p = '  '.repeat(d);
      if (s.type === 'parallel') {
        children.forEach((c, i) => {
          if (i > 0) lines.push(`${p}--`);
          block(c, d);
        });
        return;
      }
      if (s.initial) lines.push(`${p}[*] --> ${idOf(s.path ? `${s.path}.${s.initial}` : s.initial)}`);
      for (const c of children) block(c, d);
      for (const c of children) if (c.type === 'final') lines.push(`${p}${idOf(c.path)} --> [*]`);
    };
    if (s.path === '' && !wrap) return body(s.children, depth);
    const id = idOf(s.path);
    if (s.children.length) {
      lines.push(`${pad}state ${id} {`);
      body(s.children, depth + 1);
      lines.push(`${pad}}`);
    } else if (id !== s.key) {
      lines.push(`${pad}state "${safe(s.key)}" as ${id}`);
    } else {
      lines.push(`${pad}${id}`);
    }
  };
  block(chart.root, 1);
  if (wrap) lines.splice(1, 0, `  [*] --> ${idOf('')}`);

  for (const t of chart.transitions) {
    const targets = t.to.length ? t.to : [t.from];
    for (const to of targets) lines.push(`  ${idOf(t.from)} --> ${idOf(to)} : ${transitionLabel(t)}`);
  }
  return lines.join('\n');
}
