import { defineConfig } from 'vitest/config';
import DurationSequencer from './tests/setup/durationSequencer.ts';

// The PGlite run moves the machine's date 400 days ahead and to UTC+14 (tests/setup/shiftedDate.ts):
// a test bound to today's date fails now, not when the calendar catches up with it. PostgreSQL
// keeps the real date, so both are covered.
const shifted = { TEST_DATE_SHIFT_DAYS: '400', TZ: 'Pacific/Kiritimati' };

// Server tests run on both databases, except files that do not touch what differs between them
// (SQL, locking, transactions): those run once, on the embedded default with its shifted date. The
// OpenAPI fuzzer runs once, on PostgreSQL, the production database (docs/design.md, "Testing").
const ONCE_ON_PGLITE = [
  'content.markdown',
  'security.headers',
  'validation.text',
  'config.start',
  'ids.range',
  'oidc',
  'ws.backpressure',
  'ws.totalcap',
  'ws.delivery',
  'market.hours',
  'feed.exchange',
  'delivery',
  // arithmetic of the views against the settlement: the same on either database
  'trading.terms',
  'rateLimit.namespace',
  // the served API document and its lint: built from the routes, not from the database
  'contract.lint',
].map((f) => `tests/server/*/${f}.test.ts`);
// sessions.revocation's real story is two instances on PostgreSQL + Redis; on PGlite one instance plays both
// (userReads.instances and userReads.paused have no PGlite story: no second instance can share the embedded database)
const ONCE_ON_POSTGRES = ['fuzz.openapi', 'sessions.revocation', 'userReads.instances', 'userReads.paused'].map(
  (f) => `tests/server/*/${f}.test.ts`,
);

const server = (name: string, db: string, groupOrder: number, env: Record<string, string> = {}) => ({
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    exclude: db === 'postgres' ? ONCE_ON_PGLITE : ONCE_ON_POSTGRES,
    env: { TEST_DB: db, ...env },
    setupFiles: ['tests/setup/shiftedDate.ts'],
    // one migrated database per run, copied by every test (instead of initdb and the migrations)
    globalSetup: ['tests/setup/databaseTemplates.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances are memory-hungry and the machine has two cores
    maxWorkers: 2,
    // a worker imports the platform's modules once for all its files instead of once per file
    // (about two seconds each): every file builds its own platform on its own database, and the
    // module-level caches are keyed so that databases do not mix (docs/design.md, "Testing")
    isolate: false,
    sequence: { groupOrder },
  },
});

export default defineConfig({
  test: {
    // the JSON report then gives each test's line, which scripts/test.mjs prints beside a failure
    includeTaskLocation: true,
    // longest files first, from the durations of an earlier run (a fresh clone has no vitest cache)
    sequence: { sequencer: DurationSequencer },
    projects: [
      // generated path tests replay hundreds of paths: seconds of CPU, more on a busy machine
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/model/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          // one module graph per worker instead of one per file: importing it again for each of some
          // ninety files was two thirds of the project's time (218 s against 72 s, measured back to
          // back under load); a file resets the shared state it reads (the toasts, the settings store)
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      server('server', 'pglite', 1, shifted),
      server('server-pg', 'postgres', 2),
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // a screen's fact (a language chunk loaded, a socket's update drawn) can take seconds when
          // two files share the two cores: vitest's default of one second for expect.poll is a flake
          expect: { poll: { timeout: 10_000 } },
          // two files at a time, each with its own service and browser: a browser test mostly waits
          // (navigation, the service, the feed), so two share the two cores without crowding them
          // (the browser phase went from about 12.5 to 9 minutes, measured under load)
          fileParallelism: true,
          maxWorkers: 2,
          globalSetup: ['tests/setup/databaseTemplates.ts'],
          // projects run one after another (groupOrder): browser tests get the cores to themselves
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
