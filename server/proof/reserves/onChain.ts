/**
 * The third kind of reserves (docs/ledger.md, "Reserves"): the platform's recorded wallets on the
 * watched Ethereum network (ETH, and USDT-ERC20 when its token is configured) read from the node
 * through the chain domain's door, at one block, when a snapshot of liabilities is taken. Nobody
 * types these figures: the snapshot keeps the block and what the node said at it.
 */
import { eq } from 'drizzle-orm';
import type { OnChainReading } from '../../../src/contract/proof.ts';
import { balancesAtBlock, type EvmWatchConfig, type WalletToRead } from '../../chain/index.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { reserveWallets } from './schema.ts';

/** The recorded ERC20 wallets' balances at the chain's newest confirmed block; null when none is recorded. */
export async function readOnChainReserves(db: DbOrTx, cfg: EvmWatchConfig): Promise<OnChainReading | null> {
  const rows = await db.select().from(reserveWallets).where(eq(reserveWallets.network, cfg.network));
  const wallets = rows.filter((r): r is typeof r & WalletToRead => r.asset === 'ETH' || r.asset === 'USDT');
  if (wallets.length === 0) return null;
  const r = await balancesAtBlock(cfg, wallets);
  if (r.wallets.length === 0) return null;
  return { ...r, blockTime: r.blockTime.toISOString() };
}
