/**
 * A local S3-compatible server for the `s3` blob store's tests: @20minutes/s3rver (a
 * devDependency: no Docker, nothing downloaded) in a child process, on a free loopback port, its
 * objects in a temporary folder, one bucket made for the test. A child, because the PGlite run
 * shifts this process's Date (tests/setup/shiftedDate.ts) and the server checks request times.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BlobStoreConfig } from '../../server/platform/blobs/config.ts';

export interface LocalS3 {
  config: Extract<BlobStoreConfig, { kind: 's3' }>;
  close: () => Promise<void>;
}

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 's3rverChild.mjs');

export async function startLocalS3(bucket = 'personal-files'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-s3-'));
  // s3rver makes continuation tokens of truncated listings with DES, which OpenSSL 3 keeps in its legacy provider
  const child = spawn(process.execPath, ['--openssl-legacy-provider', script, directory, bucket], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`local S3 server did not start in 20 s: ${err}`)), 20_000);
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local S3 server exited (${code}): ${err}`));
    });
  });
  return {
    // s3rver's fixed credentials; path-style, as for most self-hosted stores
    config: {
      kind: 's3',
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    close: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
