/**
 * The `db` blob store: bytes in the `blobs` table of the platform's own database (PGlite or
 * PostgreSQL). Nothing to run besides the database, and every instance on one database sees the
 * same files. A listing never reads the bytes.
 */
import { and, asc, eq, gt, like, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { blobs } from './schema.ts';
import { checkKey, type BlobStore } from './store.ts';

export function dbBlobStore(db: Db, now: () => number): BlobStore {
  return {
    kind: 'db',
    async put(key, bytes) {
      checkKey(key);
      const row = { key, size: bytes.length, modifiedAt: now(), data: bytes };
      await db
        .insert(blobs)
        .values(row)
        .onConflictDoUpdate({ target: blobs.key, set: { size: row.size, modifiedAt: row.modifiedAt, data: row.data } });
    },
    async get(key) {
      const [row] = await db.select({ data: blobs.data }).from(blobs).where(eq(blobs.key, key)).limit(1);
      return row ? row.data : null;
    },
    async delete(key) {
      await db.delete(blobs).where(eq(blobs.key, key));
    },
    async list({ prefix, after, limit = 500 } = {}) {
      const conds: SQL[] = [];
      // keys are checked on the way in (checkKey): no LIKE wildcards can be in a prefix of ours
      if (prefix) conds.push(like(blobs.key, `${prefix.replace(/[%_\\]/g, '\\$&')}%`));
      if (after) conds.push(gt(blobs.key, after));
      const rows = await db
        .select({ key: blobs.key, size: blobs.size, modifiedAt: blobs.modifiedAt })
        .from(blobs)
        .where(conds.length ? and(...conds) : undefined)
        .orderBy(asc(blobs.key))
        .limit(limit);
      return { items: rows, next: rows.length === limit ? rows[rows.length - 1].key : undefined };
    },
    async close() {},
  };
}
