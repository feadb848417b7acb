/**
 * Payouts on a watched network counted to their confirmations by the chain job, after the watcher's
 * run (docs/wallet.md, "Payouts on the chain"). A payout's confirmations are counted as a deposit's:
 * the blocks the watcher processed on top of its block, its own included, and only while the
 * block the node puts it in is the one the watcher stored at that height (a reorganisation away
 * sets it back to 0 until it is mined again). At N the wallet marks it confirmed. A reverted
 * payout stays sent with 0 (nothing arrived): operators see it on the queue.
 */
import { and, eq } from 'drizzle-orm';
import { confirmationsOf } from './credit.ts';
import { explorerLink } from './payoutCheck.ts';
import type { Hex } from './config.ts';
import type { ChainDeps, Watched } from './deps.ts';
import { chainBlocks } from './schema.ts';
import type { NetworkWatcher } from './watcher.ts';
import type { PayoutBook } from './payoutBook.ts';

/** Counts every sent payout of the network; returns how many were handed to the wallet. */
export async function trackPayouts(
  deps: ChainDeps,
  w: Watched,
  watcher: NetworkWatcher,
  book: PayoutBook,
  hashesOf: (withdrawalId: bigint) => Promise<string[]> = async () => [],
): Promise<number> {
  const sent = await book.sentPayouts(w.cfg.network);
  if (sent.length === 0) return 0;
  const state = await watcher.state();
  if (!state) return 0;
  const where = watcher.where(state);
  for (const p of sent) {
    // a payout the platform sent may have been replaced (same nonce): whichever of them was mined counts
    const hashes = [...new Set([p.txHash.toLowerCase(), ...(await hashesOf(p.id))])];
    const found = await Promise.all(hashes.map(async (h) => ({ h, r: await w.evm.receipt(h as Hex) })));
    const mined = found.find((f) => f.r !== null);
    const receipt = mined?.r ?? null;
    const txHash = mined && mined.h !== p.txHash.toLowerCase() ? mined.h : undefined;
    let blockNumber: number | null = null;
    let confirmations = 0;
    if (receipt && receipt.status === 'success' && receipt.blockNumber <= state.lastBlock) {
      const [stored] = await deps.db
        .select({ hash: chainBlocks.hash })
        .from(chainBlocks)
        .where(and(eq(chainBlocks.network, w.cfg.network), eq(chainBlocks.number, receipt.blockNumber)));
      // a block the watcher never stored (below where it started, or pruned) is taken as the node says
      if (!stored || stored.hash.toLowerCase() === receipt.blockHash.toLowerCase()) {
        blockNumber = receipt.blockNumber;
        confirmations = confirmationsOf(receipt.blockNumber, where);
      }
    }
    await book.payoutProgress(p.id, {
      blockNumber,
      confirmations,
      required: where.required,
      ...(txHash ? { txHash, link: explorerLink(w, txHash) } : {}),
    });
  }
  return sent.length;
}
