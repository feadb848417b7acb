/**
 * `npm run kyc:reseal`: the second half of a document key rotation (docs/kyc.md). Run with the
 * new key in KYC_KEY and the previous one(s) in KYC_OLD_KEYS; every image sealed with an old key
 * is opened and sealed again with the new one, one image per transaction (safe to stop and run
 * again). On the embedded database stop the service first (one process at a time).
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { memoryBus } from '../notify/bus.ts';
import { createClock } from '../platform/clock.ts';
import { loadKeys } from './crypto.ts';
import { KycService } from './service.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  const keys = loadKeys(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  const bus = memoryBus();
  try {
    const log = { info: console.log, warn: console.warn, error: console.error, child: () => log } as never;
    const service = new KycService({ db: database.db, bus, log, config, keys, now: createClock().now });
    const n = await service.reseal();
    console.log(`re-sealed ${n} image(s) with key ${keys.current.id}; every image now opens with KYC_KEY alone`);
    return 0;
  } finally {
    await bus.close();
    await database.close();
  }
}

main().then((code) => process.exit(code), (err) => {
  console.error('kyc:reseal failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
