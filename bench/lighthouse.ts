/**
 * Lighthouse's mobile performance score of the home page (npm run bench:lighthouse). Not part of
 * the test suite; loopback only.
 *
 * Runs Lighthouse (its default mobile preset: simulated 4× CPU slowdown, 150 ms round trip,
 * 1.6 Mbit/s) with Debian's chromium against `/` of the real service (the built app from dist/,
 * fresh data folder) and against the bare static page of bench:vitals, alternating, RUNS times
 * each, and prints the medians of the score and of the five metrics it weighs. Lighthouse is not a
 * dependency of the project (about 180 MB): it is fetched from the npm registry by `npx` when this
 * runs, at a pinned version whose Node requirement this machine meets.
 *
 * Env: BENCH_RUNS (default 3).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startService, type Service } from '../tests/browser/harness.ts';
import { bareStatic } from './bareStatic.ts';
import { median, printPageTable } from './report.ts';

const run = promisify(execFile);
const RUNS = Math.min(9, Number(process.env.BENCH_RUNS ?? 3));
const LIGHTHOUSE = 'lighthouse@12.8.2';
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

interface Result { score: number; metrics: Record<(typeof METRICS)[number], number> }

async function lighthouse(url: string): Promise<Result> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lh-')), 'report.json');
  await run('npx', ['-y', LIGHTHOUSE, url, '--quiet', '--only-categories=performance', '--output=json', `--output-path=${out}`,
    '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking'], {
    env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, maxBuffer: 1 << 24, timeout: 300_000,
  });
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    categories: { performance: { score: number } }; audits: Record<string, { numericValue: number }>;
  };
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  return {
    score: Math.round(report.categories.performance.score * 100),
    metrics: Object.fromEntries(METRICS.map((m) => [m, report.audits[m].numericValue])) as Result['metrics'],
  };
}

const fmt = (m: (typeof METRICS)[number], v: number) => (m === 'cumulative-layout-shift' ? v.toFixed(3) : v.toFixed(0));

async function main() {
  if (!fs.existsSync(path.resolve('dist/index.html'))) throw new Error('dist/ is missing: run `npx vite build` first');
  let service: Service | undefined;
  const ref = await bareStatic();
  try {
    service = await startService();
    console.log(`bench:lighthouse: ${LIGHTHOUSE}, mobile preset, ${RUNS} runs each, alternating`);
    await lighthouse(`${service.url}/`); // warm the service and npx's cache
    const app: Result[] = [];
    const bare: Result[] = [];
    for (let i = 0; i < RUNS; i++) {
      app.push(await lighthouse(`${service.url}/`));
      bare.push(await lighthouse(ref.url));
      console.log(`run ${i + 1}: platform ${app[i].score}, bare page ${bare[i].score}`);
    }
    printPageTable(['score', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'Speed Index ms'],
      (xs) => [median(xs.map((x) => x.score)), ...METRICS.map((m) => fmt(m, median(xs.map((x) => x.metrics[m]))))], app, bare);
    console.log('\ntarget: score ≥ 90, LCP ≤ 2000 ms, CLS ≤ 0.05');
  } finally {
    await service?.stop();
    await ref.close();
  }
}

await main();
