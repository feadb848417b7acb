// Shared by start.mjs and test.mjs: make a fresh clone runnable without manual steps.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** @param {string} cmd */
const sh = (cmd) => execSync(cmd, { stdio: 'inherit' });

export function ensureDependencies() {
  const marker = 'node_modules/.package-lock.json';
  const stale = !fs.existsSync(marker) || fs.statSync('package-lock.json').mtimeMs > fs.statSync(marker).mtimeMs + 1000;
  if (stale) {
    console.log('[setup] installing npm packages (npm ci)');
    sh('npm ci --no-audit --no-fund');
  }
}

/** @param {string} p @returns {number} */
function newestMtime(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

/** Builds the front end when dist/ is missing or older than its sources. */
export function ensureBuild() {
  const out = 'dist/index.html';
  const sources = ['src', 'index.html', 'vite.config.ts', 'package-lock.json'].filter((p) => fs.existsSync(p));
  const newest = Math.max(...sources.map(newestMtime));
  if (!fs.existsSync(out) || fs.statSync(out).mtimeMs < newest) {
    console.log('[setup] building the web app (vite build)');
    sh('npx vite build');
  }
}

/** Debian's chromium for the browser tests (never a downloaded browser build). */
export function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return true;
  if (process.getuid?.() !== 0) {
    console.error('[setup] /usr/bin/chromium is missing: run `sudo apt-get install -y chromium`');
    return false;
  }
  console.log('[setup] installing Debian chromium and fonts (apt-get)');
  sh('apt-get update -qq');
  sh('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core fonts-noto-cjk >/dev/null');
  return fs.existsSync('/usr/bin/chromium');
}
