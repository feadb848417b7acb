// `npm test`: every check the project has, and an honest count at the end.
//   1. the formatter's check (prettier) and lint (eslint, warnings fail too)
//   2. type checks (tsc -b): the browser project, the node project (which also checks the shared
//      src/contract and src/machines), the tests of browser code
//   3. the home page JavaScript budget (scripts/measure-bundle.mjs --budget 150, see docs/performance.md)
//   4. every vitest project: unit and model tests, server tests on PGlite and on PostgreSQL, browser
//      tests in Debian's chromium against the real service
// The last line is always `N passed, N failed` (CI reads it). A failed check, a test file that could
// not run and a test project that could not run each count as one failure.
//
// PostgreSQL and Chromium: in CI (CI=true) both are mandatory. Locally, a missing one is reported
// with the projects it skips and the run fails, unless ALLOW_SKIP=1 says a partial run is wanted.
// REQUIRE_POSTGRES=1 makes PostgreSQL mandatory even with ALLOW_SKIP=1.
// Extra arguments go to vitest (`npm test -- tests/unit`); lint and type checks always run whole.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { ensureBuild, ensureChromium, ensureDependencies } from './ensure.mjs';

const ci = process.env.CI === 'true';
const allowSkip = process.env.ALLOW_SKIP === '1' && !ci;
const results = '.test-results.json';

/** @type {string[]} failures that count one each: checks, files that did not run, projects not run */
const failures = [];
/** @type {string[]} test files with failed tests (those count through their tests) */
const failedFiles = [];
/** @type {string[]} each failed test with its first error line, printed last */
const failedTestLines = [];
/** @type {string[]} test projects not run, with the reason */
const skipped = [];

/**
 * Runs a check with its output kept, and shows it when the command ends: lint and the type check
 * run side by side (each is mostly one thread, and the machine has two cores), so their output
 * must not interleave. Records a failure when the command exits non-zero.
 * @returns {Promise<boolean>}
 */
function checkAside(/** @type {string} */ label, /** @type {string[]} */ args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code, signal) => {
      console.log(`\n[test] ${label}: ${args.join(' ')} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      if (out) process.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
      if (code !== 0) failures.push(`${label} (exit ${code ?? signal})`);
      resolve(code === 0);
    });
  });
}

/** The PostgreSQL the server tests use (tests/server/helpers.ts reads the same variable). */
function pgAddress() {
  const url = new URL(process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  return { host: url.hostname || '127.0.0.1', port: Number(url.port || 5432) };
}

/** @returns {Promise<boolean>} */
function reachable(/** @type {{ host: string, port: number }} */ { host, port }) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    const done = (/** @type {boolean} */ ok) => {
      s.destroy();
      resolve(ok);
    };
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
    setTimeout(() => done(false), 2000);
  });
}

ensureDependencies();
try {
  ensureBuild();
} catch {
  // the browser tests serve dist/: without a build they would test a stale app
  failures.push('build (vite build failed: see above)');
}
// the home page's first JavaScript on a phone: 150 kB gzip at most (docs/performance.md)
if (fs.existsSync('dist/.vite/manifest.json'))
  await checkAside('home page JavaScript budget', ['node', 'scripts/measure-bundle.mjs', '--budget', '150']);

// --- which test projects can run -----------------------------------------------------------
const projects = ['unit', 'server'];
const pg = pgAddress();
if (await reachable(pg)) projects.push('server-pg');
else skipped.push(`server-pg: PostgreSQL not reachable on ${pg.host}:${pg.port} (start it, or set TEST_PG_ADMIN_URL)`);
if (ensureChromium()) projects.push('browser');
else skipped.push('browser: /usr/bin/chromium is missing (apt-get install chromium)');

const pgMandatory = ci || process.env.REQUIRE_POSTGRES === '1';
for (const s of skipped) {
  const mandatory = ci || (s.startsWith('server-pg') && pgMandatory) || !allowSkip;
  if (mandatory) failures.push(`not run: ${s}`);
}
if (skipped.length) {
  console.warn(`\n[test] NOT RUN:\n${skipped.map((s) => `  - ${s}`).join('\n')}`);
  if (ci) console.warn('[test] both are mandatory in CI');
  else if (pgMandatory && skipped.some((s) => s.startsWith('server-pg')))
    console.warn('[test] REQUIRE_POSTGRES=1: PostgreSQL is mandatory');
  else if (!allowSkip) console.warn('[test] set ALLOW_SKIP=1 to accept a partial run locally');
}

// --- static checks -------------------------------------------------------------------------
// the formatter, lint and the type check side by side: each is mostly one thread
await Promise.all([
  checkAside('format (prettier --check; `npm run format` writes)', ['prettier', '--check', '.', '--log-level', 'warn']),
  checkAside('lint', ['eslint', '.', '--max-warnings', '0']),
  // one build of the three projects (tsconfig.json references them): a single process shares the parsed
  // libraries and is about twice as fast as three; errors name their file, and so their project
  checkAside(
    'typecheck (tsconfig.app.json: browser, tsconfig.node.json: node and shared code, tsconfig.test.json: tests of browser code)',
    ['tsc', '-b'],
  ),
]);

// --- test suites ---------------------------------------------------------------------------
// a results file left by an earlier run must not be read as this run's
fs.rmSync(results, { force: true });
const extra = process.argv.slice(2);
console.log(`\n[test] vitest: ${projects.join(', ')}`);
const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${results}`,
    ...extra,
  ],
  { stdio: 'inherit' },
);

