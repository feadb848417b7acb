/** A sweep as operators see it (GET /admin-api/chain/sweeps): the amount in the coin's units, its link. */
import { formatUnits } from 'viem';
import type { AdminChainSweep } from '../../src/contract/chain.ts';
import type { Network } from '../../src/contract/wallet.ts';
import type { Watched } from './deps.ts';
import { explorerLink } from './payoutCheck.ts';
import type { ChainSweepRow } from './schema.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function sweepView(r: ChainSweepRow, w: Watched | undefined, tokenDecimals: number): AdminChainSweep {
  return {
    id: r.id.toString(),
    network: r.network as Network,
    coin: r.coin,
    from: r.address,
    to: r.toAddress,
    amount: formatUnits(BigInt(r.amountRaw), r.coin === 'ETH' ? 18 : tokenDecimals),
    state: r.state,
    txHash: r.txHash,
    link: r.txHash && w ? explorerLink(w, r.txHash) : null,
    fuelTxHash: r.fuelTxHash,
    blockNumber: r.blockNumber,
    confirmations: r.confirmations,
    required: w?.cfg.confirmations ?? 0,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    confirmedAt: iso(r.confirmedAt),
  };
}
