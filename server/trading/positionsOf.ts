import { and, eq } from 'drizzle-orm';
import type { Book } from '../../src/contract/constants.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { optionsOrders, type OptionsOrderRow } from './schema.ts';

/** A user's open positions in one book, as stored (the portfolio values them at the current prices). */
export function openPositionsOf(db: DbOrTx, userId: bigint, book: Book): Promise<OptionsOrderRow[]> {
  return db
    .select()
    .from(optionsOrders)
    .where(and(eq(optionsOrders.userId, userId), eq(optionsOrders.book, book), eq(optionsOrders.status, 'open')));
}
