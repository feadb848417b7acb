/**
 * Global setup of the server and browser test projects: one migrated database made once per run,
 * that every test copies instead of running PostgreSQL's initdb and the migrations again
 * (docs/design.md, "Testing"). A fresh PGlite spends seconds in initdb alone, and the server suite
 * builds about a hundred platforms a run; a copy costs a fraction of a second.
 *
 * - server (PGlite in memory): a dump of a migrated PGlite (`dumpDataDir`), loaded by
 *   `loadDataDir` (Config.pgliteTemplate).
 * - server-pg: a migrated PostgreSQL database that `CREATE DATABASE … TEMPLATE` copies.
 * - browser: a migrated PGlite data directory that the harness copies into each service's DATA_DIR.
 *
 * The copies still run the migrations, which find them applied: a migration added later is applied
 * to the copy as it would be to a production database. Each run makes its own template and removes
 * it at the end, so nothing is left on the machine's PostgreSQL.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/platform/db/client.ts';
import './provided.ts';
import { buildServiceBundles } from './serviceBundles.ts';

const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

async function adminQuery(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** A migrated PGlite in memory, dumped to a file. */
async function pgliteDump(): Promise<{ file: string; remove: () => void }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite();
  await client.waitReady;
  await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder: path.resolve('server/platform/db/migrations') });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(os.tmpdir(), `pglite-template-${process.pid}-${crypto.randomBytes(4).toString('hex')}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { file, remove: () => fs.rmSync(file, { force: true }) };
}

/** A migrated PGlite data directory on disk (what a service with DATA_DIR opens). */
async function pgliteDirectory(): Promise<{ dir: string; remove: () => void }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-dir-template-'));
  const database = await openDatabase({ dataDir });
  await database.close();
  return { dir: path.join(dataDir, 'pglite'), remove: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** A migrated PostgreSQL database, left without connections so that it can be copied. */
async function postgresTemplate(): Promise<{ name: string; remove: () => Promise<void> }> {
  const name = `tpl_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await database.close();
  return { name, remove: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // every project here starts service processes in some files: their entries bundled once
  const [bundled, own] = await Promise.all([buildServiceBundles(), templateOf(project)]);
  project.provide('serviceBundles', bundled.bundles);
  return async () => {
    bundled.remove();
    await own();
  };
}

async function templateOf(project: TestProject): Promise<() => Promise<void>> {
  if (project.name === 'server') {
    const t = await pgliteDump();
    project.provide('pgliteTemplate', t.file);
    return async () => t.remove();
  }
  if (project.name === 'server-pg') {
    const t = await postgresTemplate();
    project.provide('pgTemplate', t.name);
    return t.remove;
  }
  if (project.name === 'browser') {
    const t = await pgliteDirectory();
    project.provide('pgliteDirTemplate', t.dir);
    return async () => t.remove();
  }
  return async () => {};
}
