import { defineConfig } from 'vitest/config';

const server = (name: string, db: string, groupOrder: number) => ({
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    env: { TEST_DB: db },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances are memory-hungry and the machine has two cores
    maxWorkers: 2,
    sequence: { groupOrder },
  },
});

export default defineConfig({
  test: {
    projects: [
      // generated path tests replay hundreds of paths: seconds of CPU, more on a busy machine
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/model/**/*.test.ts'], environment: 'node', testTimeout: 30_000, sequence: { groupOrder: 0 } } },
      server('server', 'pglite', 1),
      server('server-pg', 'postgres', 2),
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // projects run one after another (groupOrder): browser tests get the cores to themselves
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
