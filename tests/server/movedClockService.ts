/**
 * The service for the browser tests that move time (kept with the server code so the service's
 * TypeScript project checks it): server/main.ts with the smart plans' clock and the NFT clock
 * (config.smartClock, config.nftClock: test-only settings) each running ahead of the wall clock by
 * the milliseconds in its own file, `<DATA_DIR>/smart-clock-offset` and `<DATA_DIR>/nft-clock-offset`,
 * and both schedulers looking every 300 ms. A test writes a file to move a day forward or to end an
 * auction; the running service pays or settles, and the page, still open, shows it through a live
 * user event, exactly as the real thing would arrive.
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
});
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: config.port, host: config.host });
app.log.info(`platform ready on ${config.publicUrl} (smart and NFT clocks moved by files in ${config.dataDir})`);
