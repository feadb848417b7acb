/**
 * Where stored files live (docs/storage.md): one interface, two backends chosen by BLOB_STORE.
 * `db` (the default) keeps the bytes in the `blobs` table of the platform's database, on PGlite
 * and PostgreSQL alike, so instances that share a database share their files with no shared disk;
 * `s3` keeps them in a bucket of an S3-compatible object store.
 *
 * A store knows bytes under keys, nothing about owners or sealing: server/platform/blobs/files.ts
 * seals every personal file before it reaches a store, and decides who may read it.
 */

/** What a listing tells of one stored blob. */
export interface BlobInfo {
  key: string;
  size: number;
  /** when it was last written (ms): the orphan sweep's age */
  modifiedAt: number;
}

export interface BlobPage {
  items: BlobInfo[];
  /** pass as `after` for the next page; absent on the last */
  next?: string;
}

export interface BlobStore {
  /** `db` or `s3`, for logs and /readyz-style reports */
  readonly kind: 'db' | 's3';
  /** Writes (or overwrites) the bytes under `key`. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under `key`, or null when nothing is stored there. */
  get(key: string): Promise<Buffer | null>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Keys starting with `prefix` in key order, after `after`, at most `limit` per page. */
  list(opts?: { prefix?: string; after?: string; limit?: number }): Promise<BlobPage>;
  /** Releases connections (the db backend has none of its own). */
  close(): Promise<void>;
}

/** Keys are ours (a kind and a random id); anything else is a programming mistake, refused early. */
export const BLOB_KEY = /^[a-z][a-z0-9-]{0,30}\/[0-9a-f-]{36}$/;

export function checkKey(key: string): string {
  if (!BLOB_KEY.test(key)) throw new Error(`not a blob key: ${JSON.stringify(key).slice(0, 80)}`);
  return key;
}

/** Every blob of the store, page by page. */
export async function* allBlobs(store: BlobStore, prefix?: string): AsyncGenerator<BlobInfo> {
  let after: string | undefined;
  for (;;) {
    const page = await store.list({ prefix, after, limit: 500 });
    yield* page.items;
    if (!page.next) return;
    after = page.next;
  }
}
