import { and, desc, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client.ts';
import { marketCandles } from './schema.ts';

const MINUTE = 60_000;

/** The last stored price at or before `end`: the close of the last whole 1-minute candle that ended by then. */
export async function storedPriceAt(db: DbOrTx, code: string, end: number): Promise<{ time: number; price: string } | undefined> {
  const [c] = await db
    .select({ time: marketCandles.time, close: marketCandles.close })
    .from(marketCandles)
    .where(and(eq(marketCandles.code, code), eq(marketCandles.interval, '1m'), lte(marketCandles.time, new Date(end - MINUTE))))
    .orderBy(desc(marketCandles.time))
    .limit(1);
  return c ? { time: c.time.getTime() + MINUTE - 1, price: c.close } : undefined;
}
