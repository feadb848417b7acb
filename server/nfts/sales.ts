/**
 * Buying and bidding (docs/nfts.md), real book only. Every sale or bid locks the NFT's row, so
 * two requests on one NFT take turns; a refusal (thrown inside the transaction) writes nothing.
 *
 * | step | from → to | key |
 * |---|---|---|
 * | buy now | user available → platform nft_sales (price) | `nft:<id>:sale` |
 * | | nft_sales → platform charity (price × donation share) | `nft:<id>:donation` |
 * | bid | user available → user nft_bid_hold | `nft-bid:<bidId>:hold` |
 * | outbid | previous bidder's nft_bid_hold → their available, at once | `nft-bid:<bidId>:release` |
 * | auction end | winner's nft_bid_hold → nft_sales, then nft_sales → charity | as buy now (settle.ts) |
 */
import Decimal from 'decimal.js';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { Err } from '../../src/contract/errors.ts';
import { NFT_ASSET, SNIPING_EXTENSION_MS, SNIPING_WINDOW_MS, type BuyNftBody, type Nft } from '../../src/contract/nfts.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { ledgerAccounts } from '../platform/ledger/schema.ts';
import { nftBids, nftSales, nfts } from './schema.ts';
import { BizError } from '../platform/http/errors.ts';
import { platformAccount, userAccount } from '../platform/ledger/accounts.ts';
import { transfer } from '../platform/ledger/ledger.ts';
import { parseUserAmount } from '../platform/ledger/amounts.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import { minNextBid, money, nftById, nftViews, type NftRow } from './catalogue.ts';
import type { NftDeps } from './deps.ts';
import { nftNext, requireNftAllows } from './status.ts';
import { donationOf } from '../../src/contract/nftMath.ts';

/** A client key taken by a concurrent request of the same user: the first request's answer stands. */
class ClientKeyTaken extends Error {}

const ref = (n: NftRow) => ({ book: 'real' as const, asset: NFT_ASSET, refType: 'nft', refId: n.id.toString() });

/** The NFT's row, locked for the transaction (the one lock every change of an NFT takes first). */
export async function lockNft(tx: DbOrTx, id: bigint): Promise<NftRow | undefined> {
  const [row] = await tx.select().from(nfts).where(eq(nfts.id, id)).for('update');
  return row;
}

/**
 * Locks the available and bid-hold accounts of the users a bid touches, in id order, before any
 * transfer: two bids on two NFTs that outbid each other's bidders then wait for one another
 * instead of deadlocking.
 */
async function lockBidAccounts(tx: DbOrTx, userIds: bigint[]): Promise<void> {
  await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerKind, 'user'),
        inArray(ledgerAccounts.userId, userIds),
        eq(ledgerAccounts.book, 'real'),
        eq(ledgerAccounts.asset, NFT_ASSET),
        or(eq(ledgerAccounts.purpose, 'available'), eq(ledgerAccounts.purpose, 'nft_bid_hold')),
      ),
    )
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

/**
 * Records a sale and moves its money: `from` (the buyer's available or bid hold) → nft_sales →
 * charity. Idempotent per NFT (the keys and the unique sale row).
 */
export async function recordSale(
  tx: DbOrTx,
  n: NftRow,
  buyerId: bigint,
  gross: string,
  from: 'available' | 'nft_bid_hold',
  at: Date,
): Promise<string> {
  const donation = donationOf(gross, n.donationShare);
  await transfer(tx, {
    ...ref(n),
    key: `nft:${n.id}:sale`,
    from: userAccount(buyerId, from),
    to: platformAccount('nft_sales'),
    amount: gross,
    reason: 'nft.sale',
  });
  if (new Decimal(donation).gt(0)) {
    await transfer(tx, {
      ...ref(n),
      key: `nft:${n.id}:donation`,
      from: platformAccount('nft_sales'),
      to: platformAccount('charity'),
      amount: donation,
      reason: 'nft.donation',
    });
  }
  await tx
    .insert(nftSales)
    .values({ nftId: n.id, buyerId, kind: n.saleType, gross, donation, charity: n.charity, createdAt: at })
    .onConflictDoNothing();
  return donation;
}

async function bidByKey(db: DbOrTx, userId: bigint, clientKey: string) {
  const [row] = await db
    .select()
    .from(nftBids)
    .where(and(eq(nftBids.userId, userId), eq(nftBids.clientKey, clientKey)));
  return row;
}

async function buyNow(
  tx: DbOrTx,
  n: NftRow,
  userId: bigint,
  amount: string,
  clientKey: string,
  now: number,
  events: PendingEvents,
) {
  if (n.saleType !== 'buy_now') throw new BizError(Err.NFT_STATUS_WRONG);
  const status = nftNext(n.status, { type: 'nft.buy' });
  if (!new Decimal(amount).eq(n.price ?? '0')) throw new BizError(Err.NFT_PRICE_MISMATCH, { price: money(n.price) });
  const at = new Date(now);
  const [bid] = await tx
    .insert(nftBids)
    .values({ nftId: n.id, userId, kind: 'buy', amount, status: 'won', clientKey, createdAt: at })
    .onConflictDoNothing()
    .returning();
  if (!bid) throw new ClientKeyTaken();
  const donation = await recordSale(tx, n, userId, amount, 'available', at);
  await tx
    .update(nfts)
    .set({ status, ownerId: userId, soldPrice: amount, soldAt: at, bidCount: n.bidCount + 1 })
    .where(eq(nfts.id, n.id));
  await events.record(tx, userId, {
    kind: 'nft.bought',
    params: { id: n.id.toString(), name: n.name, amount, donation },
    refType: 'nft',
    refId: n.id.toString(),
  });
}

