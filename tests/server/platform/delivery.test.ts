import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress.ts';
import { Err } from '../../../src/contract/errors.ts';
import { IMMUTABLE } from '../../../server/platform/http/frontEnd.ts';
import { scriptHash } from '../../../server/platform/http/securityHeaders.ts';
import { body, useTestApp } from '../helpers.ts';

/** A built app as `vite build` leaves it: index.html, hashed assets, their .br/.gz copies. */
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-dist-'));
const script = `console.log(${JSON.stringify('x'.repeat(20))});\n`.repeat(400);
fs.mkdirSync(path.join(staticDir, 'assets'));
const inline = "document.documentElement.lang='en';";
fs.writeFileSync(
  path.join(staticDir, 'index.html'),
  `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<!-- -->'.repeat(200)}<script>${inline}</script></body></html>`,
);
fs.writeFileSync(path.join(staticDir, 'assets/index-AbC123.js'), script);
fs.writeFileSync(path.join(staticDir, 'assets/tiny-XyZ789.js'), 'export {};\n');
// a path's own page with its static first frame (scripts/staticPages.ts)
const frameScript = "document.documentElement.lang='ar';";
fs.mkdirSync(path.join(staticDir, 'paths'));
fs.writeFileSync(
  path.join(staticDir, 'paths/market.html'),
  `<!doctype html><html><body><div data-static-page>${'<p>Markets</p>'.repeat(100)}</div><div id="root"></div><script>${frameScript}</script></body></html>`,
);
// the instrument page's: a template whose slot the market fills for each request (server/market/pageFrame.ts)
const quoteScript = "document.documentElement.dir='ltr';";
fs.writeFileSync(
  path.join(staticDir, 'paths/cruuency.html'),
  `<!doctype html><html><body><div data-static-page><section data-quote="\uE001quote\uE001">${'<p>Price</p>'.repeat(100)}</section></div><div id="root"></div><script>${quoteScript}</script></body></html>`,
);
const made = precompressDir(staticDir);
afterAll(() => fs.rmSync(staticDir, { recursive: true, force: true }));

describe('static delivery', () => {
  const t = useTestApp({ staticDir });

  it('the build helper writes brotli and gzip copies of text files worth compressing', () => {
    expect(made.files).toBe(4); // the script, index.html, the market's and the instrument's pages; the tiny file is left as it is
    expect(fs.existsSync(path.join(staticDir, 'assets/index-AbC123.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(staticDir, 'assets/index-AbC123.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(staticDir, 'assets/tiny-XyZ789.js.br'))).toBe(false);
  });

  it('sends hashed assets precompressed, as the client accepts, cached for a year', async () => {
    const url = '/assets/index-AbC123.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('revalidates index.html on every visit, for / and for any page of the app', async () => {
    for (const url of ['/', '/index.html', '/markets/crypto']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
    // from memory, precompressed, with a validator: a returning visitor gets a 304 without a body
    const html = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8');
    for (const url of ['/', '/index.html', '/markets/crypto']) {
      const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString(), url).toBe(html);
      const plain = await t.app.inject({ url });
      expect(plain.body, url).toBe(html);
      expect(plain.headers.etag, url).toBe(br.headers.etag);
      const again = await t.app.inject({ url, headers: { 'if-none-match': String(br.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
  });

  it('serves a path that has a page of its own that page, the same way, and its script is allowed', async () => {
    const page = fs.readFileSync(path.join(staticDir, 'paths/market.html'), 'utf8');
    for (const url of ['/market', '/market?tab=forex']) {
      const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString(), url).toBe(page);
      expect(br.headers['content-security-policy'], url).toContain(scriptHash(frameScript));
      const again = await t.app.inject({ url, headers: { 'if-none-match': String(br.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
    }
    // any other path keeps index.html; the page is not a file of its own
    const html = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8');
    for (const url of ['/market/other', '/paths/market.html']) expect((await t.app.inject(url)).body, url).toBe(html);
  });

  it('writes into the instrument page the figures findMarket gives for the instrument its address names, escaped; no data for none', async () => {
    const answer = body(await t.app.inject('/swx/customer/index/findMarket?code=BTCUSDT')).result;
    const entity: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', '#39': "'" };
    const quoteIn = (html: string) =>
      /data-quote="([^"]*)"/.exec(html)![1].replace(/&(quot|amp|lt|gt|#39);/g, (_m, e: string) => entity[e]);
    // the address as the app reads it (src/contract/instrumentAddress.ts): any case, other fields beside
    const res = await t.app.inject({ url: '/cruuency?code=btc-usdt&type=crypto', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-security-policy']).toContain(scriptHash(quoteScript));
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(html).not.toContain('\uE001');
    const quote = JSON.parse(quoteIn(html)) as Record<string, unknown>;
    expect(quote).toEqual({
      name: answer.appName,
      code: 'BTCUSDT',
      price: answer.price,
      pct: answer.zdf,
      high: answer.high,
      low: answer.low,
      volume: answer.volume,
      open: answer.open,
      source: answer.source,
      time: answer.time,
      tradable: answer.tradable,
      marketOpen: answer.marketOpen,
    });
    // the same data, the same page: a visitor who holds it gets a 304 (no feed runs here: the price stays)
    const again = await t.app.inject({
      url: '/cruuency?code=btc-usdt&type=crypto',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    for (const url of ['/cruuency?code=NOSUCHCODE1', '/cruuency', '/cruuency?id=x']) {
      const none = await t.app.inject(url);
      expect(none.statusCode, url).toBe(200);
      expect(quoteIn(none.body), url).toBe('');
      expect(none.body, url).not.toContain('\uE001');
    }
  });

  it('allows the inline script of the page it serves, read once for both', async () => {
    const res = await t.app.inject('/');
    expect(res.body).toContain(`<script>${inline}</script>`);
    expect(res.headers['content-security-policy']).toContain(scriptHash(inline));
  });

  it('serves a real robots.txt, not the app page', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Disallow: \/swx\/$/m);
    // a domain's API paths outside /swx (content's, DomainManifest.apiPrefixes) are kept from crawlers too
    expect(res.body).toMatch(/^Disallow: \/customer-service\/$/m);
    expect(res.body).not.toMatch(/<html/i);
  });

  it("answers an unknown path under a domain's API prefix with a coded 404, not the app's page", async () => {
    const res = await t.app.inject('/customer-service/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: Err.NOT_FOUND, result: null });
    expect((await t.app.inject('/some/app/screen')).body).toMatch(/<html/i);
  });

  it('compresses large JSON answers for clients that accept it, and leaves small ones alone', async () => {
    const doc = await t.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(doc.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(doc.rawPayload).toString()).openapi).toMatch(/^3\./);
    const docBr = await t.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' } });
    expect(docBr.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(docBr.rawPayload).toString()).openapi).toMatch(/^3\./);
    const refused = await t.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json().openapi).toMatch(/^3\./);
    const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });
});
