/**
 * The service for the browser tests that move time (kept with the server code so the service's
 * TypeScript project checks it): server/main.ts with the smart plans', the NFT and the loans clocks
 * (config.smartClock, config.nftClock, config.loansClock: test-only settings) each running ahead of
 * the wall clock by the milliseconds in its own file, `<DATA_DIR>/smart-clock-offset`,
 * `nft-clock-offset` and `loans-clock-offset`, and the three schedulers looking every 300 ms. A test
 * writes a file to move days forward or to end an auction; the running service pays, settles or
 * accrues exactly as it would when the days really pass, and the page shows it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { createPlatform } from '../../server/start.ts';

const config = loadConfig();

/** A clock ahead of the wall clock by the number in `file`, read in the background: the clock itself is asked often and must not touch the disk. */
function movedClock(file: string): () => number {
  let offset = 0;
  setInterval(() => {
    try {
      offset = Number(fs.readFileSync(file, 'utf8')) || 0;
    } catch {
      offset = 0;
    }
  }, 100).unref();
  return () => Date.now() + offset;
}

const app = await createPlatform({
  ...config,
  smartClock: movedClock(path.join(config.dataDir, 'smart-clock-offset')),
  smartTickMs: 300,
  nftClock: movedClock(path.join(config.dataDir, 'nft-clock-offset')),
  nftTickMs: 300,
  loansClock: movedClock(path.join(config.dataDir, 'loans-clock-offset')),
  loansTickMs: 300,
});
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: config.port, host: config.host });
app.log.info(`platform ready on ${config.publicUrl} (smart, NFT and loans clocks moved by files in ${config.dataDir})`);
