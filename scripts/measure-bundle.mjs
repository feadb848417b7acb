// Initial JavaScript of the home page: the entry chunk and everything it imports statically, and
// whatever index.html preloads (the English texts of the home page and the shell, src/i18n/parts.ts),
// and the scripts inline in index.html (the static hero's, scripts/staticHero.ts),
// gzip-compressed (what a first visit downloads before the app renders). Lazy chunks (other
// screens, the ApexCharts chart, languages other than English) are listed apart.
// Usage: npx vite build && node scripts/measure-bundle.mjs [--json] [--budget <kB>]
// With --budget it exits 1 when the initial JavaScript is over that many kB gzip (npm test uses 150).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve('dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json is missing: run `npx vite build` first');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
/** @param {string} file */
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
/** @param {string} file */
const raw = (file) => fs.statSync(path.join(dist, file)).size;

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) {
  console.error('dist/.vite/manifest.json names no entry chunk');
  process.exit(1);
}
const seen = new Set();
/** @param {string} key */
const walk = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const i of manifest[key].imports ?? []) walk(i);
};
walk(entryKey);
// what index.html preloads besides (the home page's English texts, which the first render waits for) counts too
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);
const initial = [...new Set([...[...seen].map((k) => manifest[k].file), ...preloaded])];
const css = [...new Set([...seen].flatMap((k) => manifest[k].css ?? []))];
const lazy = Object.entries(manifest)
  .filter(([k, v]) => !seen.has(k) && v.file.endsWith('.js'))
  .map(([, v]) => v.file);
const chart = Object.entries(manifest).find(([k]) => k.includes('CandleChart'))?.[1].file;

/** @param {string[]} files @param {(file: string) => number} f */
const sum = (files, f) => files.reduce((a, x) => a + f(x), 0);
/** @param {number} n */
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
// and the scripts inline in index.html (the static hero's), each compressed alone
const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
const inlineGz = inline.reduce((a, x) => a + zlib.gzipSync(x, { level: 9 }).length, 0);
const result = {
  initialJsGzip: sum(initial, gz) + inlineGz,
  initialJsRaw: sum(initial, raw) + inline.reduce((a, x) => a + Buffer.byteLength(x), 0),
  initialCssGzip: sum(css, gz),
  chartChunkGzip: chart ? gz(chart) : null,
  lazyChunks: lazy.length,
  files: initial,
};
if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
else {
  console.log(
    `home page initial JavaScript: ${kb(result.initialJsGzip)} gzip (${kb(result.initialJsRaw)} raw) in ${initial.length} files`,
  );
  for (const f of initial) console.log(`  ${f}  ${kb(gz(f))}`);
  if (inline.length) console.log(`  index.html inline scripts (${inline.length})  ${kb(inlineGz)}`);
  console.log(`initial CSS: ${kb(result.initialCssGzip)} gzip`);
  console.log(`chart chunk (lazy, /cruuency only): ${result.chartChunkGzip === null ? 'n/a' : kb(result.chartChunkGzip)} gzip`);
  console.log(`other lazy chunks: ${lazy.length}`);
}

const budgetAt = process.argv.indexOf('--budget');
if (budgetAt > 0) {
  const budget = Number(process.argv[budgetAt + 1]) * 1024;
  if (!(budget > 0)) {
    console.error('--budget needs a number of kB');
    process.exit(1);
  }
  if (result.initialJsGzip > budget) {
    console.error(
      `over budget: the home page's initial JavaScript is ${kb(result.initialJsGzip)} gzip, the budget ${kb(budget)}`,
    );
    process.exit(1);
  }
}
