/**
 * Charity NFT test fixtures: a clock the test moves, bids and purchases through the API, balances,
 * and row counts of everything a refusal must leave untouched.
 */
import crypto from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { charityPayouts, nftBids, nftSales, nfts } from '../../../server/nfts/schema.ts';
import { ledgerTransfers } from '../../../server/platform/ledger/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { body } from '../helpers.ts';
import { real, type TestUser } from '../wallet/walletFixtures.ts';

export const clientKey = () => crypto.randomUUID();

export async function nftList(app: FastifyInstance, query = '') {
  const res = await app.inject({ url: `/swx/customer/index/listNft?pageSize=100${query}` });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read fields freely; the route's schema checked the shape
  type Row = Record<string, any>;
  return body(res).result.rows as Row[];
}

export async function nftByName(app: FastifyInstance, name: string) {
  const n = (await nftList(app)).find((r) => r.name === name);
  if (!n) throw new Error(`no NFT named ${name}`);
  return n;
}

export async function detail(app: FastifyInstance, id: string, u?: TestUser) {
  return body(await app.inject({ url: `/swx/customer/index/getNft/${id}`, headers: u ? { authorization: u.token } : {} })).result;
}

export async function buyNft(
  app: FastifyInstance,
  u: TestUser,
  b: { id: string; kind: 'buy' | 'bid'; amount: string; clientKey?: string },
  headers: Record<string, string> = real(u),
) {
  return body(
    await app.inject({ method: 'POST', url: '/swx/customer/user/buyNft', headers, payload: { clientKey: clientKey(), ...b } }),
  );
}

export async function usdt(app: FastifyInstance, u: TestUser): Promise<{ available: string; nftBidHold: string }> {
  const r = body(await app.inject({ url: '/swx/customer/user/balances', headers: real(u) })).result;
  return r.assets.find((a: { asset: string }) => a.asset === 'USDT');
}

export async function donationsPage(app: FastifyInstance) {
  return body(await app.inject({ url: '/swx/customer/index/donations' })).result;
}

export const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Rows of every table the NFT domain writes, and the sum of all balances: compare around a refusal. */
export async function nftCounts(app: FastifyInstance) {
  const n = async (t: PgTable) => Number((await app.db.select({ n: count() }).from(t))[0].n);
  const [bal] = rows<{ s: string }>(
    await app.db.execute(
      sql`select coalesce(sum(abs(balance)), 0)::text as s, string_agg(balance::text, ',' order by id) as all from ledger_accounts`,
    ),
  );
  const [st] = rows<{ s: string }>(
    await app.db.execute(
      sql`select string_agg(id || ':' || status || ':' || coalesce(current_bid::text, '-') || ':' || coalesce(end_time::text, '-'), ',' order by id) as s from nfts`,
    ),
  );
  return {
    nfts: await n(nfts),
    bids: await n(nftBids),
    sales: await n(nftSales),
    payouts: await n(charityPayouts),
    transfers: await n(ledgerTransfers),
    notifications: await n(notifications),
    audit: await n(auditLog),
    balances: bal,
    statuses: st.s,
  };
}
