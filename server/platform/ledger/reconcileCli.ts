/**
 * `npm run reconcile`: checks the ledger of DATABASE_URL, or of the embedded database under
 * DATA_DIR (stop the service first: the embedded database admits one process at a time).
 * Prints a table; exits 0 when reconciled, 1 when not, 2 when the database cannot be read.
 */
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../db/client.ts';
import { formatReport, reconcile } from './reconcile.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    console.log(`ledger of ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`}`);
    const report = await reconcile(database.db);
    console.log(formatReport(report));
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('reconcile failed:', err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
