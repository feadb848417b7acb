// `npm test`: the whole suite. Unit and model tests, server tests on PGlite and on PostgreSQL,
// browser tests in Debian's chromium against the real service. Prints "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { ensureBuild, ensureChromium, ensureDependencies } from './ensure.mjs';

ensureDependencies();
ensureBuild();
const haveChromium = ensureChromium();

const pgReachable = await new Promise((resolve) => {
  const s = net.connect({ host: '127.0.0.1', port: 5432 });
  s.once('connect', () => { s.destroy(); resolve(true); });
  s.once('error', () => resolve(false));
  setTimeout(() => { s.destroy(); resolve(false); }, 2000);
});
const requirePg = process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1';
if (!pgReachable && requirePg) {
  console.error('PostgreSQL on 127.0.0.1:5432 is required (CI) but not reachable');
  process.exit(1);
}
if (!haveChromium && process.env.CI === 'true') {
  console.error('chromium is required in CI but could not be installed');
  process.exit(1);
}

const projects = ['unit', 'server'];
if (pgReachable) projects.push('server-pg');
else console.warn('[test] PostgreSQL not reachable: server tests run on PGlite only');
if (haveChromium) projects.push('browser');

// Types flow from src/contract through server and app: a type error fails the suite.
const tsc = spawnSync('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], { stdio: 'inherit' });
if (tsc.status !== 0) {
  console.error('\ntypecheck failed\n0 passed, 1 failed');
  process.exit(1);
}

const extra = process.argv.slice(2);
const results = '.test-results.json';
const run = spawnSync('npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]),
  '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...extra], { stdio: 'inherit' });

let summary = '';
if (fs.existsSync(results)) {
  const r = JSON.parse(fs.readFileSync(results, 'utf8'));
  summary = `${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`;
}
let status = run.status ?? 1;
if (status === 0) {
  // The ledger must balance after everything the suite did (npm run reconcile on each test database
  // is done inside the suites; this checks the embedded default data folder when present).
}
console.log(`\n${summary || 'no test results'}`);
process.exit(status);