async function placeBid(
  tx: DbOrTx,
  n: NftRow,
  userId: bigint,
  amount: string,
  clientKey: string,
  now: number,
  events: PendingEvents,
) {
  if (n.saleType !== 'auction') throw new BizError(Err.NFT_STATUS_WRONG);
  requireNftAllows(n.status, 'auction.bid');
  // ended but not yet settled by the scheduler: no more bids
  if (n.endTime === null || n.endTime.getTime() <= now) throw new BizError(Err.NFT_STATUS_WRONG);
  if (n.currentBidderId === userId) throw new BizError(Err.NFT_ALREADY_LEADING);
  const min = minNextBid(n);
  if (new Decimal(amount).lt(min)) throw new BizError(Err.NFT_BID_TOO_LOW, { min });
  const prevBidder = n.currentBidderId;
  await lockBidAccounts(tx, prevBidder === null ? [userId] : [userId, prevBidder]);
  const at = new Date(now);
  // the previous bid is released first, at once (one held bid per NFT: a unique index)
  if (n.currentBidId !== null && prevBidder !== null && n.currentBid !== null) {
    await tx.update(nftBids).set({ status: 'released', releasedAt: at }).where(eq(nftBids.id, n.currentBidId));
    await transfer(tx, {
      ...ref(n),
      key: `nft-bid:${n.currentBidId}:release`,
      from: userAccount(prevBidder, 'nft_bid_hold'),
      to: userAccount(prevBidder, 'available'),
      amount: money(n.currentBid),
      reason: 'nft.bid_released',
    });
    await events.record(tx, prevBidder, {
      kind: 'nft.outbid',
      params: { id: n.id.toString(), name: n.name, amount: money(n.currentBid), newBid: amount },
      refType: 'nft',
      refId: n.id.toString(),
    });
  }
  const [bid] = await tx
    .insert(nftBids)
    .values({ nftId: n.id, userId, kind: 'bid', amount, status: 'held', clientKey, createdAt: at })
    .onConflictDoNothing({ target: [nftBids.userId, nftBids.clientKey] })
    .returning();
  // the key was used meanwhile (on another NFT): roll the release back too
  if (!bid) throw new ClientKeyTaken();
  // the CHECK on user balances refuses an overdraw (10011) and everything above rolls back
  await transfer(tx, {
    ...ref(n),
    key: `nft-bid:${bid.id}:hold`,
    from: userAccount(userId, 'available'),
    to: userAccount(userId, 'nft_bid_hold'),
    amount,
    reason: 'nft.bid_held',
  });
  const late = n.endTime.getTime() - now < SNIPING_WINDOW_MS;
  await tx
    .update(nfts)
    .set({
      currentBid: amount,
      currentBidderId: userId,
      currentBidId: bid.id,
      bidCount: sql`${nfts.bidCount} + 1`,
      ...(late ? { endTime: new Date(n.endTime.getTime() + SNIPING_EXTENSION_MS), extensions: sql`${nfts.extensions} + 1` } : {}),
    })
    .where(eq(nfts.id, n.id));
  await events.record(tx, userId, {
    kind: 'nft.bid',
    params: { id: n.id.toString(), name: n.name, amount },
    refType: 'nft',
    refId: n.id.toString(),
  });
}

/**
 * POST buyNft: `kind: 'buy'` pays the buy-now price (the amount must be that price, 10132);
 * `kind: 'bid'` places a bid on a live auction (at least the reserve, then the current bid + 5 %:
 * 10130; not the current leader again: 10131). 10020 for an NFT whose status or sale type does
 * not allow it, 10011 for a balance too small. A retry with the same client key answers the NFT
 * as it stands, moving nothing.
 */
export async function buyNft(deps: NftDeps, userId: bigint, b: BuyNftBody): Promise<Nft> {
  const amount = parseUserAmount(NFT_ASSET, b.amount);
  const id = BigInt(b.id);
  const first = await bidByKey(deps.db, userId, b.clientKey);
  if (first) return (await nftViews(deps.db, [await nftById(deps.db, first.nftId)], deps.now()))[0];
  const events = new PendingEvents();
  const now = deps.now();
  await deps.db
    .transaction(async (tx) => {
      const n = await lockNft(tx, id);
      if (!n) throw new BizError(Err.RECORD_NOT_FOUND);
      // the same request retried while the first was committing: answer the first
      if (await bidByKey(tx, userId, b.clientKey)) return;
      if (b.kind === 'buy') await buyNow(tx, n, userId, amount, b.clientKey, now, events);
      else await placeBid(tx, n, userId, amount, b.clientKey, now, events);
    })
    .catch((e: unknown) => {
      if (!(e instanceof ClientKeyTaken)) throw e;
    });
  await events.publish(deps);
  return (await nftViews(deps.db, [await nftById(deps.db, id)], deps.now()))[0];
}
