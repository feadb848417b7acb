/**
 * The blob store's contract (issue 24 item 5), the same cases against each backend: `db` on the
 * test database (PGlite in project `server`, PostgreSQL in `server-pg`) and `s3` against a local
 * S3-compatible server. Then the whole service on BLOB_STORE=s3: a proof claimed, served
 * unchanged to its owner and an operator, stored sealed in the bucket, swept when orphaned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ok } from '../../../src/contract/errors.ts';
import { blobStoreConfig } from '../../../server/platform/blobs/config.ts';
import { dbBlobStore } from '../../../server/platform/blobs/dbStore.ts';
import { s3BlobStore } from '../../../server/platform/blobs/s3Store.ts';
import { allBlobs, type BlobStore } from '../../../server/platform/blobs/store.ts';
import { looksSealed } from '../blobFixtures.ts';
import { body, buildTestApp, useTestApp, type TestApp } from '../helpers.ts';
import { pngOf } from '../imageFixtures.ts';
import { startLocalS3, type LocalS3 } from '../s3Server.ts';
import { addReceiveAddresses, createUser, real, recharge, rechargeFields } from '../wallet/walletFixtures.ts';

const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

function contract(name: string, open: () => BlobStore) {
  describe(`blob store contract: ${name}`, () => {
    let store: BlobStore;
    beforeAll(() => {
      store = open();
    });

    it('put, get, overwrite, delete; a missing key is null and deleting it is no error', async () => {
      const key = `proof/${id(1)}`;
      expect(await store.get(key)).toBeNull();
      const started = Date.now();
      await store.put(key, Buffer.from('first'));
      expect((await store.get(key))!.toString()).toBe('first');
      await store.put(key, Buffer.from('second, longer'));
      expect((await store.get(key))!.toString()).toBe('second, longer');
      const [info] = (await store.list({ prefix: 'proof/' })).items;
      expect(info).toMatchObject({ key, size: 14 });
      // the sweep's age: written now, to the second (S3 keeps seconds), by the service's clock (db)
      // or the store's (s3, a separate process whose date the PGlite run does not shift)
      const realNow = performance.timeOrigin + performance.now();
      expect(Math.min(Math.abs(info.modifiedAt - started), Math.abs(info.modifiedAt - realNow))).toBeLessThan(60_000);
      await store.delete(key);
      expect(await store.get(key)).toBeNull();
      await store.delete(key);
    });

    it('binary bytes of a few megabytes come back byte for byte', async () => {
      const bytes = Buffer.alloc(3 * 1024 * 1024);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 131 + (i >> 9)) & 0xff;
      await store.put(`kyc/${id(2)}`, bytes);
      expect((await store.get(`kyc/${id(2)}`))!.equals(bytes)).toBe(true);
      await store.delete(`kyc/${id(2)}`);
    });

    it('lists by prefix in key order, page by page', async () => {
      const keys = Array.from({ length: 7 }, (_, i) => `support/${id(100 + i)}`);
      for (const k of [...keys].reverse()) await store.put(k, Buffer.from(k));
      await store.put(`loan-signature/${id(200)}`, Buffer.from('other kind'));
      const first = await store.list({ prefix: 'support/', limit: 3 });
      expect(first.items.map((i) => i.key)).toEqual(keys.slice(0, 3));
      expect(first.next).toBe(keys[2]);
      const second = await store.list({ prefix: 'support/', after: first.next, limit: 3 });
      expect(second.items.map((i) => i.key)).toEqual(keys.slice(3, 6));
      const all: string[] = [];
      for await (const b of allBlobs(store, 'support/')) all.push(b.key);
      expect(all).toEqual(keys);
      expect((await store.list({ prefix: 'loan-signature/' })).items.map((i) => i.key)).toEqual([`loan-signature/${id(200)}`]);
      for (const k of [...keys, `loan-signature/${id(200)}`]) await store.delete(k);
      expect((await store.list()).items).toEqual([]);
    });

    it('refuses keys that are not ours (no paths, no traversal)', async () => {
      for (const bad of ['../etc/passwd', 'proof/../../x', 'proof/abc', '/proof/' + id(3), 'PROOF/' + id(3)]) {
        await expect(store.put(bad, Buffer.from('x'))).rejects.toThrow(/not a blob key/);
      }
    });
  });
}

describe('blob stores', () => {
  const t = useTestApp();
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3('contract');
  });
  afterAll(async () => s3?.close());

  contract('db (the test database)', () => dbBlobStore(t.app.db, Date.now));
  contract('s3 (local S3-compatible server)', () => s3BlobStore(s3.config));
});

describe('blob store configuration', () => {
  it('db by default; s3 needs its bucket; a half-given key pair or a bad endpoint stops the start', () => {
    expect(blobStoreConfig({})).toEqual({ kind: 'db' });
    expect(() => blobStoreConfig({ BLOB_STORE: 'disk' })).toThrow(/BLOB_STORE/);
    expect(() => blobStoreConfig({ BLOB_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => blobStoreConfig({ BLOB_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => blobStoreConfig({ BLOB_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(
      blobStoreConfig({ BLOB_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }),
    ).toMatchObject({ kind: 's3', bucket: 'b', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
  });
});

describe('the service on BLOB_STORE=s3', () => {
  let s3: LocalS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startLocalS3('service');
    t = await buildTestApp({ blobStore: s3.config });
    await addReceiveAddresses(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('a proof is sealed in the bucket, served unchanged to its owner and an operator, and an orphan is swept', async () => {
    const u = await createUser(t.app);
    const op = await createUser(t.app, 'operator');
    const res = body(await recharge(t.app, u, rechargeFields(), { content: await pngOf(24, 16) }));
    expect(res.code).toBe(Ok.RECHARGE_SUBMITTED);
    const bucket = s3BlobStore(s3.config);
    const [key] = (await bucket.list({ prefix: 'proof/' })).items.map((i) => i.key);
    const plain = (await t.app.files.read(key))!;
    expect(looksSealed((await bucket.get(key))!, plain)).toBe(true);
    for (const [url, headers] of [
      [`/swx/customer/user/rechargeProof/${res.result.id}`, real(u)],
      [`/admin-api/deposits/${res.result.id}/proof`, { authorization: op.token }],
    ] as const) {
      const dl = await t.app.inject({ url, headers });
      expect(dl.statusCode).toBe(200);
      expect(dl.headers['content-type']).toBe('image/png');
      expect(dl.rawPayload.equals(plain)).toBe(true);
    }
    const orphan = await t.app.files.put('proof', await pngOf(4, 4));
    // a grace that makes every stored file old enough: only the one no deposit names goes
    expect(await t.app.files.sweepOrphans(-60_000)).toEqual([orphan]);
    expect((await bucket.list({ prefix: 'proof/' })).items.map((i) => i.key)).toEqual([key]);
    await bucket.close();
  });
});
