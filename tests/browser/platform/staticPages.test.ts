/**
 * The phone's first frame of /market, /cruuency and /profile/balance painted by the HTML before
 * the app's JavaScript (docs/performance.md, "Screens painted before the JavaScript"): each path
 * gets its own page with a static copy of the shell and of the screen's first render, in the
 * language the app will pick, with no figure in it but the instrument page's, which are the feed's
 * last price and figures as findMarket gives them, with the moment of that price and the
 * "simulated" label; the copy stays until React has drawn the screen (not only the shell's loading
 * fallback, nor the instrument page's), then goes in the same task, and the screen's largest
 * element is at the same place, with nothing shifting. The app's modules are blocked to
 * see what a phone sees before they arrive; the copy's script is inline, allowed by the
 * Content-Security-Policy by its hash (a refused script would leave the copy hidden).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LANGUAGES } from '../../../src/i18n/languages.ts';
import type { MarketInfo } from '../../../src/contract/market.ts';
import {
  api,
  DESKTOP,
  launch,
  MOBILE,
  newContext,
  registeredCustomer,
  ROOT,
  shot,
  startService,
  type Device,
  type Service,
} from '../harness.ts';
import { readAppTexts } from '../../../scripts/locales.ts';

let service: Service;
let browser: Browser;
let token: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [service, browser] = await Promise.all([startService(), launch()]);
  token = (await registeredCustomer(service.url, `sp${Date.now() % 1_000_000}`, 'Qv8-static-Pages-Lm')).token;
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await service?.stop();
});

const appText = (lng: string, key: string): string =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], readAppTexts(lng, ROOT)) as string;
const signedIn = () => ({ token, isLogin: true });

/** A page; `app: false` blocks the app's modules. `local` is put in localStorage before the page's own scripts run. */
/** `largest`: the element whose box is taken, in #root, at the moment the copy goes. */
async function open(
  device: Device,
  url: string,
  { app = false, local = {}, largest = 'main h1' }: { app?: boolean; local?: Record<string, unknown>; largest?: string } = {},
): Promise<Page> {
  const ctx = await newContext(browser, device, service.url);
  contexts.push(ctx);
  if (!app) await ctx.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await ctx.addInitScript(
    ({ local: s, largest: sel }) => {
      for (const [k, v] of Object.entries(s)) localStorage.setItem(k, JSON.stringify(v));
      // what the page looked like when the copy went: was the screen drawn, #root shown, and where was its largest element?
      const w = window as unknown as { __gone?: { busy: boolean; hidden: boolean; box: unknown }; __shift: number };
      w.__shift = 0;
      new PerformanceObserver((l) => {
        for (const e of l.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>)
          if (!e.hadRecentInput) w.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
      new MutationObserver((_m, o) => {
        if (w.__gone || document.querySelector('[data-static-page]') || !document.getElementById('main')) return;
        const first = document.getElementById('main')!.firstElementChild;
        const r = document.querySelector(`#root ${sel}`)?.getBoundingClientRect();
        w.__gone = {
          busy: !first || first.hasAttribute('aria-busy'),
          hidden: document.getElementById('root')!.hidden === true,
          box: r && { x: r.x, y: r.y, width: r.width, height: r.height },
        };
        o.disconnect();
      }).observe(document, { childList: true, subtree: true });
    },
    { local, largest },
  );
  const page = await ctx.newPage();
  await page.goto(url);
  return page;
}

const ready = (page: Page) => page.waitForSelector('[data-static-page][data-ready]', { state: 'visible' });

/** `largest`: the screen's largest element in React's screen, `staticLargest` in the copy when it differs. */
const PAGES = [
  { name: 'market', url: '/market', local: {}, largest: 'main h1', staticLargest: 'main h1', title: 'market.title' },
  {
    name: 'balance',
    url: '/profile/balance',
    local: { signedIn: true },
    largest: 'main section + section p',
    staticLargest: 'main section + section p',
    title: 'account.balance',
  },
  {
    name: 'currency',
    url: '/cruuency?code=BTCUSDT',
    local: {},
    largest: 'main [data-testid=price]',
    staticLargest: 'main [data-q=price]',
    title: null,
  },
] as const;

/** The instrument card's data the server wrote into the copy (server/market/pageFrame.ts). */
const quoteOf = async (page: Page) =>
  JSON.parse((await page.getAttribute('[data-static-page] [data-quote]', 'data-quote')) ?? 'null') as {
    price: string;
    pct: number;
    code: string;
    name: string;
    time: string;
    source: string;
    high: string;
  } | null;

describe('screens painted before the JavaScript', () => {
  for (const p of PAGES) {
    it(`${p.name}: a phone sees the copy in English, then in Arabic right to left, with #root hidden`, async () => {
      const local = 'signedIn' in p.local ? signedIn() : {};
      const en = await open(MOBILE, p.url, { local });
      await ready(en);
      expect(
        await en.evaluate(() => [
          document.documentElement.lang,
          document.documentElement.dir,
          document.getElementById('root')!.hidden,
        ]),
      ).toEqual(['en', 'ltr', true]);
      if (p.title) expect((await en.textContent('[data-static-page] main h1'))?.trim()).toContain(appText('en', p.title));
      else expect((await en.textContent('[data-static-page] main h1'))?.trim()).toBe('Bitcoin');
      await shot(en, `static-${p.name}-en-390`);

      const ar = await open(MOBILE, p.url, { local: { ...local, language: 'ar' } });
      await ready(ar);
      expect(await ar.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
      if (p.title) expect((await ar.textContent('[data-static-page] main h1'))?.trim()).toContain(appText('ar', p.title));
      await shot(ar, `static-${p.name}-ar-390`);
    });
  }

  it("never a figure: no digit in any copy, in any of the ten languages, signed in or not, but the instrument page's from the feed", async () => {
    // an address that names no instrument: no data, the loading state as React draws it
    const unknown = { name: 'currency, no such instrument', url: '/cruuency?code=NOSUCHCODE1', local: {} };
    for (const p of [...PAGES.filter((x) => x.name !== 'currency'), unknown]) {
      for (const language of LANGUAGES) {
        const page = await open(MOBILE, p.url, { local: { ...('signedIn' in p.local ? signedIn() : {}), language } });
        await ready(page);
        const text = await page.evaluate(() => document.querySelector('[data-static-page]')!.textContent ?? '');
        // any script's digits: Latin, Arabic-Indic, extended Arabic-Indic, full width
        expect(text, `${p.name} in ${language}`).not.toMatch(/[0-9\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]/);
        // the balance table's figures are empty cells, as in React's own placeholder
        const cells = await page.$$eval('[data-static-page] td', (tds) => tds.map((td) => (td.textContent ?? '').trim()));
        expect(cells.every((c) => c === '')).toBe(true);
        if (p === unknown) {
          expect(await page.$('[data-static-page] [data-quote]')).toBeNull();
          expect((await page.textContent('[data-static-page] main [aria-busy]'))?.trim()).toBe(
            appText(language, 'common.loading'),
          );
        }
        await page.context().close();
      }
    }
  });

  it('the instrument page: the price the feed last set, as findMarket gives it, with its moment and the "simulated" label, in the visitor\'s language', async () => {
    const find = async () => (await api<MarketInfo>(service.url, '/swx/customer/index/findMarket?code=BTCUSDT')).result;
    for (const language of ['en', 'de', 'ar'] as const) {
      // the feed ticks every second and a loaded machine takes longer than that to open a page, and
      // sometimes to answer one request: every answer findMarket gives while the page opens is kept,
      // from three staggered readers, and the copy's figures are those
      // of one of them
      let shown: { quote: NonNullable<Awaited<ReturnType<typeof quoteOf>>>; answer: MarketInfo; page: Page } | undefined;
      for (let attempt = 0; attempt < 10 && !shown; attempt++) {
        const answers: MarketInfo[] = [await find()];
        let opening = true;
        const reader = async (delayMs: number) => {
          await new Promise((r) => setTimeout(r, delayMs));
          while (opening) {
            answers.push(await find());
            await new Promise((r) => setTimeout(r, 50));
          }
        };
        const watching = Promise.all([reader(0), reader(150), reader(300)]);
        const page = await open(MOBILE, '/cruuency?code=BTCUSDT', { local: { language } });
        await ready(page);
        opening = false;
        await watching;
        answers.push(await find());
        const quote = await quoteOf(page);
        const answer = answers.find((a) => a.time === quote?.time);
        if (quote && answer) shown = { quote, answer, page };
        else await page.context().close();
      }
      expect(shown, `${language}: the copy's price is one the feed gave`).toBeDefined();
      const { quote, answer, page } = shown!;
      expect([quote.code, quote.name, quote.price, quote.high, quote.source]).toEqual([
        answer.code,
        answer.appName,
        answer.price,
        answer.high,
        answer.source,
      ]);
      // drawn with the language's separators (src/i18n/format.ts), the moment to the second, the feed's label
      const [int, frac] = answer.price.split('.');
      const grouped =
        int.replace(/\B(?=(\d{3})+(?!\d))/g, language === 'de' ? '.' : ',') +
        (frac ? (language === 'de' ? ',' : '.') + frac : '');
      expect((await page.textContent('[data-static-page] [data-q=price]'))?.trim()).toBe(grouped);
      const clock = await page.evaluate((t) => {
        const d = new Date(t);
        return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
      }, answer.time);
      expect((await page.textContent('[data-static-page] [data-q=time]'))?.trim()).toBe(
        appText(language, 'detail.lastPriceAt').replace('{{time}}', clock),
      );
      expect(answer.source).toBe('simulated');
      expect((await page.textContent('[data-static-page] [data-sim]'))?.trim()).toBe(appText(language, 'feed.simulated'));
      await page.context().close();
    }
  });

  it('the demo or the real book, signed in or out; no copy without a session where one is needed, on the desktop, or on another path', async () => {
    const real = await open(MOBILE, '/profile/balance', { local: { ...signedIn(), virtualStatus: 0 } });
    await ready(real);
    expect((await real.textContent('[data-static-page] main h1'))?.trim()).toContain(appText('en', 'session.real'));
    expect(await real.$('[data-static-page] [data-demo]')).toBeNull();
    const demo = await open(MOBILE, '/profile/balance', { local: signedIn() });
    await ready(demo);
    expect((await demo.textContent('[data-static-page] main h1'))?.trim()).toContain(appText('en', 'session.demo'));

    const market = await open(MOBILE, '/market', { local: signedIn() });
    await ready(market);
    expect(await market.$$eval('[data-static-page] [role=tab]', (t) => t.length)).toBe(6); // the watchlist first
    expect(await market.$('[data-static-page] [data-out]')).toBeNull();

    for (const [device, url, local] of [
      [MOBILE, '/profile/balance', {}],
      [DESKTOP, '/market', {}],
      [DESKTOP, '/profile/balance', signedIn()],
      [MOBILE, '/profile', signedIn()],
      [MOBILE, '/', {}],
    ] as const) {
      const page = await open(device, url, { local });
      await page.waitForLoadState('load');
      expect(await page.$('[data-static-page]'), `${device.name} ${url}`).toBeNull();
      expect(await page.evaluate(() => document.getElementById('root')!.hidden)).toBe(false);
    }
  });

  for (const p of PAGES) {
    it(`${p.name}: React replaces the copy once the screen is drawn, its largest element at the same place, nothing shifting`, async () => {
      const local = 'signedIn' in p.local ? signedIn() : {};
      const before = await open(MOBILE, p.url, { local });
      await ready(before);
      const staticBox = await before.locator(`[data-static-page] ${p.staticLargest}`).first().boundingBox();

      const page = await open(MOBILE, p.url, { app: true, local, largest: p.largest });
      await page.waitForFunction(() => !document.querySelector('[data-static-page]') && document.getElementById('main'));
      // the copy went when the screen was drawn, not with the shell's loading fallback, and #root was shown with it;
      // React's element was then where the copy's had been
      const gone = await page.evaluate(
        () =>
          (
            window as unknown as {
              __gone: { busy: boolean; hidden: boolean; box: Record<'x' | 'y' | 'width' | 'height', number> | undefined };
            }
          ).__gone,
      );
      expect([gone.busy, gone.hidden]).toEqual([false, false]);
      expect(staticBox).not.toBeNull();
      expect(gone.box).toBeDefined();
      for (const k of ['x', 'y', 'width', 'height'] as const)
        expect(Math.abs(gone.box![k] - staticBox![k]), k).toBeLessThanOrEqual(1);
      // the data arrives (what could move the frame), then a frame for layout
      await page.waitForFunction(() => !document.querySelector('#main [aria-busy]'));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.05);
    });
  }
});
