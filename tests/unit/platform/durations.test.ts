/**
 * tests/setup/durations.json orders every project's files longest first (durationSequencer.ts). A
 * key that names no file is worse than none: a list written from a clone elsewhere once held only
 * such keys, every file sorted as unknown, and the suite ran several minutes longer in CI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const durations = JSON.parse(fs.readFileSync(path.join(root, 'tests/setup/durations.json'), 'utf8')) as Record<string, number>;

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return testFiles(rel);
    return e.name.endsWith('.test.ts') ? [rel] : [];
  });
}

describe('the durations the sequencer reads', () => {
  it('name test files by their path from the project root', () => {
    const missing = Object.keys(durations).filter((k) => !fs.existsSync(path.join(root, k)));
    expect(missing).toEqual([]);
  });

  it('know most of the slow projects’ files (a new file runs first until the list is rewritten)', () => {
    const slow = [...testFiles('tests/server'), ...testFiles('tests/browser')];
    const known = slow.filter((f) => f in durations).length;
    expect(known / slow.length).toBeGreaterThan(0.8);
  });
});
