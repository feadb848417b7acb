import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, money, instant } from '../platform/db/columns.ts';
import type { NftStatus } from '../../src/machines/nfts/nft.ts';

/**
 * Charity NFTs (docs/nfts.md). Seeded ones carry a stable `code`; operator listings have none.
 * Status moves only along src/machines/nft.ts. The donation share and the charity are fixed at
 * listing. Money moves only through the ledger; `currentBid*` mirror the held leading bid.
 */
export const nfts = pgTable(
  'nfts',
  {
    id: serialId(),
    code: text(),
    seed: integer().notNull(),
    name: text().notNull(),
    creator: text().notNull(),
    chain: text({ enum: ['Ethereum', 'Polygon'] }).notNull(),
    contractAddress: text().notNull(),
    tokenId: text().notNull(),
    verified: boolean().notNull().default(false),
    saleType: text({ enum: ['buy_now', 'auction'] }).notNull(),
    asset: text().notNull().default('USDT'),
    price: money(),
    reservePrice: money(),
    startTime: instant(),
    endTime: instant(),
    /** how many times a late bid moved the end (anti-sniping) */
    extensions: integer().notNull().default(0),
    status: text().$type<NftStatus>().notNull().default('listed'),
    donationShare: numeric({ precision: 12, scale: 10 }).notNull(),
    charity: text().notNull(),
    currentBid: money(),
    currentBidderId: bigint({ mode: 'bigint' }),
    currentBidId: bigint({ mode: 'bigint' }),
    bidCount: integer().notNull().default(0),
    ownerId: bigint({ mode: 'bigint' }),
    soldPrice: money(),
    soldAt: instant(),
    listedBy: bigint({ mode: 'bigint' }),
    clientKey: text(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('nfts_code').on(t.code),
    uniqueIndex('nfts_token').on(t.chain, t.contractAddress, t.tokenId),
    uniqueIndex('nfts_client_key').on(t.listedBy, t.clientKey),
    // the scheduler's scan: live auctions by end, listed ones by start
    index('nfts_status_end').on(t.status, t.endTime),
    index('nfts_owner').on(t.ownerId),
    check(
      'nfts_price',
      sql`(${t.saleType} = 'buy_now' AND ${t.price} > 0) OR (${t.saleType} = 'auction' AND ${t.reservePrice} > 0 AND ${t.endTime} IS NOT NULL)`,
    ),
    check('nfts_share', sql`${t.donationShare} > 0 AND ${t.donationShare} <= 1`),
  ],
);

/**
 * Every bid and every buy-now purchase. A held bid's amount sits in the bidder's nft_bid_hold
 * account; being outbid releases it at once. A retry with the same client key answers the first.
 */
export const nftBids = pgTable(
  'nft_bids',
  {
    id: serialId(),
    nftId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => nfts.id),
    userId: bigint({ mode: 'bigint' }).notNull(),
    kind: text({ enum: ['bid', 'buy'] }).notNull(),
    amount: money().notNull(),
    status: text({ enum: ['held', 'released', 'won'] }).notNull(),
    clientKey: text().notNull(),
    createdAt: instant().notNull(),
    releasedAt: instant(),
  },
  (t) => [
    uniqueIndex('nft_bids_client_key').on(t.userId, t.clientKey),
    index('nft_bids_nft').on(t.nftId, t.id),
    index('nft_bids_user').on(t.userId, t.nftId),
    // at most one held bid per NFT, whatever the race
    uniqueIndex('nft_bids_one_held')
      .on(t.nftId)
      .where(sql`${t.status} = 'held'`),
    check('nft_bids_amount', sql`${t.amount} > 0`),
  ],
);

/** A sale: gross, donation and charity, fixed when it happened (the money is the ledger's transfers). */
export const nftSales = pgTable(
  'nft_sales',
  {
    id: serialId(),
    nftId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => nfts.id),
    buyerId: bigint({ mode: 'bigint' }).notNull(),
    kind: text({ enum: ['buy_now', 'auction'] }).notNull(),
    gross: money().notNull(),
    donation: money().notNull(),
    charity: text().notNull(),
    createdAt: instant().notNull(),
  },
  (t) => [uniqueIndex('nft_sales_nft').on(t.nftId)],
);

/** Payouts to the charity recorded by operators (audited; the money is a ledger transfer out of the charity account). */
export const charityPayouts = pgTable(
  'charity_payouts',
  {
    id: serialId(),
    operatorId: bigint({ mode: 'bigint' }).notNull(),
    amount: money().notNull(),
    txHash: text().notNull(),
    note: text().notNull(),
    clientKey: text(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('charity_payouts_tx').on(t.txHash),
    uniqueIndex('charity_payouts_client_key').on(t.operatorId, t.clientKey),
    check('charity_payouts_amount', sql`${t.amount} > 0`),
  ],
);
