/**
 * The one place the smart domain learns how much of an asset the platform's attested holdings
 * are (docs/smart-plans.md, "House capital: declared and attested"). House capital operators put
 * into the yield reserve is only declared; attested holdings (recorded with their attestor and
 * report in the reserves module, server/proof/reserves/) bound it (10266) and the public page shows both.
 */
import type { Asset } from '../../src/contract/constants.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { latestAttested } from '../proof/index.ts';

export interface Attested {
  /** the attested amount of the asset, a decimal string */
  amount: string;
  /** when the holdings were counted */
  at: Date;
}

/** The latest attested holdings of `asset`, or null while none are attested. */
export function attestedHoldings(db: DbOrTx, asset: Asset): Promise<Attested | null> {
  return latestAttested(db, asset);
}
