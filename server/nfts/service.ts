import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type {
  BuyNftBody,
  CharityPayoutBody,
  Donations,
  ListNewNftBody,
  ListNftQuery,
  MyNftPage,
  MyNftQuery,
  Nft,
  NftDetail,
  NftPage,
} from '../../src/contract/nfts.ts';
import { nftBids, nfts } from './schema.ts';
import { users } from '../platform/identity/schema.ts';
import { artSvg } from './art.ts';
import { listNewNft, listNfts, maskName, money, nftById, nftViews, seedNfts } from './catalogue.ts';
import { donations, recordPayout } from './donations.ts';
import { buyNft } from './sales.ts';
import { runDueAuctions } from './settle.ts';
import type { NftDeps } from './deps.ts';

export type { NftDeps } from './deps.ts';

declare module '../platform/config.ts' {
  interface Config {
    /** How often the leader looks for auctions to open or settle (default 5 s). */
    nftTickMs?: number;
    /** Share of a sale donated (NFT_DONATION_SHARE, 0.9–1, default 1). */
    nftDonationShare?: string;
    /** The charity's name (NFT_CHARITY). */
    nftCharity?: string;
  }
}

/**
 * Charity NFTs (`app.nfts`, docs/nfts.md): catalogue, buy now, auctions with held bids,
 * settlement, donations and payouts. Money moves only through the ledger; statuses only along
 * src/machines/nft.ts.
 */
export class NftService {
  /** Whether this instance runs the auction scheduler now (the leader; server/nfts/engine.ts). */
  schedulerRunning = false;

  constructor(private readonly deps: NftDeps) {}

  now(): number {
    return this.deps.now();
  }

  seed(): Promise<void> {
    return seedNfts(this.deps);
  }

  list(q: ListNftQuery): Promise<NftPage> {
    return listNfts(this.deps, q);
  }

  /** One NFT with its bid history (newest first, bidders masked; `mine` for the caller's). */
  async detail(id: bigint, viewer?: bigint): Promise<NftDetail> {
    const row = await nftById(this.deps.db, id);
    const [nft] = await nftViews(this.deps.db, [row], this.deps.now());
    const bids = await this.deps.db
      .select({ bid: nftBids, username: users.username })
      .from(nftBids)
      .innerJoin(users, eq(users.id, nftBids.userId))
      .where(eq(nftBids.nftId, id))
      .orderBy(desc(nftBids.id))
      .limit(100);
    return {
      nft,
      bids: bids.map(({ bid, username }) => ({
        id: bid.id.toString(),
        bidder: maskName(username),
        amount: money(bid.amount),
        kind: bid.kind,
        status: bid.status,
        mine: viewer !== undefined && bid.userId === viewer,
        createdAt: bid.createdAt.toISOString(),
      })),
      serverTime: new Date(this.deps.now()).toISOString(),
    };
  }

  /** The artwork of an NFT (SVG from its seed). */
  async image(id: bigint): Promise<string> {
    return artSvg((await nftById(this.deps.db, id)).seed);
  }

  buy(userId: bigint, body: BuyNftBody): Promise<Nft> {
    return buyNft(this.deps, userId, body);
  }

  /** NFTs the user owns and live auctions they bid on (leading or outbid), bidding first. */
  async mine(userId: bigint, q: MyNftQuery): Promise<MyNftPage> {
    const myBids = await this.deps.db
      .select({ nftId: nftBids.nftId, top: sql<string>`max(${nftBids.amount})::text` })
      .from(nftBids)
      .where(eq(nftBids.userId, userId))
      .groupBy(nftBids.nftId);
    const topOf = new Map(myBids.map((b) => [b.nftId.toString(), b.top]));
    const bidOn = myBids.map((b) => b.nftId);
    const rows = await this.deps.db
      .select()
      .from(nfts)
      .where(or(eq(nfts.ownerId, userId), bidOn.length ? and(eq(nfts.status, 'auction'), inArray(nfts.id, bidOn)) : sql`false`))
      .orderBy(desc(nfts.id));
    const views = await nftViews(this.deps.db, rows, this.deps.now());
    const all = rows
      .map((r, i) => {
        const owned = r.ownerId === userId;
        return {
          nft: views[i],
          relation: owned ? ('owned' as const) : ('bidding' as const),
          myBid: topOf.has(r.id.toString()) ? money(topOf.get(r.id.toString())) : owned ? money(r.soldPrice) : null,
          leading: !owned && r.currentBidderId === userId,
        };
      })
      .sort((a, b) => (a.relation === b.relation ? 0 : a.relation === 'bidding' ? -1 : 1));
    const size = q.pageSize ?? 20;
    const from = ((q.pageNum ?? 1) - 1) * size;
    return { rows: all.slice(from, from + size), total: all.length };
  }

  donations(): Promise<Donations> {
    return donations(this.deps);
  }

  // ---------------------------------------------------------------- scheduler (leader)
  runDue(now = this.deps.now()) {
    return runDueAuctions(this.deps, now);
  }

  // ---------------------------------------------------------------- operators
  listNew(operatorId: bigint, body: ListNewNftBody): Promise<Nft> {
    return listNewNft(this.deps, operatorId, body);
  }

  recordPayout(operatorId: bigint, body: CharityPayoutBody): Promise<Donations> {
    return recordPayout(this.deps, operatorId, body);
  }
}
