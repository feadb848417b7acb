/**
 * The `s3` blob store: bytes as objects of one bucket of an S3-compatible store (AWS S3, MinIO,
 * Ceph, R2…), through @aws-sdk/client-s3. The bucket must exist; the service never creates or
 * configures it (its policy is the operator's: private, no public access).
 */
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { BlobStoreConfig } from './config.ts';
import { checkKey, type BlobStore } from './store.ts';

type S3Config = Extract<BlobStoreConfig, { kind: 's3' }>;

const missing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404;
};

export function s3BlobStore(c: S3Config): BlobStore {
  const client = new S3Client({
    region: c.region,
    endpoint: c.endpoint,
    forcePathStyle: c.forcePathStyle,
    credentials:
      c.accessKeyId && c.secretAccessKey ? { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey } : undefined,
    // checksums only where S3 requires them: many S3-compatible stores refuse the SDK's default
    // streaming checksum trailers, and the sealed bytes carry their own authentication tag
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = c.bucket;
  return {
    kind: 's3',
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: checkKey(key), Body: bytes, ContentType: 'application/octet-stream' }),
      );
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (e) {
        if (missing(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (e) {
        if (!missing(e)) throw e;
      }
    },
    async list({ prefix, after, limit = 500 } = {}) {
      const res = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, StartAfter: after, MaxKeys: limit }));
      const items = (res.Contents ?? [])
        .filter((o) => o.Key)
        .map((o) => ({
          key: o.Key!,
          size: o.Size ?? 0,
          modifiedAt: o.LastModified ? o.LastModified.getTime() : 0,
        }));
      return { items, next: res.IsTruncated && items.length > 0 ? items[items.length - 1].key : undefined };
    },
    async close() {
      client.destroy();
    },
  };
}
