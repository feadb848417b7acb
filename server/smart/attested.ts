/**
 * The one place the smart domain learns how much of an asset the platform's attested holdings
 * are (docs/smart-plans.md, "House capital: declared and attested"). House capital operators put
 * into the yield reserve is only declared; attested holdings bound it (10266) and the public page
 * shows both.
 *
 * MERGE POINT (issue 31): the reserves module (server/reserves/) records attested holdings per
 * asset. Until it is merged this adapter reads the stand-in table `smart_attested_holdings`
 * (migration 0023, written only by tests); once it is, replace the body of `attestedHoldings`
 * with a call to the module's own function and drop the stand-in table. Nothing else changes.
 */
import { desc, eq } from 'drizzle-orm';
import type { Asset } from '../../src/contract/constants.ts';
import type { DbOrTx } from '../db/client.ts';
import { smartAttestedHoldings } from '../db/schema/index.ts';

export interface Attested {
  /** the attested amount of the asset, a decimal string */
  amount: string;
  /** when it was attested */
  at: Date;
}

/** The latest attested holdings of `asset`, or null while none are attested. */
export async function attestedHoldings(db: DbOrTx, asset: Asset): Promise<Attested | null> {
  const [row] = await db.select({ amount: smartAttestedHoldings.amount, at: smartAttestedHoldings.createdAt }).from(smartAttestedHoldings)
    .where(eq(smartAttestedHoldings.asset, asset)).orderBy(desc(smartAttestedHoldings.id)).limit(1);
  return row ?? null;
}
