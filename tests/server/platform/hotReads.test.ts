import zlib from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { body, useTestApp } from '../helpers.ts';
import { contentItems, contentTexts } from '../../../server/content/schema.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { CONTENT_CHANNEL, contentChanged } from '../../../server/content/plugin.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';

/**
 * The hot public reads are built once per change and served from there (docs/performance.md):
 * these tests pin that a change is seen, that nothing is served stale past its change, that the
 * ETag lets a client skip the body, and that the cached answers are compressed like any other.
 */
const IDX = '/swx/customer/index';
// a clock that only moves when the test says so: the cache's max age never passes by itself
let clock = Date.parse('2025-07-09T14:00:00Z'); // a Wednesday, every market open
const t = useTestApp({ clock: () => clock });

describe('market list, statistics and quotes', () => {
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { lang: 'en', ...headers } });
  const step = (code: string, factor: number) => {
    const q = t.app.market.get(code)!;
    clock += 10;
    t.app.market.applyFeed([{ code, price: q.price * factor, time: clock, volume: 1 }]);
  };

  it('serves one serialisation per set of prices, with an ETag that a client can revalidate', async () => {
    const url = `${IDX}/listMarketByType?type=crypto&pageNum=1&pageSize=20`;
    const a = await get(url);
    const b = await get(url);
    expect(a.statusCode).toBe(200);
    expect(a.headers.etag).toMatch(/^W\/"/);
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(b.body).toBe(a.body);
    expect(body(a).result.rows).toHaveLength(20);
    const notModified = await get(url, { 'if-none-match': a.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    // another language is another answer (the envelope's message), the same rows
    const de = await get(url, { lang: 'de' });
    expect(body(de).result).toEqual(body(a).result);
  });

  it('a feed step is seen by the next request: new price, new ETag', async () => {
    const url = `${IDX}/listMarketByType?type=crypto&pageSize=100`;
    const before = await get(url);
    const btc = () => (body(before).result.rows as { code: string; nowPrice: string }[]).find((r) => r.code === 'BTCUSDT')!;
    const statsBefore = await get(`${IDX}/marketStats`);
    const quoteBefore = await get(`${IDX}/getPrice/bitcoin`);
    step('BTCUSDT', 1.01);
    const after = await get(url);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const row = (body(after).result.rows as { code: string; nowPrice: string }[]).find((r) => r.code === 'BTCUSDT')!;
    expect(row.nowPrice).toBe(t.app.market.priceOf('BTCUSDT'));
    expect(row.nowPrice).not.toBe(btc().nowPrice);
    // the old ETag no longer matches: the client gets the new body
    expect((await get(url, { 'if-none-match': before.headers.etag as string })).statusCode).toBe(200);
    const quote = await get(`${IDX}/getPrice/bitcoin`);
    expect(body(quote).result.price).toBe(t.app.market.priceOf('BTCUSDT'));
    expect(body(quote).result.price).not.toBe(body(quoteBefore).result.price);
    const stats = await get(`${IDX}/marketStats`);
    expect(stats.headers.etag).not.toBe(statsBefore.headers.etag); // the 24h volume moved
  });

  it('without any tick, answers are rebuilt once their max age passed (stale and open flags follow the clock)', async () => {
    const url = `${IDX}/getPrice/ethereum`;
    const a = await get(url);
    clock += 999;
    expect((await get(url)).headers.etag).toBe(a.headers.etag);
    clock += 2;
    const later = await get(url);
    expect(body(later).result.time).toBe(body(a).result.time); // same price
    expect(later.body).toBe(a.body);
    // a fresh build: the store was emptied (same content, so the same validator)
    expect(later.headers.etag).toBe(a.headers.etag);
  });

  it('compresses a cached page for clients that accept it, from the same serialisation', async () => {
    const url = `${IDX}/listMarketByType?pageSize=50`;
    const plain = await get(url);
    const br = await get(url, { 'accept-encoding': 'gzip, br' });
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(br.headers.vary).toMatch(/accept-encoding/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('keeps refusals out of the cache: an unknown filter is still a coded 400', async () => {
    const bad = await get(`${IDX}/listMarketByType?type=nope`);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
  });
});

describe('home figures', () => {
  const get = (headers: Record<string, string> = {}) =>
    t.app.inject({ url: `${IDX}/homeFigures`, headers: { lang: 'en', ...headers } });

  it('reads the database at most once per feed step or second, however many visitors ask', async () => {
    const first = await get();
    expect(first.headers['cache-control']).toBe('no-cache');
    const n = Date.now().toString(36);
    await t.app.db.insert(users).values({ username: `hot_${n}`, inviteCode: `H${n}` });
    const cached = await get();
    expect(cached.body).toBe(first.body);
    expect((await get({ 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    // the next feed step (or a second later) reads the count anew
    clock += 10;
    const q = t.app.market.get('ETHUSDT')!;
    t.app.market.applyFeed([{ code: 'ETHUSDT', price: q.price * 1.001, time: clock, volume: 2 }]);
    const next = await get();
    expect(body(next).result.registeredUsers).toBe(body(first).result.registeredUsers + 1);
    expect(next.headers.etag).not.toBe(first.headers.etag);
  });
});

describe('content lists', () => {
  const get = (url: string, lang: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { lang, ...headers } });

  it('are cached per language, revalidate with ETag, and are read anew when the content changes', async () => {
    const url = `${IDX}/listContents/2`;
    const en = await get(url, 'en');
    const de = await get(url, 'de');
    expect(en.headers.vary).toMatch(/lang/);
    expect(en.headers.vary).toMatch(/accept-encoding/);
    expect(en.headers.etag).not.toBe(de.headers.etag);
    expect(body(de).result[0].title).not.toBe(body(en).result[0].title);
    expect((await get(url, 'en', { 'if-none-match': en.headers.etag as string })).statusCode).toBe(304);

    const first = body(en).result[0] as { id: string; title: string };
    const where = and(eq(contentTexts.itemId, BigInt(first.id)), eq(contentTexts.lang, 'en'));
    await t.app.db.update(contentTexts).set({ title: 'Renamed for the test' }).where(where);
    try {
      // an edit in the database is not seen until the content is said to have changed
      expect(body(await get(url, 'en')).result[0].title).toBe(first.title);
      await contentChanged(t.app);
      const renamed = await get(url, 'en');
      expect(body(renamed).result[0].title).toBe('Renamed for the test');
      expect((await get(url, 'en', { 'if-none-match': en.headers.etag as string })).statusCode).toBe(200);
      // German did not change, and is still right after the invalidation
      expect(body(await get(url, 'de')).result).toEqual(body(de).result);
    } finally {
      await t.app.db.update(contentTexts).set({ title: first.title }).where(where);
      await contentChanged(t.app);
    }
    expect(body(await get(url, 'en')).result[0].title).toBe(first.title);
  });

  it("another instance saying the content changed (the bus) empties this one's cache", async () => {
    const url = `${IDX}/listFaq`;
    const before = body(await get(url, 'fr')).result as { id: string; question: string }[];
    const where = and(eq(contentTexts.itemId, BigInt(before[0].id)), eq(contentTexts.lang, 'fr'));
    await t.app.db.update(contentTexts).set({ title: 'Question renommée' }).where(where);
    try {
      expect(body(await get(url, 'fr')).result[0].question).toBe(before[0].question);
      await t.app.bus.publish(CONTENT_CHANNEL, { at: Date.now() });
      expect(body(await get(url, 'fr')).result[0].question).toBe('Question renommée');
    } finally {
      await t.app.db.update(contentTexts).set({ title: before[0].question }).where(where);
      await contentChanged(t.app);
    }
  });

  it('an unknown page is refused every time (refusals are not cached)', async () => {
    const [page] = await t.app.db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(eq(contentItems.kind, 'page'))
      .limit(1);
    const ok = await get(`${IDX}/getContentsById/${page.id}`, 'en');
    expect(body(ok).code).toBe(Ok.SUCCESS);
    for (let i = 0; i < 2; i++) expect(body(await get(`${IDX}/getContentsById/999999999`, 'en')).code).toBe(Err.RECORD_NOT_FOUND);
  });
});
