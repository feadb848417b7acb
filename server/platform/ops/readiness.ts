import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Readiness as ReadinessAnswer } from '../../../src/contract/ops.ts';

export interface CheckResult {
  ok: boolean;
  detail?: string;
}
export type Check = () => CheckResult | Promise<CheckResult>;

/** A check that has not answered by then counts as failed: a hung database must not hang /readyz. */
const CHECK_TIMEOUT_MS = 2000;

const journal = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations/meta/_journal.json');
/** The migrations this code expects, read once. */
const expectedMigrations = (JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;

async function bounded(check: Check): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve().then(check),
      new Promise<CheckResult>(
        (resolve) => (timer = setTimeout(() => resolve({ ok: false, detail: 'no answer within 2 s' }), CHECK_TIMEOUT_MS)),
      ),
    ]);
  } catch (err) {
    return { ok: false, detail: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance can serve (`app.readiness`, answered at /readyz): the database answers
 * and has every migration this code knows, Redis answers when configured, it is not draining for
 * shutdown, and whatever the domains add (the market: the feed is fresh). Each check is bounded,
 * and nothing is cached, so /readyz turns 200 again as soon as the cause is gone.
 */
export class Readiness {
  /** Set when shutdown begins: the proxy should stop sending requests here. */
  draining = false;
  private readonly checks = new Map<string, Check>();

  constructor(private readonly app: FastifyInstance) {
    this.add('database', async () => {
      await app.db.execute(sql`select 1`);
      return { ok: true };
    });
    this.add('migrations', async () => {
      const r = (await app.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      const n = Number(r.rows[0]?.n ?? 0);
      return n >= expectedMigrations ? { ok: true } : { ok: false, detail: `${n} of ${expectedMigrations} applied` };
    });
    this.add('redis', async () => {
      if (!app.config.redisUrl) return { ok: true, detail: 'not configured' };
      await app.bus.ping();
      return { ok: true };
    });
    this.add('accepting', () => (this.draining ? { ok: false, detail: 'shutting down' } : { ok: true }));
  }

  /** A domain's own condition for serving (e.g. the market's feed freshness). */
  add(name: string, check: Check): void {
    this.checks.set(name, check);
  }

  async answer(): Promise<ReadinessAnswer> {
    const entries = await Promise.all([...this.checks].map(async ([name, check]) => [name, await bounded(check)] as const));
    const checks = Object.fromEntries(entries);
    const jobs = checks.database?.ok ? await this.app.jobs.list().catch(() => []) : [];
    return { ready: entries.every(([, c]) => c.ok), instance: this.app.jobs.instanceId, checks, jobs };
  }
}
