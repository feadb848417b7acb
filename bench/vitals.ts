/**
 * Phone page-load benchmark (npm run bench:vitals). Not part of the test suite; loopback only.
 *
 * Loads pages of the real service (`/`, `/market`, `/cruuency?code=BTCUSDT` and, signed in,
 * `/profile/balance`: bench/pages.ts, BENCH_PAGES to pick; the built app from dist/, fresh data
 * folder) in
 * Debian's chromium emulating a mid-range phone on a slow network, the conditions of Lighthouse's
 * mobile preset: 412 × 823 viewport, 4× CPU slowdown, 150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up, empty cache. The reference, loaded the same way in the same run, is a bare static
 * page (one heading, no script) from a bare Fastify: the floor the network emulation alone sets.
 *
 * A signed-in page is loaded with a registered customer's session put in localStorage before the
 * app's scripts run (what the login page leaves); a load that did not end on that page with the
 * balances drawn fails the benchmark.
 *
 * Prints, per page, the medians over BENCH_RUNS loads (default 5) of first contentful paint, largest
 * contentful paint, cumulative layout shift (the page left 5 s to settle, live prices ticking),
 * total blocking time (long tasks beyond 50 ms, between FCP and load end) and bytes transferred.
 * These are the metrics Lighthouse scores; this is not Lighthouse's score itself.
 * BENCH_WATERFALL=1 prints each load's requests (start → end, size) beside its FCP and LCP.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startService, type Service } from '../tests/browser/harness.ts';
import { bareStatic } from './bareStatic.ts';
import { chosenPages, customerToken, loadAverage, sessionStorageEntries, type BenchPage } from './pages.ts';
import { median, printPageTable } from './report.ts';

const RUNS = Math.min(15, Number(process.env.BENCH_RUNS ?? 5));
const SETTLE_MS = 5000;

interface Vitals {
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  app: number;
  jsKb: number;
  totalKb: number;
  load: string;
}

const OBSERVE = `
  window.__vitals = { lcp: 0, cls: 0, fcp: 0, app: 0, longTasks: [], shifts: [] };
  // the app has drawn the screen itself: a static first frame (the home page's hero, a screen's copy) gone, #root shown with the shell's <main>
  new MutationObserver((_m, o) => {
    const root = document.getElementById('root');
    if (!root || root.hidden || !root.querySelector('#main') || document.querySelector('[data-static-page], [data-static-hero]')) return;
    window.__vitals.app = performance.now();
    o.disconnect();
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__vitals.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) {
    window.__vitals.cls += e.value;
    const d = (n) => n ? (n.tagName || '#text') + (n.className && typeof n.className === 'string' ? '.' + n.className.split(' ').join('.') : '') + (n.parentElement ? ' < ' + (n.parentElement.tagName + '.' + (n.parentElement.className || '')) : '') : '?';
    window.__vitals.shifts.push(e.startTime.toFixed(0) + ' ms ' + e.value.toFixed(3) + ': ' + e.sources.map((x) => d(x.node) + ' ' + JSON.stringify([x.previousRect.y, x.previousRect.height, x.currentRect.y, x.currentRect.height])).join(' | '));
  } }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__vitals.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__vitals.longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
`;

async function load(browser: Browser, url: string, token?: string, page0?: BenchPage): Promise<Vitals> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let jsBytes = 0;
  let totalBytes = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number; requestId: string }) => {
    totalBytes += e.encodedDataLength;
    if (scripts.has(e.requestId)) jsBytes += e.encodedDataLength;
  });
  const scripts = new Set<string>();
  cdp.on('Network.responseReceived', (e: { requestId: string; type: string }) => {
    if (e.type === 'Script') scripts.add(e.requestId);
  });
  // BENCH_WATERFALL=1: when each request started and finished, to see what the paint waited for
  const waterfall = new Map<string, { url: string; start: number; end?: number; kb?: number }>();
  if (process.env.BENCH_WATERFALL === '1') {
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; timestamp: number; request: { url: string } }) => {
      waterfall.set(e.requestId, { url: e.request.url.replace(/^https?:\/\/[^/]+/, ''), start: e.timestamp });
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
      const w = waterfall.get(e.requestId);
      if (w) Object.assign(w, { end: e.timestamp, kb: e.encodedDataLength / 1024 });
    });
  }
  await page.addInitScript(OBSERVE);
  let signedInRead = false;
  if (token) {
    await page.addInitScript((entries) => {
      const storage = (globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } }).localStorage;
      for (const [k, v] of entries) storage.setItem(k, v);
    }, sessionStorageEntries(token));
    page.on('response', (r) => {
      if (r.url().includes('/swx/customer/user/balances') && r.status() === 200) signedInRead = true;
    });
  }
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(SETTLE_MS);
  if (token && page0) {
    const final = new URL(page.url());
    // the screen drew the balances (a signed-out visit shows the login prompt in their place)
    const drawn = await page.locator('[data-testid="balances"]').count();
    if (final.pathname + final.search !== page0.path || !signedInRead || !drawn)
      throw new Error(
        `${page0.name}: the load ended on ${page.url()}${signedInRead ? '' : ' without a balance read'}${drawn ? '' : ' without the balances drawn'}`,
      );
  }
  const v = await page.evaluate(() => {
    const w = globalThis as unknown as {
      __vitals: { lcp: number; cls: number; fcp: number; app: number; longTasks: [number, number][]; shifts: string[] };
    };
    const nav = performance.getEntriesByType('navigation' as never)[0] as unknown as { loadEventEnd: number };
    const tbt = w.__vitals.longTasks
      .filter(([start]) => start >= w.__vitals.fcp && start <= nav.loadEventEnd + 5000)
      .reduce((a, [, d]) => a + Math.max(0, d - 50), 0);
    return { fcp: w.__vitals.fcp, lcp: w.__vitals.lcp, cls: w.__vitals.cls, tbt, app: w.__vitals.app, shifts: w.__vitals.shifts };
  });
  await context.close();
  // BENCH_SHIFTS=1: what moved, to find the cause of a layout shift
  if (process.env.BENCH_SHIFTS === '1') for (const line of v.shifts) console.log(`  shift ${line}`);
  if (waterfall.size) {
    const t0 = Math.min(...[...waterfall.values()].map((w) => w.start));
    for (const w of waterfall.values()) {
      console.log(
        `  ${((w.start - t0) * 1000).toFixed(0).padStart(5)} → ${w.end ? ((w.end - t0) * 1000).toFixed(0).padStart(5) : '    ?'} ms ${(w.kb ?? 0).toFixed(1).padStart(6)} kB ${w.url.slice(0, 80)}`,
      );
    }
    console.log(`  FCP ${v.fcp.toFixed(0)} ms, LCP ${v.lcp.toFixed(0)} ms (from navigation start)`);
  }
  return { ...v, jsKb: jsBytes / 1024, totalKb: totalBytes / 1024, load: loadAverage() };
}

async function main() {
  if (!fs.existsSync(path.resolve('dist/index.html'))) throw new Error('dist/ is missing: run `npx vite build` first');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  let service: Service | undefined;
  const ref = await bareStatic();
  const pages = chosenPages();
  try {
    service = await startService();
    const token = pages.some((p) => p.signedIn) ? await customerToken(service.url) : undefined;
    console.log(
      `bench:vitals: ${RUNS} loads each, phone emulation (4× CPU, 150 ms RTT, 1.6 Mbit/s), alternating with the bare page; pages ${pages.map((p) => p.name).join(', ')}`,
    );
    const rows: [string, Vitals[]][] = [];
    const bare: Vitals[] = [];
    await load(browser, `${service.url}/`); // warm the service (first answers compile templates)
    for (const page of pages) {
      const app: Vitals[] = [];
      for (let i = 0; i < RUNS; i++) {
        app.push(await load(browser, service.url + page.path, page.signedIn ? token : undefined, page));
        bare.push(await load(browser, ref.url));
        console.log(
          `${page.name} run ${i + 1}: app LCP ${app[i].lcp.toFixed(0)} ms, CLS ${app[i].cls.toFixed(3)}, screen drawn by the app at ${app[i].app.toFixed(0)} ms; bare LCP ${bare[bare.length - 1].lcp.toFixed(0)} ms; load average ${app[i].load}`,
        );
      }
      rows.push([`\`${page.path}\`${page.signedIn ? ' (signed in)' : ''}`, app]);
    }
    rows.push(['bare static page (reference)', bare]);
    const m = (xs: Vitals[], key: Exclude<keyof Vitals, 'load'>, digits: number) => median(xs.map((x) => x[key])).toFixed(digits);
    printPageTable(
      ['FCP ms', 'LCP ms', 'CLS', 'TBT ms', 'app drawn ms', 'JS kB transferred', 'all kB transferred', 'load average (runs)'],
      (xs) => [
        m(xs, 'fcp', 0),
        m(xs, 'lcp', 0),
        m(xs, 'cls', 3),
        m(xs, 'tbt', 0),
        m(xs, 'app', 0),
        m(xs, 'jsKb', 1),
        m(xs, 'totalKb', 1),
        xs.map((x) => x.load).join(', '),
      ],
      rows,
    );
    console.log('\ntargets: LCP ≤ 2000 ms, CLS ≤ 0.05');
  } finally {
    await service?.stop();
    await ref.close();
    await browser.close();
  }
}

await main();
