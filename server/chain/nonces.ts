/**
 * A hot wallet's next nonce (`chain_nonces`), shared by everything that sends from it: payouts
 * (server/chain/sender.ts) and the gas of token sweeps (server/chain/sweeper.ts). The nonce is taken
 * under the row's lock in the transaction that records what it is for, so two instances, two jobs, a
 * restart or a crash never give one nonce twice, and one given is always used (its record resumes).
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import type { Hex } from './config.ts';
import { chainNonces } from './schema.ts';

/**
 * Offers the wallet's next nonce to `use` (at least `onNode`, the node's pending count, which covers
 * anything sent from the wallet elsewhere); taken only when `use` records it and answers true.
 */
export async function withNextNonce(
  tx: Tx,
  network: string,
  from: Hex,
  onNode: number,
  use: (nonce: number) => Promise<boolean>,
): Promise<boolean> {
  const key = and(eq(chainNonces.network, network), eq(chainNonces.address, from));
  await tx.insert(chainNonces).values({ network, address: from, next: onNode }).onConflictDoNothing();
  const [row] = await tx.select().from(chainNonces).where(key).for('update');
  const nonce = Math.max(row.next, onNode);
  if (!(await use(nonce))) return false;
  await tx
    .update(chainNonces)
    .set({ next: nonce + 1 })
    .where(key);
  return true;
}
