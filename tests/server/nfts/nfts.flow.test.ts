import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { body, usingPostgres, useTestApp } from '../helpers.ts';
import { adminCall, createUser, demo, fund, real, type TestUser } from '../wallet/walletFixtures.ts';
import { testClock } from '../smart/smartFixtures.ts';
import { buyNft, clientKey, detail, donationsPage, nftByName, nftCounts, nftList, usdt } from './nftFixtures.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { isEthereumAddress } from '../../../src/contract/chainAddresses.ts';
import { artSvg } from '../../../server/nfts/art.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';

const MIN = 60_000;
const DAY = 86_400_000;

/**
 * Charity NFTs end to end on the service: the seeded catalogue, buy now, an auction with bids held
 * and released, anti-sniping, settlement with the clock moved, donations and payouts; every
 * refusal writes nothing; the ledger reconciles after each story.
 */
describe(`charity NFTs: catalogue, buy now, auctions, donations (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = testClock();
  const t = useTestApp(() => ({ clock: clock.now }));
  let op: TestUser;
  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
  });

  it('seeds the collection: artwork from a seed, checksummed contract addresses, platform custody', async () => {
    const all = await nftList(t.app);
    expect(all).toHaveLength(9);
    for (const n of all) {
      expect(isEthereumAddress(n.contractAddress)).toBe(true);
      expect(n.contractAddress).not.toBe(n.contractAddress.toLowerCase());
      expect(n).toMatchObject({ custody: 'platform', donationShare: '1', cumulativeDonation: '0.000000', owner: null });
    }
    const auctions = await nftList(t.app, '&status=auction');
    expect(auctions.map((n) => n.name)).toEqual(['Harbour Song', 'First Light', 'Evening Tide', 'Little Orbits']);
    expect(auctions[0]).toMatchObject({
      saleType: 'auction',
      reservePrice: '90.000000',
      currentBid: null,
      minNextBid: '90.000000',
      endTime: new Date(clock.now() + 2 * DAY).toISOString(),
    });
    expect(await nftList(t.app, '&status=listed&saleType=buy_now')).toHaveLength(5);
    // the same seed draws the same picture; the image route serves it as SVG
    const first = all.find((n) => n.name === 'First Light')!;
    const res = await t.app.inject({ url: first.image });
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toBe(artSvg(first.seed));
    expect(new Set(all.map((n) => artSvg(n.seed))).size).toBe(9);
    expect((await t.app.inject({ url: '/swx/customer/index/nftImage/999999.svg' })).json().code).toBe(Err.RECORD_NOT_FOUND);
  });

  it('buy now: the price straight to the charity; refusals (price, demo, balance, sold) write nothing; a retry answers the first', async () => {
    const grid = await nftByName(t.app, 'Playground Grid');
    const u = await createUser(t.app);
    const poor = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '200');
    await fund(t.app, poor.id, 'USDT', '10');
    await fund(t.app, u.id, 'USDT', '500', 'demo');
    const before = await nftCounts(t.app);
    expect((await buyNft(t.app, u, { id: grid.id, kind: 'buy', amount: '79' })).code).toBe(Err.NFT_PRICE_MISMATCH);
    expect((await buyNft(t.app, u, { id: grid.id, kind: 'bid', amount: '80' })).code).toBe(Err.NFT_STATUS_WRONG);
    expect((await buyNft(t.app, u, { id: grid.id, kind: 'buy', amount: '80' }, demo(u))).code).toBe(Err.DEMO_NOT_ALLOWED);
    expect((await buyNft(t.app, poor, { id: grid.id, kind: 'buy', amount: '80' })).code).toBe(Err.INSUFFICIENT_BALANCE);
    expect((await buyNft(t.app, u, { id: grid.id, kind: 'buy', amount: '80.0000001' })).code).toBe(Err.AMOUNT_INVALID);
    expect(await nftCounts(t.app)).toEqual(before);

    const key = clientKey();
    const r = await buyNft(t.app, u, { id: grid.id, kind: 'buy', amount: '80', clientKey: key });
    expect(r.code).toBe(Ok.PURCHASE_SUCCESSFUL);
    expect(r.result).toMatchObject({
      status: 'sold',
      soldPrice: '80.000000',
      cumulativeDonation: '80.000000',
      owner: `${u.username.slice(0, 2)}***${u.username.slice(-1)}`,
    });
    const after = await nftCounts(t.app);
    expect((await buyNft(t.app, u, { id: grid.id, kind: 'buy', amount: '80', clientKey: key })).result.id).toBe(grid.id);
    expect(await nftCounts(t.app)).toEqual(after);
    expect(await usdt(t.app, u)).toMatchObject({ available: '120.000000', nftBidHold: '0.000000' });
    const other = await createUser(t.app);
    await fund(t.app, other.id, 'USDT', '100');
    const funded = await nftCounts(t.app);
    expect((await buyNft(t.app, other, { id: grid.id, kind: 'buy', amount: '80' })).code).toBe(Err.NFT_STATUS_WRONG);
    expect(await nftCounts(t.app)).toEqual(funded);
    const mine = body(await t.app.inject({ url: '/swx/customer/user/listNft', headers: real(u) })).result;
    expect(mine.rows).toEqual([expect.objectContaining({ relation: 'owned', myBid: '80.000000', leading: false })]);
    // bought in the real book: "my NFTs" is refused under the demo header (10033), never answered with the real ones
    expect(body(await t.app.inject({ url: '/swx/customer/user/listNft', headers: demo(u) }))).toMatchObject({
      code: Err.DEMO_NOT_ALLOWED,
      result: null,
    });
    const d = await donationsPage(t.app);
    expect(d).toMatchObject({ totalDonated: '80.000000', totalPaidOut: '0.000000', pending: '80.000000' });
    expect(d.rows[0]).toMatchObject({
      kind: 'sale',
      nftName: 'Playground Grid',
      gross: '80.000000',
      amount: '80.000000',
      payoutStatus: 'pending',
    });
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('auction: reserve, 5 % increment, outbid released at once, anti-sniping, settlement once with the clock moved', async () => {
    const n = await nftByName(t.app, 'Harbour Song');
    const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    for (const u of [a, b, c]) await fund(t.app, u.id, 'USDT', '500');
    // c holds a bid on another auction all along: nothing here may touch it
    const tide = await nftByName(t.app, 'Evening Tide');
    expect((await buyNft(t.app, c, { id: tide.id, kind: 'bid', amount: '120' })).code).toBe(Ok.PURCHASE_SUCCESSFUL);

    let before = await nftCounts(t.app);
    const low = await buyNft(t.app, a, { id: n.id, kind: 'bid', amount: '89.99' });
    expect(low).toMatchObject({ code: Err.NFT_BID_TOO_LOW });
    expect(low.msg).toContain('90.000000');
    expect((await buyNft(t.app, a, { id: n.id, kind: 'buy', amount: '90' })).code).toBe(Err.NFT_STATUS_WRONG);
    expect(await nftCounts(t.app)).toEqual(before);

    expect((await buyNft(t.app, a, { id: n.id, kind: 'bid', amount: '100' })).result).toMatchObject({
      currentBid: '100.000000',
      minNextBid: '105.000000',
      bidCount: 1,
    });
    expect(await usdt(t.app, a)).toMatchObject({ available: '400.000000', nftBidHold: '100.000000' });
    before = await nftCounts(t.app);
    expect((await buyNft(t.app, a, { id: n.id, kind: 'bid', amount: '120' })).code).toBe(Err.NFT_ALREADY_LEADING);
    expect((await buyNft(t.app, b, { id: n.id, kind: 'bid', amount: '104.99' })).code).toBe(Err.NFT_BID_TOO_LOW);
    expect(await nftCounts(t.app)).toEqual(before);

    expect((await buyNft(t.app, b, { id: n.id, kind: 'bid', amount: '105' })).code).toBe(Ok.PURCHASE_SUCCESSFUL);
    // outbid: a's money is back at once, and a is told
    expect(await usdt(t.app, a)).toMatchObject({ available: '500.000000', nftBidHold: '0.000000' });
    expect(await usdt(t.app, b)).toMatchObject({ available: '395.000000', nftBidHold: '105.000000' });
    const [note] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.id), eq(notifications.kind, 'nft.outbid')));
    expect(note.params).toMatchObject({ name: 'Harbour Song', amount: '100.000000', newBid: '105.000000' });
    const aMine = body(await t.app.inject({ url: '/swx/customer/user/listNft', headers: real(a) })).result.rows;
    expect(aMine).toEqual([expect.objectContaining({ relation: 'bidding', leading: false, myBid: '100.000000' })]);

    // a bid in the last five minutes moves the end five minutes later
    const end = Date.parse(n.endTime);
    clock.set(end - 2 * MIN);
    const late = await buyNft(t.app, a, { id: n.id, kind: 'bid', amount: '110.25' });
    expect(late.result.endTime).toBe(new Date(end + 5 * MIN).toISOString());
    expect(await usdt(t.app, b)).toMatchObject({ available: '500.000000', nftBidHold: '0.000000' });

    // the original end passes: still live; the scheduler settles nothing
    clock.set(end + 1 * MIN);
    expect(await t.app.nfts.runDue()).toMatchObject({ sold: 0 });
    expect((await detail(t.app, n.id)).nft.status).toBe('auction');
    // the extended end passes: a bid is refused, settlement pays the charity once
    clock.set(end + 5 * MIN + 1);
    before = await nftCounts(t.app);
    expect((await buyNft(t.app, b, { id: n.id, kind: 'bid', amount: '200' })).code).toBe(Err.NFT_STATUS_WRONG);
    expect(await nftCounts(t.app)).toEqual(before);
    expect(await t.app.nfts.runDue()).toMatchObject({ sold: 1 });
    const settled = await t.app.nfts.runDue();
    expect(settled.sold).toBe(0);
    const after = await detail(t.app, n.id, a);
    expect(after.nft).toMatchObject({
      status: 'sold',
      soldPrice: '110.250000',
      cumulativeDonation: '110.250000',
      soldAt: new Date(end + 5 * MIN).toISOString(),
    });
    expect(after.bids.map((x: { amount: string; status: string; mine: boolean }) => [x.amount, x.status, x.mine])).toEqual([
      ['110.250000', 'won', true],
      ['105.000000', 'released', false],
      ['100.000000', 'released', true],
    ]);
    expect(await usdt(t.app, a)).toMatchObject({ available: '389.750000', nftBidHold: '0.000000' });
    expect(await usdt(t.app, c)).toMatchObject({ available: '380.000000', nftBidHold: '120.000000' });
    const [won] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.id), eq(notifications.kind, 'nft.won')));
    expect(won.params).toMatchObject({ amount: '110.250000' });
    const d = await donationsPage(t.app);
    expect(d.totalDonated).toBe('190.250000');
    expect(d.rows.filter((r: { kind: string }) => r.kind === 'sale').map((r: { nftName: string }) => r.nftName)).toEqual([
      'Harbour Song',
      'Playground Grid',
    ]);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('operators record payouts to the charity (audited; never more than it holds; a hash once); sales show as paid', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const before = await nftCounts(t.app);
    const tooMuch = await adminCall(t.app, op, 'POST', '/charity/payouts', {
      amount: '190.250001',
      txHash: hash,
      note: 'too much',
    });
    expect(tooMuch.code).toBe(Err.CHARITY_PAYOUT_TOO_LARGE);
    const customer = await createUser(t.app);
    const notOp = body(
      await t.app.inject({
        method: 'POST',
        url: '/admin-api/charity/payouts',
        headers: { authorization: customer.token },
        payload: { amount: '1', txHash: hash, note: '' },
      }),
    );
    expect(notOp.code).not.toBe(200);
    expect(await nftCounts(t.app)).toEqual(before);
    const key = clientKey();
    const r = await adminCall(t.app, op, 'POST', '/charity/payouts', {
      amount: '100',
      txHash: hash,
      note: 'November transfer',
      clientKey: key,
    });
    expect(r.code).toBe(200);
    expect(r.result).toMatchObject({ totalDonated: '190.250000', totalPaidOut: '100.000000', pending: '90.250000' });
    // oldest sale first: the 80 of Playground Grid is covered, Harbour Song not yet
    const sales = r.result.rows.filter((x: { kind: string }) => x.kind === 'sale');
    expect(
      sales.map((s: { nftName: string; payoutStatus: string; txHash: string | null }) => [s.nftName, s.payoutStatus, s.txHash]),
    ).toEqual([
      ['Harbour Song', 'pending', null],
      ['Playground Grid', 'paid', hash],
    ]);
    expect(r.result.rows.find((x: { kind: string }) => x.kind === 'payout')).toMatchObject({
      amount: '100.000000',
      txHash: hash,
      note: 'November transfer',
    });
    const again = await adminCall(t.app, op, 'POST', '/charity/payouts', {
      amount: '100',
      txHash: hash,
      note: 'November transfer',
      clientKey: key,
    });
    expect(again.result.totalPaidOut).toBe('100.000000');
    expect((await adminCall(t.app, op, 'POST', '/charity/payouts', { amount: '1', txHash: hash, note: 'again' })).code).toBe(
      Err.TX_HASH_USED,
    );
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'charity.payout'));
    expect(audit.actorId).toBe(op.id);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('operators list new NFTs (audited, address checksummed, refusals write nothing); an auction without bids ends unsold', async () => {
    const lower = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
    const base = {
      name: 'Kite Day',
      creator: 'Studio Kite',
      chain: 'Ethereum',
      contractAddress: lower,
      tokenId: '77',
      verified: true,
      seed: 42,
    };
    const before = await nftCounts(t.app);
    expect(
      (
        await adminCall(t.app, op, 'POST', '/nfts', {
          ...base,
          contractAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
          saleType: 'buy_now',
          price: '10',
        })
      ).code,
    ).toBe(Err.NFT_LISTING_INVALID);
    expect((await adminCall(t.app, op, 'POST', '/nfts', { ...base, saleType: 'buy_now' })).code).toBe(Err.NFT_LISTING_INVALID);
    expect(
      (
        await adminCall(t.app, op, 'POST', '/nfts', {
          ...base,
          saleType: 'auction',
          reservePrice: '10',
          endTime: new Date(clock.now() - 1000).toISOString(),
        })
      ).code,
    ).toBe(Err.NFT_LISTING_INVALID);
    expect(await nftCounts(t.app)).toEqual(before);

    const listed = await adminCall(t.app, op, 'POST', '/nfts', { ...base, saleType: 'buy_now', price: '25.5' });
    expect(listed.result).toMatchObject({
      contractAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      price: '25.500000',
      status: 'listed',
      seed: 42,
      verified: true,
    });
    expect((await adminCall(t.app, op, 'POST', '/nfts', { ...base, saleType: 'buy_now', price: '25.5' })).code).toBe(
      Err.NFT_LISTING_INVALID,
    );
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'nft.list'), eq(auditLog.targetId, listed.result.id)));
    expect(audit.actorId).toBe(op.id);

    // an auction starting in an hour is listed, opened by the scheduler, and ends unsold without bids
    const start = clock.now() + 60 * MIN;
    const auc = await adminCall(t.app, op, 'POST', '/nfts', {
      ...base,
      tokenId: '78',
      saleType: 'auction',
      reservePrice: '30',
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + DAY).toISOString(),
    });
    expect(auc.result.status).toBe('listed');
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '100');
    expect((await buyNft(t.app, u, { id: auc.result.id, kind: 'bid', amount: '30' })).code).toBe(Err.NFT_STATUS_WRONG);
    clock.set(start);
    expect((await t.app.nfts.runDue()).opened).toBe(1);
    expect((await detail(t.app, auc.result.id)).nft.status).toBe('auction');
    clock.set(start + DAY);
    expect((await t.app.nfts.runDue()).unsold).toBeGreaterThanOrEqual(1);
    expect((await detail(t.app, auc.result.id)).nft).toMatchObject({
      status: 'unsold',
      owner: null,
      cumulativeDonation: '0.000000',
    });
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });
});
