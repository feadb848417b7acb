/**
 * Every write of the tables a user's kept reads come from names its user (server/platform/db/userWrites.ts,
 * server/platform/userReads.ts): in each server file, at least as many `userWritten(` /
 * `userWrite(` calls as statements that insert, update or delete rows of those tables. A new
 * write path without them fails here; the server tests' comparison of every kept read with the
 * database (userReadsVerify) catches one that names the wrong user.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The tables whose rows getUserInfo, the positions page and the deposits page are made of. */
const TABLES = ['users', 'optionsOrders', 'deposits', 'ledgerAccounts'];

/** Writes that change nothing a kept read shows, each with why. */
const NOT_SHOWN: Record<string, string> = {
  // a new user has no kept reads yet; every later change of the row is an update
  'insert(users)': 'a new user',
  // a user's account is created by transfer(), its one caller, which names the user
  'server/platform/ledger/ledger.ts insert(ledgerAccounts)': 'named by the transfer',
  // the platform's own reserve row, no user's
  'server/smart/reserve.ts insert(ledgerAccounts)': 'platform account',
  // where a proof image is stored: no read shows it (the deposit view links by id)
  'server/wallet/legacyFiles.ts update(deposits)': 'proof file key',
};

function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : serverFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

describe('writes name their users', () => {
  it('in each server file, a naming per write of users, options orders, deposits or ledger accounts', () => {
    const short: string[] = [];
    let writes = 0;
    for (const file of serverFiles(path.join(ROOT, 'server'))) {
      const rel = path.relative(ROOT, file).split(path.sep).join('/');
      const text = fs.readFileSync(file, 'utf8');
      const sites = [...text.matchAll(new RegExp(`\\.(insert|update|delete)\\((${TABLES.join('|')})\\)`, 'g'))]
        .map((m) => `${m[1]}(${m[2]})`)
        .filter((w) => !(w in NOT_SHOWN) && !(`${rel} ${w}` in NOT_SHOWN));
      // the ledger's one raw statement that moves balances
      if (/update ledger_accounts/.test(text)) sites.push('update ledger_accounts');
      writes += sites.length;
      const named =
        (text.match(/\buserWrit(e|ten)\(/g) ?? []).length -
        (text.match(/export (async )?function userWrit(e|ten)\(/g) ?? []).length;
      if (named < sites.length) short.push(`${rel}: ${sites.length} writes (${sites.join(', ')}), ${named} namings`);
    }
    // the scan finds the writes it is meant to (a renamed table would make it pass vacuously)
    expect(writes).toBeGreaterThan(15);
    expect(short).toEqual([]);
  });
});
