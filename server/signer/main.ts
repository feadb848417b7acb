/**
 * `npm run signer`: the separate signer process (docs/security.md, "The signer"). It opens the
 * keystore with the passphrase from its own environment, connects to the platform's PostgreSQL,
 * and serves its two requests on a loopback address until SIGTERM or SIGINT.
 */
import pino from 'pino';
import { openDatabase } from '../platform/db/client.ts';
import { signerConfig } from './config.ts';
import { serveSigner } from './http.ts';
import { openKey, readKeystore } from './keystore.ts';
import { Signer } from './signer.ts';
import { openSweepKey } from './sweeps.ts';

const log = pino({ name: 'signer' });
const cfg = signerConfig(process.env);
const key = openKey(readKeystore(cfg.keystore), cfg.passphrase);
const { db, close } = await openDatabase({ databaseUrl: cfg.databaseUrl, poolSize: 4 });
const sweepKey = cfg.sweepXprv ? openSweepKey(cfg.sweepXprv) : undefined;
const signer = new Signer(db, key, { ...cfg, sweepKey }, log);
const server = await serveSigner(signer, cfg);
log.info({ url: server.url, address: signer.address, chainId: cfg.chainId, sweeps: Boolean(sweepKey) }, 'signer listening');

const stop = async () => {
  await server.close();
  await close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
