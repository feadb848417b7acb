import { sql } from 'drizzle-orm';
import { BOOKS } from '../../src/contract/constants.ts';
import type { Db } from '../platform/db/client.ts';
import type { GaugeReading } from '../platform/ops/metrics.ts';

/** Open positions per book (0 when none), read when /metrics is scraped; the partial index options_orders_open answers it. */
export async function openPositionsByBook(db: Db): Promise<GaugeReading> {
  const r = (await db.execute(
    sql`select book, count(*)::int as n from options_orders where status = 'open' group by book`,
  )) as unknown as { rows: Array<{ book: string; n: number }> };
  const open = new Map(r.rows.map((x) => [x.book, Number(x.n)]));
  return BOOKS.map((book) => ({ labels: { book }, value: open.get(book) ?? 0 }));
}
