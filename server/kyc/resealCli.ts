/**
 * `npm run kyc:reseal`: the second half of a document key rotation (docs/kyc.md). Run with the
 * new key in KYC_KEY and the previous one(s) in KYC_OLD_KEYS; every personal file (KYC images,
 * deposit proofs, support attachments, loan signatures) sealed with an old key is opened and
 * sealed again with the new one, one file at a time (safe to stop and run again), in the store
 * BLOB_STORE names. Files still kept the pre-0018 way are moved into the store first. On the
 * embedded database stop the service first (one process at a time).
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { openFiles } from '../platform/blobs/plugin.ts';
import { importLegacyFiles } from '../legacyFiles.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  const files = openFiles(config, database.db);
  try {
    const moved = await importLegacyFiles(database.db, files, config.dataDir);
    if (Object.values(moved).some((n) => n > 0)) console.log('moved into the blob store:', moved);
    const n = await files.reseal();
    console.log(
      `re-sealed ${n} file(s) with key ${files.keyId} in the ${files.store.kind} store; every file now opens with KYC_KEY alone`,
    );
    return 0;
  } finally {
    await files.store.close();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('kyc:reseal failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
