/**
 * Test files in the order that ends each project soonest on two workers: longest first, by the
 * durations of an earlier full run kept in tests/setup/durations.json (`node scripts/test-durations.mjs`
 * writes it from the last `npm test`). Vitest's own order needs its cache of earlier runs, which a
 * fresh clone (CI) does not have; without it a long file started last kept one worker busy alone
 * at the end of a project. A file the list does not know yet runs first (it may be long).
 */
import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DURATIONS = path.join(import.meta.dirname, 'durations.json');

function knownDurations(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export default class DurationSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = knownDurations();
    const root = this.ctx.config.root;
    const duration = (f: TestSpecification) => seconds[path.relative(root, f.moduleId)] ?? Number.POSITIVE_INFINITY;
    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        (a.project.name === b.project.name ? 0 : a.project.name < b.project.name ? -1 : 1) ||
        duration(b) - duration(a),
    );
  }
}
