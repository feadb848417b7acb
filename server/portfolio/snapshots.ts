/**
 * Daily equity snapshots (docs/portfolio.md). The leader job 'equity-snapshots' runs every
 * `equitySnapshotMs` (default a minute); each run stores, for every user and book that has
 * accounts, the equity of the day that ended last (yesterday, UTC), computed like the portfolio
 * page at the prices of that run: on a running service the first minute after midnight. A day
 * already stored is skipped, and the primary key (user, book, day) makes a second write (another
 * instance, a retry) a no-op: one snapshot per user, book and day.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Book } from '../../src/contract/constants.ts';
import type { EquityHistory, HistoryDays } from '../../src/contract/portfolio.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { equitySnapshots } from './schema.ts';
import { ledgerAccounts } from '../platform/ledger/schema.ts';
import { startLeaderJob } from '../platform/jobs/scheduler.ts';
import type { Market } from '../wallet/index.ts';
import { portfolioOf } from './portfolio.ts';

declare module '../platform/config.ts' {
  interface Config {
    /** How often the equity snapshot job looks for a day to store (default 60 s). */
    equitySnapshotMs?: number;
  }
}

const DAY_MS = 86_400_000;
const PAGE = 200;
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Stores the snapshots of the day before `now`'s; returns how many it wrote. */
export async function storeSnapshots(db: DbOrTx, market: Market, now: number): Promise<number> {
  const day = utcDay(now - DAY_MS);
  let written = 0;
  let after = 0n;
  for (;;) {
    // users with accounts, a page at a time
    const page = await db
      .selectDistinct({ userId: ledgerAccounts.userId })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.ownerKind, 'user'), gt(ledgerAccounts.userId, after)))
      .orderBy(asc(ledgerAccounts.userId))
      .limit(PAGE);
    if (page.length === 0) break;
    after = page[page.length - 1].userId;
    const ids = page.map((p) => p.userId);
    const books = await db
      .selectDistinct({ userId: ledgerAccounts.userId, book: ledgerAccounts.book })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.ownerKind, 'user'), inArray(ledgerAccounts.userId, ids)));
    const done = new Set(
      (
        await db
          .select({ userId: equitySnapshots.userId, book: equitySnapshots.book })
          .from(equitySnapshots)
          .where(and(eq(equitySnapshots.day, day), inArray(equitySnapshots.userId, ids)))
      ).map((s) => `${s.userId}:${s.book}`),
    );
    for (const { userId, book } of books) {
      if (done.has(`${userId}:${book}`)) continue;
      const p = await portfolioOf(db, market, userId, book, now);
      const rows = await db
        .insert(equitySnapshots)
        .values({ userId, book, day, equity: p.equity, parts: p.parts, takenAt: new Date(now) })
        .onConflictDoNothing()
        .returning({ day: equitySnapshots.day });
      written += rows.length;
    }
  }
  return written;
}

/** The last `days` days: stored snapshots, then today at the current prices. Days without a snapshot have no point. */
export async function equityHistory(
  db: DbOrTx,
  market: Market,
  userId: bigint,
  book: Book,
  days: HistoryDays,
  now: number,
): Promise<EquityHistory> {
  const first = utcDay(now - (days - 1) * DAY_MS);
  const today = utcDay(now);
  const rows = await db
    .select({ day: equitySnapshots.day, equity: equitySnapshots.equity })
    .from(equitySnapshots)
    .where(
      and(
        eq(equitySnapshots.userId, userId),
        eq(equitySnapshots.book, book),
        sql`${equitySnapshots.day} >= ${first}`,
        sql`${equitySnapshots.day} < ${today}`,
      ),
    )
    .orderBy(asc(equitySnapshots.day));
  const current = await portfolioOf(db, market, userId, book, now);
  return {
    book,
    days,
    points: [
      ...rows.map((r) => ({ day: r.day, equity: r.equity, source: 'snapshot' as const })),
      { day: today, equity: current.equity, source: 'now' as const },
    ],
  };
}

/** The leader job; returns its stop function. */
export function startEquitySnapshots(app: FastifyInstance): Promise<() => Promise<void>> {
  return startLeaderJob(app, {
    name: 'equity-snapshots',
    tickMs: app.config.equitySnapshotMs ?? 60_000,
    run: async () => ({ written: await storeSnapshots(app.db, app.market, app.market.now()) }),
    worthLogging: (r) => (r as { written: number }).written > 0,
  });
}
