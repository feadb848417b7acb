import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { count, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../server/platform/db/client.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { createPlatform } from '../../server/start.ts';

const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export const usingPostgres = () => process.env.TEST_DB === 'postgres';

/**
 * Creates a PostgreSQL database for one test file; returns its URL and a dropper. It is a copy of
 * the run's migrated template (tests/setup/databaseTemplates.ts) when there is one, else empty (the
 * platform migrates it when it opens it).
 */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const template = inject('pgTemplate');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
      break;
    } catch (err) {
      // 55006: another copy of the template is being made this moment; it takes milliseconds
      if ((err as { code?: string }).code !== '55006' || attempt > 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      // pool.end() resolves before every backend has gone; a forced drop would then kill live
      // connections and surface as unhandled 57P01 errors in the test, so wait for them first.
      for (let i = 0; i < 50; i++) {
        const r = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (r.rows[0].n === 0) break;
        await new Promise((res) => setTimeout(res, 100));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close: () => Promise<void>;
}

/**
 * A real platform on a fresh database: in-memory PGlite, or a new PostgreSQL database when
 * TEST_DB=postgres. Engines are off unless asked for. Tests use `useTestApp`, which closes it;
 * whoever calls this directly closes the app.
 */
export async function buildTestApp(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  let drop = async () => {};
  // TEST_PG_REDIS=1: every PostgreSQL platform gets Redis (a namespace of its own), so the reads
  // kept in memory, off on PostgreSQL without Redis, are on in the whole run (docs/performance.md)
  if (usingPostgres() && process.env.TEST_PG_REDIS === '1' && !env.REDIS_URL) {
    env = {
      ...env,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      BUS_NAMESPACE: `t-${crypto.randomBytes(6).toString('hex')}:`,
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-test-'));
  // tests stand in for a proxy: they name client addresses with X-Forwarded-For
  // the run's migrated PGlite (tests/setup/databaseTemplates.ts): no initdb per platform
  const pgliteTemplate = inject('pgliteTemplate');
  // every read served from memory is compared with the database (server/platform/userReads.ts):
  // a write that changes a user's data without naming the user fails the test that reads after it
  const config = loadConfig(
    { LOG_LEVEL: 'silent', ...env },
    { dataDir, staticDir: undefined, engines: false, trustProxy: true, pgliteTemplate, userReadsVerify: true, ...overrides },
  );
  if (usingPostgres() && !config.databaseUrl) {
    const t = await createTestDatabase();
    config.databaseUrl = t.url;
    drop = t.drop;
  }
  const app = await createPlatform(config, { memoryDb: true, logger: false });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await checkQueueCounts(app.db);
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The operators' queue totals kept by the trigger (migration 0027) against the rows themselves,
 * whenever a test's platform closes: any change of a deposit or withdrawal that the trigger missed
 * fails the file that made it. A database already gone (a test that stopped it) is not read.
 */
export async function checkQueueCounts(db: Db): Promise<void> {
  let rows: Array<{ queue: string; status: string; coin: string; kept: string | null; actual: string | null }>;
  try {
    const r = await db.execute(sql`
      with actual as (
        select 'deposits' as queue, status, coin, count(*) as n from deposits group by status, coin
        union all select 'withdrawals', status, coin, count(*) from withdrawals group by status, coin
      )
      select coalesce(a.queue, k.queue) as queue, coalesce(a.status, k.status) as status, coalesce(a.coin, k.coin) as coin,
        k.n::text as kept, a.n::text as actual
      from actual a full join review_queue_counts k on k.queue = a.queue and k.status = a.status and k.coin = a.coin
      where coalesce(k.n, 0) <> coalesce(a.n, 0)`);
    rows = (r as unknown as { rows: typeof rows }).rows;
  } catch (e) {
    // the database gone, or the connection to it (no SQLSTATE, class 08, shutdown, dropped): not read
    const code = (e as { code?: unknown; cause?: { code?: unknown } }).code ?? (e as { cause?: { code?: unknown } }).cause?.code;
    if (typeof code !== 'string' || /^(08|57P|3D000)/.test(code)) return;
    throw e;
  }
  if (rows.length > 0) throw new Error(`review_queue_counts differs from the rows: ${JSON.stringify(rows)}`);
}

/**
 * The platform of the enclosing describe block (or file): built before its first test, closed
 * after its last. Read `t.app` inside tests and hooks only (it is filled in by then). Each block
 * gets its own database, so no block depends on what another one wrote. Hooks declared before
 * the call run before the app is built, and after it is closed.
 */
export function useTestApp(overrides: Partial<Config> | (() => Partial<Config>) = {}, env: NodeJS.ProcessEnv = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    // a function is read when the app is built: after the hooks declared before this call
    Object.assign(t, await buildTestApp(typeof overrides === 'function' ? overrides() : overrides, env));
  });
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

/**
 * Parses an inject() reply as the envelope. The result is `any` unless a type is given: tests
 * read its fields freely, and the route's response schema already checked its shape.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function body<T = any>(res: { json: () => unknown }): { code: number; msg: string; result: T } {
  return res.json() as { code: number; msg: string; result: T };
}

export { waitFor } from '../setup/waitFor.ts';

/** Waits (bounded) until PostgreSQL backend `pid` is blocked on a lock. */
export async function waitUntilWaiting(db: Db, pid: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const r = await db.execute(sql`select wait_event_type from pg_stat_activity where pid = ${pid}`);
    if ((r as unknown as { rows: Array<{ wait_event_type: string | null }> }).rows[0]?.wait_event_type === 'Lock') return;
    await new Promise((res) => setImmediate(res));
  }
  throw new Error(`backend ${pid} never waited on a lock`);
}

/**
 * The rows of each named table and the sum of every balance's magnitude (a decimal string): taken
 * before and after a refusal, they show it wrote nothing and moved nothing.
 */
export async function rowCounts<K extends string>(
  app: FastifyInstance,
  tables: Record<K, PgTable>,
): Promise<Record<K, number> & { balanceSum: string }> {
  const out: Record<string, number | string> = {};
  for (const [name, table] of Object.entries<PgTable>(tables)) {
    out[name] = Number((await app.db.select({ n: count() }).from(table))[0].n);
  }
  const r = await app.db.execute(sql`select coalesce(sum(abs(balance)), 0)::text as s from ledger_accounts`);
  out.balanceSum = (r as unknown as { rows: Array<{ s: string }> }).rows[0].s;
  return out as Record<K, number> & { balanceSum: string };
}
