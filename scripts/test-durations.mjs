// Writes tests/setup/durations.json (seconds per test file, the longest of its projects) from the
// JSON report of the last `npm test` (.test-results.json), for tests/setup/durationSequencer.ts.
// Run it after a full run when files were added or became much longer or shorter.
import fs from 'node:fs';
import path from 'node:path';

const report = JSON.parse(fs.readFileSync('.test-results.json', 'utf8'));
/** @type {Record<string, number>} */
const seconds = {};
for (const file of report.testResults) {
  // keyed from the report's own checkout (a dry run's clone is elsewhere): the path from tests/ on
  const relative = path.relative(process.cwd(), file.name);
  const name = relative.slice(Math.max(0, relative.indexOf('tests/')));
  const s = Math.round((file.endTime - file.startTime) / 100) / 10;
  seconds[name] = Math.max(seconds[name] ?? 0, s);
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
fs.writeFileSync('tests/setup/durations.json', `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`tests/setup/durations.json: ${Object.keys(sorted).length} files`);
