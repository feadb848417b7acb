import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { watchlist } from '../schema.ts';

/** A user's starred instruments (codes already checked against the catalogue by the caller). */
export async function addToWatchlist(db: Db, userId: bigint, code: string): Promise<void> {
  await db.insert(watchlist).values({ userId, code }).onConflictDoNothing();
}

export async function removeFromWatchlist(db: Db, userId: bigint, code: string): Promise<void> {
  await db.delete(watchlist).where(and(eq(watchlist.userId, userId), eq(watchlist.code, code)));
}

export async function watchedCodes(db: Db, userId: bigint): Promise<string[]> {
  const rows = await db
    .select({ code: watchlist.code })
    .from(watchlist)
    .where(eq(watchlist.userId, userId))
    .orderBy(asc(watchlist.createdAt), asc(watchlist.code));
  return rows.map((r) => r.code);
}
