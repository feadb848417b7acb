/**
 * The blob store's configuration from the environment (README: BLOB_STORE and the S3_* variables).
 * A half-configured S3 store stops the start with the missing variable's name.
 */
export type BlobStoreConfig =
  | { kind: 'db' }
  | {
      kind: 's3';
      /** an S3-compatible endpoint (MinIO, Ceph, R2…); absent: AWS itself for the region */
      endpoint?: string;
      bucket: string;
      region: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      /** path-style URLs (http://host/bucket/key), which most self-hosted stores need */
      forcePathStyle: boolean;
    };

export function blobStoreConfig(env: NodeJS.ProcessEnv): BlobStoreConfig {
  const kind = env.BLOB_STORE || 'db';
  if (kind === 'db') return { kind: 'db' };
  if (kind !== 's3') throw new Error(`BLOB_STORE must be "db" or "s3", not ${JSON.stringify(kind)}`);
  if (!env.S3_BUCKET) throw new Error('S3_BUCKET is required with BLOB_STORE=s3');
  if (env.S3_ENDPOINT && !URL.canParse(env.S3_ENDPOINT)) throw new Error(`S3_ENDPOINT is not a URL: ${env.S3_ENDPOINT}`);
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither, for the SDK's own credential chain)");
  }
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT || undefined,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
  };
}