let passed = 0;
let failedTests = 0;
let skippedTests = 0;
if (fs.existsSync(results)) {
  /** @type {import('vitest/reporters').JsonTestResults} */
  const r = JSON.parse(fs.readFileSync(results, 'utf8'));
  passed = r.numPassedTests;
  failedTests = r.numFailedTests;
  skippedTests = r.numPendingTests + r.numTodoTests;
  for (const file of r.testResults) {
    if (file.status !== 'failed') continue;
    const failing = file.assertionResults.filter((a) => a.status === 'failed').length;
    const where = file.name.replace(`${process.cwd()}/`, '');
    // a file whose tests failed is counted through its tests; a file that failed to load or
    // errored outside a test has no failed test to count, so the file itself is the failure
    if (failing === 0)
      failures.push(
        `test file failed outside its tests (did not load, or a hook failed): ${where}: ${(file.message || 'failed').split('\n')[0]}`,
      );
    else failedFiles.push(`${where}: ${failing} failed`);
    // CI keeps only the end of the output: name each failed test and its first error line here,
    // so the first failure of a cascade is not lost above the last one's stack
    for (const a of file.assertionResults.filter((x) => x.status === 'failed')) {
      const first = (a.failureMessages?.[0] ?? '').split('\n').find((l) => l.trim()) ?? '';
      failedTestLines.push(
        `${where}${a.location ? `:${a.location.line}` : ''} > ${a.fullName}\n      ${first.trim().slice(0, 300)}`,
      );
    }
  }
  if (run.status !== 0 && failedTests === 0 && !r.testResults.some((f) => f.status === 'failed')) {
    // unhandled errors between tests fail the run without failing a test or a file
    failures.push(`vitest exited with ${run.status ?? run.signal} (unhandled errors: see above)`);
  }
} else {
  failures.push(`vitest wrote no results (exit ${run.status ?? run.signal})`);
}

console.log('');
if (skipped.length)
  console.log(`not run: ${skipped.map((s) => s.split(':')[0]).join(', ')}${allowSkip ? ' (ALLOW_SKIP=1)' : ''}`);
if (skippedTests) console.log(`${skippedTests} tests skipped or todo`);
const failedLines = [...failures, ...failedFiles];
if (failedTestLines.length) {
  const shown = failedTestLines.slice(0, 20);
  const more = failedTestLines.length - shown.length;
  console.log(
    `FAILED TESTS, in order (first error line each):\n${shown.map((f) => `  - ${f}`).join('\n')}${more > 0 ? `\n  … and ${more} more` : ''}\n`,
  );
}
if (failedLines.length) console.log(`FAILED:\n${failedLines.map((f) => `  - ${f}`).join('\n')}`);
const failed = failedTests + failures.length;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
