/**
 * `npm run domains`: writes docs/domains.md, the domain table generated from server/domains.ts and
 * the folders on disk (scripts/domains/build.ts). Deterministic: run it twice, get the same bytes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDomainsDoc, DOMAINS_DOC } from './domains/build.ts';

const root = process.cwd();
const content = buildDomainsDoc(root);
let old: string | null = null;
try {
  old = readFileSync(join(root, DOMAINS_DOC), 'utf8');
} catch {
  // a new file
}
if (old === content) console.log(`${DOMAINS_DOC} unchanged`);
else {
  writeFileSync(join(root, DOMAINS_DOC), content);
  console.log(`wrote ${DOMAINS_DOC}`);
}
// the server's modules keep handles open (the bus, timers of the engines' modules): the script is done
process.exit(0);
