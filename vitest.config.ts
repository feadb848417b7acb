import { defineConfig } from 'vitest/config';

const server = (name: string, db: string) => ({
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    env: { TEST_DB: db },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances are memory-hungry and the machine has two cores
    maxWorkers: 2,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/model/**/*.test.ts'], environment: 'node' } },
      server('server', 'pglite'),
      server('server-pg', 'postgres'),
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
