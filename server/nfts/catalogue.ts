/**
 * The NFT catalogue (docs/nfts.md): what an NFT looks like on the wire, the public lists, the
 * seeded collection and operators' new listings (audited). Donations per NFT are read from the
 * ledger (transfers to the charity account that name the NFT), never from a stored counter.
 */
import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { Err } from '../../src/contract/errors.ts';
import {
  MIN_INCREMENT,
  NFT_ASSET,
  type ListNewNftBody,
  type ListNftQuery,
  type Nft,
  type NftPage,
} from '../../src/contract/nfts.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { ledgerAccounts, ledgerTransfers } from '../platform/ledger/schema.ts';
import { nfts } from './schema.ts';
import { users } from '../platform/identity/schema.ts';
import { writeAudit } from '../platform/audit/audit.ts';
import { parseOperatorAmount } from '../platform/operators/operatorAmounts.ts';
import { BizError } from '../platform/http/errors.ts';
import { fmt } from '../platform/ledger/amounts.ts';
import { isEthereumAddress, toChecksumAddress } from '../../src/contract/chainAddresses.ts';
import type { NftDeps } from './deps.ts';
import { nftNext } from './status.ts';

export type NftRow = typeof nfts.$inferSelect;
export const money = (v: string | null | undefined) => fmt(NFT_ASSET, v);
const moneyOrNull = (v: string | null) => (v === null ? null : money(v));

/** "alice_92" → "al***2": enough to tell bidders apart, not to identify them. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}

/** What the next bid must be at least: the reserve for the first, else the current bid + 5 % rounded up to USDT's 6 places. */
export function minNextBid(n: Pick<NftRow, 'reservePrice' | 'currentBid'>): string {
  if (n.currentBid === null) return money(n.reservePrice);
  return new Decimal(n.currentBid).mul(new Decimal(1).add(MIN_INCREMENT)).toDecimalPlaces(6, Decimal.ROUND_UP).toFixed(6);
}

/** Donated so far per NFT id, summed from the ledger's transfers into the charity account. */
export async function donationsByNft(db: DbOrTx, ids: bigint[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ refId: ledgerTransfers.refId, total: sql<string>`sum(${ledgerTransfers.amount})::text` })
    .from(ledgerTransfers)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.creditAccountId))
    .where(
      and(
        eq(ledgerAccounts.ownerKind, 'platform'),
        eq(ledgerAccounts.purpose, 'charity'),
        eq(ledgerTransfers.book, 'real'),
        eq(ledgerTransfers.refType, 'nft'),
        inArray(ledgerTransfers.refId, ids.map(String)),
      ),
    )
    .groupBy(ledgerTransfers.refId);
  return new Map(rows.map((r) => [r.refId ?? '', money(r.total)]));
}

async function ownerNames(db: DbOrTx, rows: NftRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.ownerId).filter((x): x is bigint => x !== null))];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id.toString(), maskName(u.username)]));
}

export function nftView(n: NftRow, donated: string, owner: string | null, now: number): Nft {
  const live = n.status === 'auction' && n.endTime !== null && n.endTime.getTime() > now;
  return {
    id: n.id.toString(),
    name: n.name,
    image: `/swx/customer/index/nftImage/${n.id}.svg`,
    seed: n.seed,
    creator: n.creator,
    chain: n.chain,
    contractAddress: n.contractAddress,
    tokenId: n.tokenId,
    verified: n.verified,
    saleType: n.saleType,
    price: moneyOrNull(n.price),
    reservePrice: moneyOrNull(n.reservePrice),
    currentBid: moneyOrNull(n.currentBid),
    minNextBid: live ? minNextBid(n) : null,
    bidCount: n.bidCount,
    startTime: n.startTime ? n.startTime.toISOString() : null,
    endTime: n.endTime ? n.endTime.toISOString() : null,
    status: n.status,
    donationShare: new Decimal(n.donationShare).toFixed(),
    charity: n.charity,
    cumulativeDonation: donated,
    owner,
    custody: 'platform',
    soldPrice: moneyOrNull(n.soldPrice),
    soldAt: n.soldAt ? n.soldAt.toISOString() : null,
  };
}

