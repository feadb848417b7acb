import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadKeys } from './sealing.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { dbBlobStore } from './dbStore.ts';
import { PersonalFiles } from './files.ts';
import { s3BlobStore } from './s3Store.ts';
import type { BlobStore } from './store.ts';
import { systemTime } from '../clock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Personal files, sealed, in the configured blob store (server/platform/blobs/files.ts). */
    files: PersonalFiles;
  }
}

/** The store BLOB_STORE names: the database's `blobs` table (default) or an S3 bucket. */
export function openBlobStore(config: Pick<Config, 'blobStore'>, db: Db, now: () => number): BlobStore {
  return config.blobStore.kind === 's3' ? s3BlobStore(config.blobStore) : dbBlobStore(db, now);
}

/** The files of one configuration: its store and the documents key(s) (KYC_KEY, KYC_OLD_KEYS). */
export function openFiles(config: Config, db: Db, now: () => number = systemTime): PersonalFiles {
  return new PersonalFiles({ store: openBlobStore(config, db, now), keys: loadKeys(config), now });
}

/**
 * Plugin 'files': decorates `app.files`. The documents key is read (or made, on the embedded
 * default) at start, so a missing or malformed KYC_KEY stops the start instead of a first upload.
 * Each domain declares, in its own plugin, which of its rows name files of its kind (the sweep).
 */
async function files(app: FastifyInstance) {
  const f = openFiles(app.config, app.db, () => app.clock.now());
  app.decorate('files', f);
  app.addHook('onClose', async () => f.store.close());
}

export default fp(files, { name: 'files', dependencies: ['platform'] });
