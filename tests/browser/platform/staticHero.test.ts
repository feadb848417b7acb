/**
 * The home page's hero painted by index.html before any of the app's JavaScript (docs/performance.md,
 * "Home page painted before the JavaScript"): on `/` in the phone shell the static copy shows the
 * hero and the welcome board in the language the app will pick, with lang and dir set; anywhere else
 * it is removed; and when React takes over, the hero stays at the same pixels and nothing shifts.
 * The app's modules are blocked to see the page as a phone sees it before the JavaScript arrives;
 * the static hero's own script is inline, allowed by the Content-Security-Policy by its hash (the
 * browser enforces the policy here: a script it refused would leave the copy hidden).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launch, MOBILE, newContext, ROOT, shot, startService, type Device, type Service } from '../harness.ts';
import { readAppTexts } from '../../../scripts/locales.ts';

let service: Service;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [service, browser] = await Promise.all([startService(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

const heroTitle = (lng: string): string => (readAppTexts(lng, ROOT) as { home: { heroTitle: string } }).home.heroTitle;

/** A page whose app modules never load; `storage` is set before the page's own scripts run. */
async function withoutApp(
  device: Device,
  storage: { local?: Record<string, unknown>; session?: Record<string, unknown> } = {},
): Promise<Page> {
  const ctx = await newContext(browser, device, service.url);
  contexts.push(ctx);
  await ctx.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await ctx.addInitScript((s) => {
    for (const [k, v] of Object.entries(s.local ?? {})) localStorage.setItem(k, JSON.stringify(v));
    for (const [k, v] of Object.entries(s.session ?? {})) sessionStorage.setItem(k, JSON.stringify(v));
  }, storage);
  return ctx.newPage();
}

describe('home page painted before the JavaScript', () => {
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it('a phone on / sees the hero and the welcome board in English, with lang and dir', async () => {
    const page = await withoutApp(MOBILE);
    await page.goto('/');
    await page.waitForSelector('[data-static-hero][data-ready] h1', { state: 'visible' });
    expect((await page.textContent('[data-static-hero] h1'))?.trim()).toBe(heroTitle('en'));
    expect(await page.isVisible('[data-static-board]')).toBe(true);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr']);
    // the app's modules load at low priority, leaving the line to what the first paint needs (vite.config.ts);
    // the entry's stylesheet is in the page, its link disabled (not fetched) but there for Vite's CSS loader
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('link[rel=stylesheet]')].map((l) => (l as HTMLLinkElement).disabled),
      ),
    ).toEqual([true]);
    expect(await page.evaluate(() => document.styleSheets.length)).toBeGreaterThan(0);
    expect(
      await page.evaluate(() => [
        document.querySelectorAll('script[type=module], link[rel=modulepreload]').length,
        document.querySelectorAll(
          'script[type=module]:not([fetchpriority=low]), link[rel=modulepreload]:not([fetchpriority=low])',
        ).length,
      ]),
    ).toEqual([expect.any(Number), 0]);
    expect(await page.locator('script[type=module]').count()).toBeGreaterThan(0);
    await shot(page, 'static-hero-en-390');
  });

  it('in the stored language: Arabic right to left, Japanese; no board once dismissed in this session', async () => {
    const ar = await withoutApp(MOBILE, { local: { language: 'ar' } });
    await ar.goto('/');
    await ar.waitForSelector('[data-static-hero][data-ready] h1', { state: 'visible' });
    expect((await ar.textContent('[data-static-hero] h1'))?.trim()).toBe(heroTitle('ar'));
    expect(await ar.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await shot(ar, 'static-hero-ar-390');

    const ja = await withoutApp(MOBILE, { local: { language: 'ja' }, session: { showBoard: false } });
    await ja.goto('/');
    await ja.waitForSelector('[data-static-hero][data-ready] h1', { state: 'visible' });
    expect((await ja.textContent('[data-static-hero] h1'))?.trim()).toBe(heroTitle('ja'));
    expect(await ja.$('[data-static-board]')).toBeNull();
  });

  it('another path or the desktop shell gets no copy', async () => {
    const other = await withoutApp(MOBILE);
    await other.goto('/markets/crypto');
    await other.waitForLoadState('load');
    expect(await other.$('[data-static-hero]')).toBeNull();
    const desktop = await withoutApp(DESKTOP);
    await desktop.goto('/');
    await desktop.waitForLoadState('load');
    expect(await desktop.$('[data-static-hero]')).toBeNull();
  });

  it('React replaces the copy with the same hero at the same place, and nothing shifts', async () => {
    const before = await withoutApp(MOBILE);
    await before.goto('/');
    await before.waitForSelector('[data-static-hero][data-ready] h1', { state: 'visible' });
    const staticBox = await before.locator('[data-static-hero] h1').boundingBox();

    const ctx = await newContext(browser, MOBILE, service.url);
    contexts.push(ctx);
    await ctx.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((l) => {
        for (const e of l.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>)
          if (!e.hadRecentInput) w.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await ctx.newPage();
    await page.goto('/');
    // the app has rendered: the static copy is gone and React's hero is there
    await page.waitForFunction(() => !document.querySelector('[data-static-hero]') && document.querySelector('main h1'));
    // the markets and the figures arrive (what could move the hero), then a frame for layout
    await page.waitForSelector('[data-testid=figures-note]');
    await page.waitForFunction(() => !document.querySelector('main [aria-busy=true]'));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const appBox = await page.locator('main h1').first().boundingBox();
    expect(staticBox).not.toBeNull();
    expect(appBox).not.toBeNull();
    expect(Math.abs(appBox!.x - staticBox!.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(appBox!.y - staticBox!.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(appBox!.width - staticBox!.width)).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.05);
  });
});
