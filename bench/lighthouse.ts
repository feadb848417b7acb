/**
 * Lighthouse's mobile performance score of the app's pages (npm run bench:lighthouse). Not part of
 * the test suite; loopback only.
 *
 * Runs Lighthouse (its default mobile preset: simulated 4× CPU slowdown, 150 ms round trip,
 * 1.6 Mbit/s) with Debian's chromium against pages of the real service (the built app from dist/,
 * fresh data folder): `/`, `/market`, `/cruuency?code=BTCUSDT` and, signed in, `/profile/balance`
 * (bench/pages.ts). Each page alternates with the bare static page of bench:vitals, RUNS times
 * each, and the medians of the score and of the five metrics it weighs are printed per page with
 * the one-minute load average of the runs. Lighthouse is not a dependency of the project (about
 * 180 MB): it is fetched from the npm registry by `npx` when this runs, at a pinned version whose
 * Node requirement this machine meets.
 *
 * Signed in: Lighthouse's CLI clears the origin's storage and the HTTP cache before it loads a page
 * unless told not to. A chromium profile is prepared once with a registered customer's session in
 * localStorage (what the login page leaves) and no cached files; every signed-in run gets a fresh
 * copy of it and `--disable-storage-reset`, so the storage holds the session and the cache is as
 * empty as in the other runs. A run whose final URL is not the page asked for, or that did not
 * read the balances, or whose session the service refuses before or after it, fails the
 * benchmark: it would be measuring the login prompt.
 *
 * Env: BENCH_RUNS (default 3), BENCH_PAGES (home,market,currency,balance; default all),
 * BENCH_REPORTS=<folder> keeps every Lighthouse JSON report there (to see what a metric waited for).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { api, startService, type Service } from '../tests/browser/harness.ts';
import { bareStatic } from './bareStatic.ts';
import { chosenPages, customerToken, loadAverage, sessionStorageEntries, type BenchPage } from './pages.ts';
import { median, printPageTable } from './report.ts';

const run = promisify(execFile);
const RUNS = Math.min(9, Number(process.env.BENCH_RUNS ?? 3));
const LIGHTHOUSE = 'lighthouse@12.8.2';
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking';

interface Result {
  score: number;
  metrics: Record<(typeof METRICS)[number], number>;
  load: string;
}
interface Report {
  finalDisplayedUrl: string;
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue: number; details?: { items?: { url?: string; statusCode?: number }[] } }>;
}

async function lighthouse(url: string, profile?: string): Promise<Report> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lh-'));
  const out = path.join(dir, 'report.json');
  let userData = '';
  if (profile) {
    userData = path.join(dir, 'profile');
    fs.cpSync(profile, userData, { recursive: true });
  }
  try {
    // Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): tried again, twice at most
    for (let attempt = 1; ; attempt++) {
      try {
        await run(
          'npx',
          [
            '-y',
            LIGHTHOUSE,
            url,
            '--quiet',
            '--only-categories=performance',
            '--output=json',
            `--output-path=${out}`,
            `--chrome-flags=${CHROME_FLAGS}${userData ? ` --user-data-dir=${userData}` : ''}`,
            ...(userData ? ['--disable-storage-reset'] : []),
          ],
          {
            env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' },
            maxBuffer: 1 << 24,
            timeout: 300_000,
          },
        );
        break;
      } catch (e) {
        if (attempt >= 3 || !String((e as { stderr?: string }).stderr).includes('Runtime error')) throw e;
        console.log(`  Lighthouse failed on ${url} (${String((e as { stderr?: string }).stderr).trim()}), again`);
        if (userData) {
          fs.rmSync(userData, { recursive: true, force: true });
          fs.cpSync(profile ?? '', userData, { recursive: true });
        }
      }
    }
    if (process.env.BENCH_REPORTS) {
      fs.mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
      fs.copyFileSync(
        out,
        path.join(process.env.BENCH_REPORTS, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`),
      );
    }
    return JSON.parse(fs.readFileSync(out, 'utf8')) as Report;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const resultOf = (report: Report, load: string): Result => ({
  score: Math.round(report.categories.performance.score * 100),
  metrics: Object.fromEntries(METRICS.map((m) => [m, report.audits[m].numericValue])) as Result['metrics'],
  load,
});

/** The signed-in page was the page, with the session: its final URL and an authorised balance read. */
function checkSignedIn(page: BenchPage, report: Report): void {
  const final = new URL(report.finalDisplayedUrl);
  if (final.pathname + final.search !== page.path)
    throw new Error(`${page.name}: Lighthouse ended on ${report.finalDisplayedUrl}, not ${page.path}`);
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const balances = requests.filter((r) => r.url && /\/swx\/customer\/user\/balances/.test(r.url) && r.statusCode === 200);
  if (!balances.length)
    throw new Error(
      `${page.name}: no signed-in read answered 200 during the load (requests: ${requests.map((r) => r.url).join(', ')})`,
    );
}

