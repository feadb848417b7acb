import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createTestDatabase, usingPostgres, waitFor } from '../helpers.ts';
import { openDatabase, type Database } from '../../../server/platform/db/client.ts';

/**
 * node-postgres: when an idle pooled connection dies (database restart, failover, an operator
 * terminating backends), the Pool emits 'error'. Without a listener that event is thrown: the
 * whole service exits. It must survive and keep serving on fresh connections.
 * PostgreSQL only (PGlite has no pool); runs in the server-pg project.
 */
const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
let created: { url: string; drop: () => Promise<void> } | undefined;
let database: Database | undefined;
const thrown: unknown[] = [];
const onThrown = (err: unknown) => thrown.push(err);

beforeAll(async () => {
  if (!usingPostgres()) return;
  created = await createTestDatabase();
  database = await openDatabase({ databaseUrl: created.url, poolSize: 3 });
  process.on('uncaughtException', onThrown);
});
afterAll(async () => {
  process.off('uncaughtException', onThrown);
  await database?.close();
  await created?.drop();
});

it.runIf(usingPostgres())('an idle connection killed by the server does not bring the process down', async () => {
  await database!.db.execute(sql`select 1`); // leaves an idle connection in the pool
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = new URL(created!.url).pathname.slice(1);
  await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
    name,
  ]);
  await admin.end();
  // the pool drops the dead client and then emits 'error' in the same turn (pg-pool's idle
  // listener): once it holds no client, the event has been emitted, listened to or thrown
  await waitFor('the pool to drop the killed connection', () => database!.pool!.totalCount === 0, 10_000);
  expect(thrown).toEqual([]);
  // and the next query gets a fresh connection
  const r = (await database!.db.execute(sql`select 1 as one`)) as unknown as { rows: Array<{ one: number }> };
  expect(r.rows[0].one).toBe(1);
});
