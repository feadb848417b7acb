/**
 * The service for the browser tests that move time (kept with the server code so the service's
 * TypeScript project checks it): server/main.ts with the platform clock (config.clock, a test-only
 * setting) running ahead of the wall clock by the sum of the milliseconds in three files of
 * DATA_DIR, `smart-clock-offset`, `nft-clock-offset` and `loans-clock-offset` (one per browser
 * test, each moving its own; `clock-offset` for the server tests that start it as a process), and the smart, NFT and loans schedulers looking every 300 ms. A test
 * writes its file to move days forward or to end an auction; the running service pays, settles or
 * accrues exactly as it would when the days really pass, and the page shows it. Sessions last 30
 * days here: the whole platform moves with the clock, and the signed-in browser must outlive the
 * days a test skips.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { createPlatform } from '../../server/start.ts';

const config = loadConfig();

/** The number in `file`, or 0 when there is none. */
function offsetIn(file: string): number {
  try {
    return Number(fs.readFileSync(file, 'utf8')) || 0;
  } catch {
    return 0;
  }
}

/** A clock ahead of the wall clock by the sum of the numbers in `files`, read in the background: the clock itself is asked often and must not touch the disk. */
function movedClock(files: string[]): () => number {
  let offset = 0;
  setInterval(() => {
    offset = files.reduce((sum, f) => sum + offsetIn(f), 0);
  }, 100).unref();
  return () => Date.now() + offset;
}

const MONTH_MS = 30 * 86_400_000;

const app = await createPlatform({
  ...config,
  clock: movedClock(
    ['smart-clock-offset', 'nft-clock-offset', 'loans-clock-offset', 'clock-offset'].map((f) => path.join(config.dataDir, f)),
  ),
  smartTickMs: 300,
  nftTickMs: 300,
  loansTickMs: 300,
  sessionTtlMs: MONTH_MS,
  sessionIdleMs: MONTH_MS,
  sessionRememberMs: MONTH_MS,
});
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: config.port, host: config.host });
app.log.info(`platform ready on ${config.publicUrl} (platform clock moved by files in ${config.dataDir})`);
