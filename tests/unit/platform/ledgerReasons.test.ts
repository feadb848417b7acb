import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/contract/constants.ts';
import { readAppTexts } from '../../../scripts/locales.ts';
import { NAMED_REASONS, STATEMENT_EVENT_KINDS } from '../../../src/contract/statementEvents.ts';
import { DOMAINS, LEDGER_REASONS } from '../../../server/domains.ts';
import { collisions, type DomainManifest } from '../../../server/platform/domain.ts';

/**
 * Ledger reasons are a closed union (server/platform/ledger/reasons.ts): each domain declares its
 * own in its manifest (`ledgerReasons`), and that list is the type, so a misspelt reason does not
 * compile. This checks what the compiler cannot: that the declared lists are the reasons the code
 * writes (none undeclared, none stale), that no two domains declare one, and that each has a label
 * in every language, so a statement never shows a raw code: the records panel looks loan reasons
 * up under `loan.reasons` and every other one under `wallet.reasons`, with the dot as an underscore.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith('.ts') && e.name !== 'manifest.ts' ? [p] : [];
  });
const code = sources(path.join(root, 'server')).map((f) => ({ file: path.relative(root, f), text: fs.readFileSync(f, 'utf8') }));
/** The reasons written as a transfer's field (`reason: 'domain.what'`). */
const written = [...new Set(code.flatMap((f) => [...f.text.matchAll(/reason: '([a-z_]+\.[a-z_]+)'/g)].map((m) => m[1])))].sort();

describe('ledger reasons', () => {
  it('finds the reasons the service writes', () => {
    expect(written).toContain('options.margin');
    expect(written.length).toBeGreaterThan(20);
  });

  it('declares, in a manifest, every reason the code writes on a transfer', () => {
    expect(written.filter((r) => !LEDGER_REASONS.includes(r as never))).toEqual([]);
  });

  it('declares no reason the code never writes (each appears as a literal in the database-facing code)', () => {
    const stale = LEDGER_REASONS.filter((r) => !code.some((f) => f.text.includes(`'${r}'`)));
    expect(stale).toEqual([]);
  });

  it('has each reason declared by one domain only', () => {
    const domains: readonly DomainManifest[] = DOMAINS;
    expect(collisions(domains).ledgerReason).toEqual([]);
  });

  it('names an event kind for every reason a user account can see (src/contract/statementEvents.ts)', () => {
    // the smart plans' reserve and the charity's payouts move between platform accounts only: no customer's statement shows them
    const platformOnly = [
      'smart.yield_committed',
      'smart.yield_released',
      'smart.reserve_funded',
      'smart.reserve_withdrawn',
      'charity.payout',
    ];
    const unnamed = LEDGER_REASONS.filter((r) => !NAMED_REASONS.includes(r) && !platformOnly.includes(r));
    expect(unnamed).toEqual([]);
  });

  for (const lng of LANGUAGES) {
    it(`${lng}: has a label for every event kind`, () => {
      const app = readAppTexts(lng, root) as { wallet: { records: Record<string, string> } };
      expect(STATEMENT_EVENT_KINDS.filter((k) => !app.wallet.records[k])).toEqual([]);
    });

    it(`${lng}: has a label for every declared reason`, () => {
      const app = readAppTexts(lng, root) as {
        wallet: { reasons: Record<string, string> };
        loan: { reasons: Record<string, string> };
      };
      const missing = LEDGER_REASONS.filter((r) => {
        const table = r.startsWith('loan.') ? app.loan.reasons : app.wallet.reasons;
        return !table[r.replace('.', '_')];
      });
      expect(missing).toEqual([]);
    });
  }
});
