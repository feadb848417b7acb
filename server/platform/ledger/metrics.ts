import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * How many transfers the ledger has written, for /metrics: the highest id, one index lookup
 * however long the ledger grows (a count(*) would read it all on every scrape). Ids burnt by
 * rolled-back transactions make it slightly high; its rate is what an operator watches.
 */
export async function ledgerTransfersWritten(db: Db): Promise<number> {
  const r = (await db.execute(sql`select coalesce(max(id), 0)::text as n from ledger_transfers`)) as unknown as {
    rows: Array<{ n: string }>;
  };
  return Number(r.rows[0]?.n ?? 0);
}
