/**
 * The service for tests/browser/nfts.test.ts (kept with the server code so the service's TypeScript
 * project checks it): server/main.ts with the NFT clock (config.nftClock, a test-only setting)
 * running ahead of the wall clock by the number of milliseconds in `<DATA_DIR>/nft-clock-offset`,
 * and the auction scheduler looking every 300 ms. The test writes that file to end an auction; the
 * running service settles it and the page, still open, shows the sale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { createPlatform } from '../../server/start.ts';

const config = loadConfig();
const offsetFile = path.join(config.dataDir, 'nft-clock-offset');
let offset = 0;
// read in the background: the clock itself is asked often and must not touch the disk
setInterval(() => {
  try {
    offset = Number(fs.readFileSync(offsetFile, 'utf8')) || 0;
  } catch {
    offset = 0;
  }
}, 100).unref();

const app = await createPlatform({ ...config, nftClock: () => Date.now() + offset, nftTickMs: 300 });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: config.port, host: config.host });
app.log.info(`platform ready on ${config.publicUrl} (NFT clock moved by ${offsetFile})`);