/**
 * The session is valid (the balances answer code 200 with it, not the envelope's 401): checked
 * before and after each signed-in run, so it was valid during the run.
 */
async function checkSession(base: string, token: string): Promise<void> {
  const answer = await api(base, '/swx/customer/user/balances', { token });
  if (answer.code !== 200)
    throw new Error(`the bench customer's session is not valid: balances answered ${answer.code} ${answer.msg}`);
}

/** A chromium profile with the customer's session in the origin's localStorage and nothing cached. */
async function signedInProfile(base: string, token: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lh-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium',
    args: CHROME_FLAGS.split(' '),
  });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/robots.txt`); // the origin, without loading (and caching) the app
    await page.evaluate((entries) => {
      const storage = (globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } }).localStorage;
      for (const [k, v] of entries) storage.setItem(k, v);
    }, sessionStorageEntries(token));
  } finally {
    await context.close();
  }
  for (const cache of ['Default/Cache', 'Default/Code Cache', 'Default/Service Worker'])
    fs.rmSync(path.join(dir, cache), { recursive: true, force: true });
  return dir;
}

const fmt = (m: (typeof METRICS)[number], v: number) => (m === 'cumulative-layout-shift' ? v.toFixed(3) : v.toFixed(0));

async function main() {
  if (!fs.existsSync(path.resolve('dist/index.html'))) throw new Error('dist/ is missing: run `npx vite build` first');
  const pages = chosenPages();
  let service: Service | undefined;
  let profile: string | undefined;
  const ref = await bareStatic();
  try {
    service = await startService();
    const token = pages.some((p) => p.signedIn) ? await customerToken(service.url) : undefined;
    if (token) profile = await signedInProfile(service.url, token);
    console.log(
      `bench:lighthouse: ${LIGHTHOUSE}, mobile preset, ${RUNS} runs each, alternating with the bare page; pages ${pages.map((p) => p.name).join(', ')}`,
    );
    await lighthouse(`${service.url}/`); // warm the service and npx's cache
    const rows: [string, Result[]][] = [];
    const bare: Result[] = [];
    for (const page of pages) {
      const app: Result[] = [];
      for (let i = 0; i < RUNS; i++) {
        if (page.signedIn && token) await checkSession(service.url, token);
        const report = await lighthouse(service.url + page.path, page.signedIn ? profile : undefined);
        if (page.signedIn && token) {
          checkSignedIn(page, report);
          await checkSession(service.url, token);
        }
        app.push(resultOf(report, loadAverage()));
        bare.push(resultOf(await lighthouse(ref.url), loadAverage()));
        console.log(
          `${page.name} run ${i + 1}: platform ${app[i].score} (LCP ${fmt('largest-contentful-paint', app[i].metrics['largest-contentful-paint'])} ms, CLS ${fmt('cumulative-layout-shift', app[i].metrics['cumulative-layout-shift'])}), bare page ${bare.at(-1)?.score}, load average ${app[i].load}`,
        );
      }
      rows.push([`\`${page.path}\`${page.signedIn ? ' (signed in)' : ''}`, app]);
    }
    rows.push(['bare static page (reference)', bare]);
    printPageTable(
      ['score', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'Speed Index ms', 'load average (runs)'],
      (xs) => [
        median(xs.map((x) => x.score)),
        ...METRICS.map((m) => fmt(m, median(xs.map((x) => x.metrics[m])))),
        xs.map((x) => x.load).join(', '),
      ],
      rows,
    );
    console.log('\ntargets: `/` score ≥ 95; the other pages score ≥ 90, LCP ≤ 2000 ms, CLS ≤ 0.05');
  } finally {
    await service?.stop();
    await ref.close();
    if (profile) fs.rmSync(profile, { recursive: true, force: true });
  }
}

await main();