/** Views of several rows with their donations and owners (two queries for the whole page). */
export async function nftViews(db: DbOrTx, rows: NftRow[], now: number): Promise<Nft[]> {
  const [donated, owners] = [
    await donationsByNft(
      db,
      rows.map((r) => r.id),
    ),
    await ownerNames(db, rows),
  ];
  return rows.map((r) =>
    nftView(
      r,
      donated.get(r.id.toString()) ?? money('0'),
      r.ownerId === null ? null : (owners.get(r.ownerId.toString()) ?? null),
      now,
    ),
  );
}

export async function listNfts(deps: NftDeps, q: ListNftQuery): Promise<NftPage> {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(nfts.status, q.status));
  if (q.saleType) conds.push(eq(nfts.saleType, q.saleType));
  const where = conds.length ? and(...conds) : undefined;
  const size = q.pageSize ?? 20;
  // live auctions ending first, then the rest newest first
  const rows = await deps.db
    .select()
    .from(nfts)
    .where(where)
    .orderBy(
      sql`case when ${nfts.status} = 'auction' then 0 when ${nfts.status} = 'listed' then 1 else 2 end`,
      asc(nfts.endTime),
      desc(nfts.id),
    )
    .limit(size)
    .offset(((q.pageNum ?? 1) - 1) * size);
  const [{ total }] = await deps.db.select({ total: count() }).from(nfts).where(where);
  return { rows: await nftViews(deps.db, rows, deps.now()), total: Number(total) };
}

export async function nftById(db: DbOrTx, id: bigint): Promise<NftRow> {
  const [row] = await db.select().from(nfts).where(eq(nfts.id, id));
  if (!row) throw new BizError(Err.RECORD_NOT_FOUND);
  return row;
}

/** A checksummed contract address: lower- or upper-case hex is checksummed, mixed case must already be right. */
export function checksummed(address: string): string {
  if (!isEthereumAddress(address)) throw new BizError(Err.NFT_LISTING_INVALID, { field: 'contractAddress' });
  return toChecksumAddress(address.slice(2).toLowerCase());
}

/** The seeded collections' contract addresses: the last 20 bytes of keccak-256 of a name, checksummed. */
export const collectionAddress = (name: string) => toChecksumAddress(bytesToHex(keccak_256(utf8ToBytes(name))).slice(-40));

/** A price the operator typed: present, positive, within OPERATOR_AMOUNT_MAX and the asset's precision (10269, 10270). */
function positive(v: string | undefined, field: string, max: string): string {
  if (v === undefined) throw new BizError(Err.NFT_LISTING_INVALID, { field });
  if (!/^[0-9]{1,20}(\.[0-9]{1,18})?$/.test(v) || new Decimal(v).lte(0)) throw new BizError(Err.NFT_LISTING_INVALID, { field });
  return parseOperatorAmount(NFT_ASSET, v, { max, field });
}

/** The row an operator's listing becomes (checked; times default to now … now + 7 days). */
export function listingValues(deps: NftDeps, b: ListNewNftBody, operatorId: bigint | null) {
  const now = deps.now();
  const auction = b.saleType === 'auction';
  const start = b.startTime ? Date.parse(b.startTime) : now;
  const end = b.endTime ? Date.parse(b.endTime) : start + 7 * 86_400_000;
  if (auction && (end <= start || end <= now || end - start > 90 * 86_400_000))
    throw new BizError(Err.NFT_LISTING_INVALID, { field: 'endTime' });
  return {
    seed: b.seed ?? crypto.randomInt(0, 2_147_483_647),
    name: b.name.trim(),
    creator: b.creator.trim(),
    chain: b.chain,
    contractAddress: checksummed(b.contractAddress),
    tokenId: b.tokenId,
    verified: b.verified,
    saleType: b.saleType,
    asset: NFT_ASSET,
    price: auction ? null : positive(b.price, 'price', deps.amountMax),
    reservePrice: auction ? positive(b.reservePrice, 'reservePrice', deps.amountMax) : null,
    startTime: auction ? new Date(start) : null,
    endTime: auction ? new Date(end) : null,
    // an auction whose start has come opens at once (listed → auction on the chart)
    status: auction && start <= now ? nftNext('listed', { type: 'auction.open' }) : ('listed' as const),
    donationShare: deps.donationShare,
    charity: deps.charity,
    listedBy: operatorId,
    clientKey: b.clientKey ?? null,
  };
}

