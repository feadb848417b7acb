import Decimal from 'decimal.js';
import { ASSET_DECIMALS, type Asset } from '../../../src/contract/constants.ts';
import type { OnChainHolding, OnChainReading } from '../../../src/contract/proof.ts';

/** Public explorers' block pages by chain id; a chain without one (a local node) has no link. */
const EXPLORERS: Record<number, string> = {
  1: 'https://etherscan.io/block/',
  11155111: 'https://sepolia.etherscan.io/block/',
};

/**
 * One asset's on-chain holdings as the public page shows them: the recorded wallets of that asset
 * summed as the node reported them at the snapshot's block, beside the liabilities of the same
 * snapshot and their ratio. Null when the snapshot read no wallet of that asset.
 */
export function onChainLine(reading: OnChainReading | null, asset: string, liabilities: string): OnChainHolding | null {
  const wallets = reading?.wallets.filter((w) => w.asset === asset) ?? [];
  if (!reading || wallets.length === 0) return null;
  const places = ASSET_DECIMALS[asset as Asset] ?? 8;
  const amount = wallets.reduce((sum, w) => sum.plus(w.amount), new Decimal(0));
  const explorer = EXPLORERS[reading.chainId];
  return {
    amount: amount.toFixed(places, Decimal.ROUND_DOWN),
    network: reading.network,
    block: reading.block,
    blockHash: reading.blockHash,
    blockTime: reading.blockTime,
    link: explorer ? `${explorer}${reading.block}` : null,
    wallets: wallets.length,
    ratio: new Decimal(liabilities).isZero() ? null : amount.div(liabilities).toFixed(4, Decimal.ROUND_DOWN),
  };
}
