import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDomainsDoc, DOMAINS_DOC, summaryOf } from '../../../scripts/domains/build.ts';
import { DOMAINS } from '../../../server/domains.ts';

/** The domain table (`npm run domains`, docs/domains.md) is what server/domains.ts and the folders give now. */
const root = process.cwd();

describe('the generated domain table', () => {
  it('docs/domains.md matches the manifests and the folders (run `npm run domains` after changing either)', () => {
    const committed = readFileSync(join(root, DOMAINS_DOC), 'utf8');
    expect(committed === buildDomainsDoc(root), 'a manifest or a folder changed and `npm run domains` was not run').toBe(true);
  });

  it('has a row and a section for every domain, with its one line', () => {
    const doc = buildDomainsDoc(root);
    for (const d of DOMAINS) {
      expect(doc).toContain(`| \`${d.name}\` |`);
      expect(doc).toContain(`### ${d.name}\n`);
      expect(summaryOf(readFileSync(join(root, 'server', d.name, 'manifest.ts'), 'utf8')), d.name).not.toBe('');
    }
  });

  it('takes the first sentence of the comment above the manifest', () => {
    expect(summaryOf('/**\n * Loans: review, interest.\n * More here.\n */\nexport default {}')).toBe('Loans: review, interest.');
    expect(summaryOf('/** Pages (docs/content.md); public. */\nexport default {}')).toBe('Pages (docs/content.md); public.');
  });
});