/** An operator lists a new NFT (audited). A retry with the same client key answers the first. */
export async function listNewNft(deps: NftDeps, operatorId: bigint, b: ListNewNftBody): Promise<Nft> {
  if (b.name.trim() === '' || b.creator.trim() === '')
    throw new BizError(Err.NFT_LISTING_INVALID, { field: b.name.trim() === '' ? 'name' : 'creator' });
  const values = listingValues(deps, b, operatorId);
  const row = await deps.db.transaction(async (tx) => {
    if (b.clientKey) {
      const [first] = await tx
        .select()
        .from(nfts)
        .where(and(eq(nfts.listedBy, operatorId), eq(nfts.clientKey, b.clientKey)));
      if (first) return first;
    }
    const [taken] = await tx
      .select({ id: nfts.id })
      .from(nfts)
      .where(
        and(eq(nfts.chain, values.chain), eq(nfts.contractAddress, values.contractAddress), eq(nfts.tokenId, values.tokenId)),
      );
    if (taken) throw new BizError(Err.NFT_LISTING_INVALID, { field: 'tokenId' });
    const [ins] = await tx.insert(nfts).values(values).returning();
    await writeAudit(tx, { actorId: operatorId, action: 'nft.list', targetType: 'nft', targetId: ins.id, after: ins });
    return ins;
  });
  return (await nftViews(deps.db, [row], deps.now()))[0];
}

interface SeedNft {
  code: string;
  name: string;
  creator: string;
  chain: 'Ethereum' | 'Polygon';
  seed: number;
  verified: boolean;
  price?: string;
  reserve?: string;
  days?: number;
}

/** The first collection: artworks drawn by the platform for the charity. */
const SEED: SeedNft[] = [
  {
    code: 'sunrise-01',
    name: 'First Light',
    creator: 'Mina Sato',
    chain: 'Ethereum',
    seed: 1000,
    verified: true,
    reserve: '150',
    days: 3,
  },
  { code: 'grid-02', name: 'Playground Grid', creator: 'Studio Kite', chain: 'Polygon', seed: 1001, verified: true, price: '80' },
  {
    code: 'tide-03',
    name: 'Evening Tide',
    creator: 'Lucas Moreau',
    chain: 'Ethereum',
    seed: 1002,
    verified: true,
    reserve: '120',
    days: 5,
  },
  { code: 'ridge-04', name: 'Blue Ridges', creator: 'Amara Okafor', chain: 'Polygon', seed: 1003, verified: false, price: '60' },
  { code: 'bloom-05', name: 'Paper Bloom', creator: 'Hana Kim', chain: 'Ethereum', seed: 1004, verified: true, price: '95' },
  {
    code: 'orbit-06',
    name: 'Little Orbits',
    creator: 'Studio Kite',
    chain: 'Polygon',
    seed: 1005,
    verified: true,
    reserve: '200',
    days: 7,
  },
  {
    code: 'blocks-07',
    name: 'Building Blocks',
    creator: 'Jonas Berg',
    chain: 'Ethereum',
    seed: 1006,
    verified: false,
    price: '45',
  },
  {
    code: 'waves-08',
    name: 'Harbour Song',
    creator: 'Lucía Romero',
    chain: 'Polygon',
    seed: 1007,
    verified: true,
    reserve: '90',
    days: 2,
  },
  {
    code: 'dusk-09',
    name: 'Hills at Dusk',
    creator: 'Amara Okafor',
    chain: 'Ethereum',
    seed: 1008,
    verified: true,
    price: '120',
  },
];

/** Seeds the collection once, by `code` (later starts and other instances change nothing). */
export async function seedNfts(deps: NftDeps): Promise<void> {
  const now = deps.now();
  const contract = { Ethereum: collectionAddress('charity-nft:ethereum'), Polygon: collectionAddress('charity-nft:polygon') };
  for (const [i, s] of SEED.entries()) {
    const auction = s.reserve !== undefined;
    await deps.db
      .insert(nfts)
      .values({
        code: s.code,
        seed: s.seed,
        name: s.name,
        creator: s.creator,
        chain: s.chain,
        contractAddress: contract[s.chain],
        tokenId: String(i + 1),
        verified: s.verified,
        saleType: auction ? 'auction' : 'buy_now',
        asset: NFT_ASSET,
        price: auction ? null : s.price,
        reservePrice: auction ? s.reserve : null,
        startTime: auction ? new Date(now) : null,
        endTime: auction ? new Date(now + (s.days ?? 3) * 86_400_000) : null,
        status: auction ? nftNext('listed', { type: 'auction.open' }) : 'listed',
        donationShare: deps.donationShare,
        charity: deps.charity,
      })
      .onConflictDoNothing();
  }
}
