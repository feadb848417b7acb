import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, usingPostgres, useTestApp, type TestApp } from '../helpers.ts';
import { createUser, fund, type TestUser } from '../wallet/walletFixtures.ts';
import { testClock } from '../smart/smartFixtures.ts';
import { buyNft, clientKey, detail, nftByName, rows, usdt } from './nftFixtures.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';

const DAY = 86_400_000;

/**
 * Charity NFTs under races: simultaneous bids on one auction leave exactly one held bid and every
 * other bidder whole; simultaneous purchases sell once; retries of one key bid once; two
 * instances settling at the same moment settle each auction once.
 */
describe(`charity NFTs under races (${usingPostgres() ? 'PostgreSQL pool' : 'PGlite'})`, () => {
  const clock = testClock();
  const t = useTestApp(() => ({ clock: clock.now }));
  let bidders: TestUser[];
  beforeAll(async () => {
    bidders = [];
    for (let i = 0; i < 12; i++) {
      const u = await createUser(t.app);
      await fund(t.app, u.id, 'USDT', '1000');
      bidders.push(u);
    }
  });

  it('twelve bids at once: one held bid, the rest refused or released, every bidder whole', async () => {
    const n = await nftByName(t.app, 'Little Orbits');
    const amounts = bidders.map((_, i) => String(200 + ((i * 7) % 12) * 20));
    const replies = await Promise.all(bidders.map((u, i) => buyNft(t.app, u, { id: n.id, kind: 'bid', amount: amounts[i] })));
    for (const r of replies) expect([Ok.PURCHASE_SUCCESSFUL, Err.NFT_BID_TOO_LOW]).toContain(r.code);
    const d = await detail(t.app, n.id);
    const held = d.bids.filter((b: { status: string }) => b.status === 'held');
    expect(held).toHaveLength(1);
    expect(held[0].amount).toBe(d.nft.currentBid);
    expect(d.nft.bidCount).toBe(replies.filter((r) => r.code === Ok.PURCHASE_SUCCESSFUL).length);
    let holds = 0;
    for (const u of bidders) {
      const b = await usdt(t.app, u);
      expect(Number(b.available) + Number(b.nftBidHold)).toBe(1000);
      holds += Number(b.nftBidHold);
    }
    expect(holds).toBe(Number(d.nft.currentBid));
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('six purchases of one buy-now NFT at once sell it once; six retries of one key bid once', async () => {
    const bloom = await nftByName(t.app, 'Paper Bloom');
    const replies = await Promise.all(
      bidders.slice(0, 6).map((u) => buyNft(t.app, u, { id: bloom.id, kind: 'buy', amount: '95' })),
    );
    expect(replies.filter((r) => r.code === Ok.PURCHASE_SUCCESSFUL)).toHaveLength(1);
    expect(replies.filter((r) => r.code === Err.NFT_STATUS_WRONG)).toHaveLength(5);
    const tide = await nftByName(t.app, 'Evening Tide');
    const key = clientKey();
    const same = await Promise.all(
      Array.from({ length: 6 }, () => buyNft(t.app, bidders[11], { id: tide.id, kind: 'bid', amount: '130', clientKey: key })),
    );
    expect(same.every((r) => r.code === Ok.PURCHASE_SUCCESSFUL)).toBe(true);
    expect((await detail(t.app, tide.id)).bids).toHaveLength(1);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('settlement runs racing each other settle each auction once', async () => {
    clock.days(8);
    const results = await Promise.all([t.app.nfts.runDue(), t.app.nfts.runDue(), t.app.nfts.runDue()]);
    const sold = results.reduce((s, r) => s + r.sold, 0);
    const [{ n }] = rows<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from ledger_transfers where reason = 'nft.sale'`),
    );
    // Little Orbits and Evening Tide at auction, Paper Bloom bought
    expect(sold).toBe(2);
    expect(Number(n)).toBe(3);
    const [{ h }] = rows<{ h: string }>(
      await t.app.db.execute(
        sql`select coalesce(sum(balance), 0)::text as h from ledger_accounts where purpose = 'nft_bid_hold'`,
      ),
    );
    expect(Number(h)).toBe(0);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  describe.skipIf(!usingPostgres())('two instances on one database', () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await buildTestApp({ databaseUrl: t.config.databaseUrl, clock: clock.now });
      return () => second.close();
    });

    it('both settling at once settle each auction once', async () => {
      const op = await createUser(t.app, 'operator');
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await t.app.inject({
          method: 'POST',
          url: '/admin-api/nfts',
          headers: { authorization: op.token },
          payload: {
            name: `Race ${i}`,
            creator: 'Test',
            chain: 'Polygon',
            contractAddress: `0x${'1'.repeat(39)}${i}`,
            tokenId: '1',
            verified: false,
            saleType: 'auction',
            reservePrice: '10',
            endTime: new Date(clock.now() + DAY).toISOString(),
          },
        });
        ids.push(r.json().result.id);
        expect((await buyNft(t.app, bidders[i], { id: ids[i], kind: 'bid', amount: '10' })).code).toBe(Ok.PURCHASE_SUCCESSFUL);
      }
      clock.days(2);
      const [a, b] = await Promise.all([t.app.nfts.runDue(), second.app.nfts.runDue()]);
      expect(a.sold + b.sold).toBe(4);
      const [{ n }] = rows<{ n: number }>(
        await t.app.db.execute(sql`select count(*)::int as n from ledger_transfers where reason = 'nft.donation'`),
      );
      expect(Number(n)).toBe(7);
      for (const id of ids) expect((await detail(t.app, id)).nft.status).toBe('sold');
      expect((await reconcile(t.app.db)).ok).toBe(true);
    });
  });
});
