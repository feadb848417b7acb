import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/contract/constants.ts';
import { readAppTexts } from '../../../scripts/locales.ts';

/**
 * Every reason the service writes on a ledger transfer (`reason: 'domain.what'`) has a label in
 * every language, so a statement never shows a raw code: the records panel looks loan reasons up
 * under `loan.reasons` and every other one under `wallet.reasons`, with the dot as an underscore.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith('.ts') ? [p] : [];
  });
const reasons = [
  ...new Set(
    sources(path.join(root, 'server')).flatMap((f) =>
      [...fs.readFileSync(f, 'utf8').matchAll(/reason: '([a-z_]+\.[a-z_]+)'/g)].map((m) => m[1]),
    ),
  ),
].sort();

describe('ledger reasons have a label in every language', () => {
  it('finds the reasons the service writes', () => {
    expect(reasons).toContain('options.margin');
    expect(reasons.length).toBeGreaterThan(20);
  });
  for (const lng of LANGUAGES) {
    it(lng, () => {
      const app = readAppTexts(lng, root) as {
        wallet: { reasons: Record<string, string> };
        loan: { reasons: Record<string, string> };
      };
      const missing = reasons.filter((r) => {
        const table = r.startsWith('loan.') ? app.loan.reasons : app.wallet.reasons;
        return !table[r.replace('.', '_')];
      });
      expect(missing).toEqual([]);
    });
  }
});
