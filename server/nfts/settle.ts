/**
 * The auction scheduler's work (docs/nfts.md), run by the leader (server/nfts/engine.ts): open the
 * auctions whose start has come, and settle those whose end has passed: the highest bid's hold
 * goes to nft_sales and the donation to the charity account, the bidder owns the NFT; without a
 * bid it ends unsold. Each NFT in its own transaction under its row lock, status re-read there:
 * two instances, or a run that crosses a late bid's extension, settle an NFT once (and the ledger
 * keys `nft:<id>:sale` / `nft:<id>:donation` would refuse a second move anyway).
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import { nftBids, nfts } from './schema.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import { money } from './catalogue.ts';
import { lockNft, recordSale } from './sales.ts';
import type { NftDeps } from './deps.ts';
import { nftNext } from './status.ts';

async function openAuction(deps: NftDeps, id: bigint, now: number): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const n = await lockNft(tx, id);
    if (!n || n.status !== 'listed' || n.saleType !== 'auction' || !n.startTime || n.startTime.getTime() > now) return false;
    await tx
      .update(nfts)
      .set({ status: nftNext(n.status, { type: 'auction.open' }) })
      .where(eq(nfts.id, id));
    return true;
  });
}

async function settleAuction(deps: NftDeps, id: bigint, now: number, events: PendingEvents): Promise<'sold' | 'unsold' | null> {
  return deps.db.transaction(async (tx) => {
    const n = await lockNft(tx, id);
    // settled already (another instance), or extended by a late bid since it was found
    if (!n || n.status !== 'auction' || !n.endTime || n.endTime.getTime() > now) return null;
    if (n.currentBidId === null || n.currentBidderId === null || n.currentBid === null) {
      await tx
        .update(nfts)
        .set({ status: nftNext(n.status, { type: 'auction.close' }) })
        .where(eq(nfts.id, id));
      return 'unsold';
    }
    const status = nftNext(n.status, { type: 'auction.settle' });
    const gross = money(n.currentBid);
    const donation = await recordSale(tx, n, n.currentBidderId, gross, 'nft_bid_hold', n.endTime);
    await tx.update(nftBids).set({ status: 'won' }).where(eq(nftBids.id, n.currentBidId));
    await tx.update(nfts).set({ status, ownerId: n.currentBidderId, soldPrice: gross, soldAt: n.endTime }).where(eq(nfts.id, id));
    await events.record(tx, n.currentBidderId, {
      kind: 'nft.won',
      params: { id: n.id.toString(), name: n.name, amount: gross, donation },
      refType: 'nft',
      refId: n.id.toString(),
    });
    return 'sold';
  });
}

/** Opens and settles whatever is due at `now`; one NFT's failure does not hold back the others. */
export async function runDueAuctions(deps: NftDeps, now: number): Promise<{ opened: number; sold: number; unsold: number }> {
  const at = new Date(now);
  const r = { opened: 0, sold: 0, unsold: 0 };
  const toOpen = await deps.db
    .select({ id: nfts.id })
    .from(nfts)
    .where(and(eq(nfts.status, 'listed'), eq(nfts.saleType, 'auction'), lte(nfts.startTime, at)))
    .orderBy(asc(nfts.startTime))
    .limit(500);
  for (const { id } of toOpen) {
    try {
      if (await openAuction(deps, id, now)) r.opened++;
    } catch (err) {
      deps.log.error({ err, nft: id.toString() }, 'opening an NFT auction failed; retried on the next run');
    }
  }
  const toSettle = await deps.db
    .select({ id: nfts.id })
    .from(nfts)
    .where(and(eq(nfts.status, 'auction'), lte(nfts.endTime, at)))
    .orderBy(asc(nfts.endTime))
    .limit(500);
  for (const { id } of toSettle) {
    const events = new PendingEvents();
    try {
      const done = await settleAuction(deps, id, now, events);
      await events.publish(deps);
      if (done) r[done]++;
    } catch (err) {
      deps.log.error({ err, nft: id.toString() }, 'settling an NFT auction failed; retried on the next run');
    }
  }
  return r;
}
