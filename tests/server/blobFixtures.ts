/**
 * What the blob store holds, for tests: the stored keys (of one kind), a stored file's raw
 * (sealed) bytes, and aging files as if written an hour ago (the db backend's own column).
 */
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { blobs } from '../../server/platform/blobs/schema.ts';
import { allBlobs } from '../../server/platform/blobs/store.ts';

export async function storedKeys(app: FastifyInstance, prefix?: string): Promise<string[]> {
  const out: string[] = [];
  for await (const b of allBlobs(app.files.store, prefix)) out.push(b.key);
  return out.sort();
}

/** The bytes as stored (sealed), or null. */
export async function storedRaw(app: FastifyInstance, key: string): Promise<Buffer | null> {
  return app.files.store.get(key);
}

/** Makes these files look `ms` old to the orphan sweep (db backend). */
export async function age(app: FastifyInstance, keys: string[], ms: number): Promise<void> {
  await app.db
    .update(blobs)
    .set({ modifiedAt: Date.now() - ms })
    .where(inArray(blobs.key, keys));
}

/** The image signatures a sealed file must not start with, and the plain bytes it must not equal or contain. */
export function looksSealed(raw: Buffer, plain: Buffer): boolean {
  const jpeg = raw.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
  const png = raw.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  return !jpeg && !png && !raw.equals(plain) && !raw.includes(plain.subarray(0, Math.min(64, plain.length)));
}
