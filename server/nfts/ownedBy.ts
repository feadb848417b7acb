import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client.ts';
import { nfts } from './schema.ts';

/** What a user paid for each NFT they own (the portfolio counts an NFT at its sale price). */
export function ownedSalePrices(db: DbOrTx, userId: bigint): Promise<{ soldPrice: string | null }[]> {
  return db.select({ soldPrice: nfts.soldPrice }).from(nfts).where(eq(nfts.ownerId, userId));
}
