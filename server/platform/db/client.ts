import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pipelinedTransactions } from './pgTransactions.ts';
import { retryTransactions } from './retry.ts';
import { trackUserWrites } from './userWrites.ts';
import type { Db } from './types.ts';

// the types live apart so that the wrappers this module applies can name them without a cycle
export type { Db, DbOrTx, Tx } from './types.ts';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** For PostgreSQL: the pool, so leadership can hold an advisory lock on one connection. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** node-postgres returns NUMERIC and BIGINT as strings already; keep it that way (no floats). */
// a test worker builds a hundred platforms from one template: its 40 MB are read once per process
const templates = new Map<string, Blob>();
function templateBlob(file: string): Blob {
  let blob = templates.get(file);
  if (!blob) {
    blob = new Blob([fs.readFileSync(file)]);
    templates.set(file, blob);
  }
  return blob;
}

/**
 * `template` (tests only): a migrated PGlite's dump to start from instead of initdb, in memory or
 * in a data directory not yet made; the migrations still run and find themselves applied.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  poolSize?: number;
  template?: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // pipeline mode: a query goes out without waiting for the one before it to be answered, which
    // lets a transaction's BEGIN travel with its first statement (pgTransactions.ts); queries that
    // wait for each other's results are sent as before
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20, pipeline: true });
    // An idle connection that dies (database restart, failover) is reported here; unheard, the
    // event would be thrown and end the process. The pool drops it and connects anew on demand.
    pool.on('error', () => {});
    // a transaction aborted by a deadlock or a serialization failure runs again (retry.ts); the
    // users its writes changed are told once it has ended, all runs included (userWrites.ts)
    const db = trackUserWrites(
      retryTransactions(pipelinedTransactions(drizzlePg(pool, { casing: 'snake_case' }) as unknown as Db, pool)),
    );
    // Several instances may start at once: one migrates, the others wait on the lock.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(727001)');
      await migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
      client.release();
    }
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  let dir: string | undefined;
  if (!opts.memory) {
    dir = path.join(opts.dataDir ?? './data', 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  // a template (tests only) fills a new directory or an in-memory database without initdb
  const fresh = opts.template && (!dir || !fs.existsSync(path.join(dir, 'PG_VERSION')));
  const client = new PGlite({ dataDir: dir, ...(fresh ? { loadDataDir: templateBlob(opts.template!) } : {}) });
  await client.waitReady;
  const db = trackUserWrites(drizzlePglite(client, { casing: 'snake_case' }) as unknown as Db);
  await migratePglite(drizzlePglite(client, { casing: 'snake_case' }), { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

export async function ping(db: Db): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}
