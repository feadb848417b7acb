/**
 * One query per list page (issue 26): the page's rows carry the total of the filtered rows,
 * `count(*) over ()`, so a page costs one round trip instead of a rows query and a count query.
 * The window reads every matching row before the first is returned, so it suits lists bounded by
 * one user's records; the operator queues over all users keep their index-backed count.
 */
import { sql } from 'drizzle-orm';

/** The column to select beside a page's fields. */
export const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * The total from a page's rows; a page past the end has no row to carry it, and only then is it
 * counted apart (`countAll`).
 */
export async function pageTotal(
  rows: ReadonlyArray<{ total: number }>,
  offset: number,
  countAll: () => Promise<number>,
): Promise<number> {
  if (rows.length > 0) return rows[0].total;
  return offset === 0 ? 0 : countAll();
}
