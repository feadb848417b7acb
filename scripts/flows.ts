/**
 * `npm run flows`: draws every machine in src/machines (docs/flows/<machine>.md, docs/flows/README.md)
 * and writes the JSON the operator console's Flows section renders. Pages of machines that no
 * longer exist are removed. Deterministic: run it twice, get the same bytes.
 */
import { mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildFlows, FLOWS_DIR } from './flows/build.ts';

const root = process.cwd();
const files = await buildFlows(root);
let written = 0;
for (const [rel, content] of files) {
  const path = join(root, rel);
  mkdirSync(dirname(path), { recursive: true });
  let old: string | null = null;
  try {
    old = readFileSync(path, 'utf8');
  } catch {
    // a new file
  }
  if (old === content) continue;
  writeFileSync(path, content);
  written++;
  console.log(`wrote ${rel}`);
}
for (const f of readdirSync(join(root, FLOWS_DIR))) {
  const rel = `${FLOWS_DIR}/${f}`;
  if (f.endsWith('.md') && !files.has(rel)) {
    unlinkSync(join(root, rel));
    console.log(`removed ${rel}`);
  }
}
console.log(`${files.size} files, ${written} changed`);
