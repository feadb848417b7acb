/**
 * Every personal file sealed at rest (issue 25 item 8), on PGlite and PostgreSQL: a deposit proof,
 * KYC images, a support attachment and a loan signature are stored in the blob store as sealed
 * files (never the image), served unchanged through their routes; `kyc:reseal` re-seals all four
 * kinds with a new key; files kept the pre-0018 way (a proof on disk, KYC images in their sealed
 * columns, attachment bytes and base64 signatures in the clear) move into the store at start.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Ok } from '../../../src/contract/errors.ts';
import { blobs } from '../../../server/platform/blobs/schema.ts';
import { deposits } from '../../../server/wallet/schema.ts';
import { kycImages } from '../../../server/kyc/schema.ts';
import { loanSignatures } from '../../../server/loans/schema.ts';
import { supportAttachments } from '../../../server/support/schema.ts';
import { loadKeys, placeOf, seal } from '../../../server/platform/blobs/sealing.ts';
import { PersonalFiles, unwrap } from '../../../server/platform/blobs/files.ts';
import { importLegacyFiles } from '../../../server/legacyFiles.ts';
import { uploadsDir } from '../../../server/platform/uploads/store.ts';
import { looksSealed, storedKeys, storedRaw } from '../blobFixtures.ts';
import { body, useTestApp, type TestApp } from '../helpers.ts';
import { pngOf } from '../imageFixtures.ts';
import { submitKyc } from '../kyc/kycFixtures.ts';
import { setPrices, submitLoan, terms, verifiedUser } from '../loans/loanFixtures.ts';
import {
  addReceiveAddresses,
  createUser,
  multipart,
  real,
  recharge,
  rechargeFields,
  type TestUser,
} from '../wallet/walletFixtures.ts';

interface Stored {
  kind: string;
  key: string;
  url: string;
  viewer: TestUser;
  console?: boolean;
}

/** One file of each kind, through the routes a customer uses; where each is stored and served. */
async function oneOfEach(t: TestApp, op: TestUser): Promise<Stored[]> {
  const u = await verifiedUser(t.app, '1');
  const out: Stored[] = [];
  const dep = body(await recharge(t.app, u, rechargeFields(), { content: await pngOf(20, 12) }));
  expect(dep.code).toBe(Ok.RECHARGE_SUBMITTED);
  const [d] = await t.app.db
    .select()
    .from(deposits)
    .where(eq(deposits.id, BigInt(dep.result.id)));
  out.push({ kind: 'proof', key: d.proofFile, url: `/swx/customer/user/rechargeProof/${d.id}`, viewer: u });

  const kycUser = await createUser(t.app);
  const sub = (await submitKyc(t.app, kycUser)).result!;
  for (const img of await t.app.db
    .select()
    .from(kycImages)
    .where(eq(kycImages.submissionId, BigInt(sub.id)))) {
    out.push({ kind: 'kyc', key: img.blobKey!, url: sub.images.find((i) => i.kind === img.kind)!.url, viewer: kycUser });
  }

  const opened = body(
    await t.app.inject({
      method: 'POST',
      url: '/swx/customer/support/openConversation',
      headers: { authorization: u.token },
      payload: { text: 'my proof', clientKey: crypto.randomUUID() },
    }),
  );
  const m = multipart(
    { conversationId: opened.result.conversation.id, clientKey: crypto.randomUUID() },
    { field: 'image', content: await pngOf(14, 9) },
  );
  const sent = body(
    await t.app.inject({
      method: 'POST',
      url: '/swx/customer/support/sendImage',
      payload: m.payload,
      headers: { authorization: u.token, ...m.headers },
    }),
  );
  expect(sent.code).toBe(Ok.SUCCESS);
  const [a] = await t.app.db
    .select()
    .from(supportAttachments)
    .where(eq(supportAttachments.id, BigInt(sent.result.attachment.id)));
  out.push({ kind: 'support', key: a.blobKey!, url: `/swx/customer/support/attachment/${a.id}`, viewer: u });

  setPrices(t.app, { BTCUSDT: 50000, ETHUSDT: 2500 });
  const loan = await submitLoan(t.app, u, (await terms(t.app)).agreementVersion);
  expect(loan.code).toBe(Ok.SUBMITTED_FOR_REVIEW);
  const [sig] = await t.app.db
    .select()
    .from(loanSignatures)
    .where(eq(loanSignatures.loanId, BigInt(loan.result.id)));
  out.push({
    kind: 'loan-signature',
    key: sig.blobKey!,
    url: `/admin-api/loans/${loan.result.id}/signature`,
    viewer: op,
    console: true,
  });
  return out;
}

const served = async (t: TestApp, s: Stored) => {
  const headers = s.console ? { authorization: s.viewer.token } : real(s.viewer);
  const r = await t.app.inject({ url: s.url, headers });
  expect(r.statusCode, s.url).toBe(200);
  expect(r.headers['content-disposition'], s.url).toMatch(/^attachment/);
  return r.rawPayload;
};

describe('personal files: every kind sealed at rest, served unchanged, re-sealed on rotation', () => {
  const t = useTestApp({ depositPendingMax: 100, depositClaimsPerHour: 100 });
  let op: TestUser;
  let files: Stored[];
  beforeAll(async () => {
    await addReceiveAddresses(t.app);
    op = await createUser(t.app, 'operator');
    files = await oneOfEach(t, op);
  });

  it('each kind is a sealed file of the store: not the image, its key id in the header; the routes serve the image', async () => {
    expect(files.map((f) => f.kind).sort()).toEqual(['kyc', 'kyc', 'kyc', 'kyc', 'loan-signature', 'proof', 'support']);
    for (const f of files) {
      expect(f.key.startsWith(`${f.kind}/`), f.kind).toBe(true);
      const raw = (await storedRaw(t.app, f.key))!;
      const plain = await served(t, f);
      expect(looksSealed(raw, plain), f.kind).toBe(true);
      expect(unwrap(raw).keyId).toBe(t.app.files.keyId);
      expect((await t.app.files.read(f.key))!.equals(plain), f.kind).toBe(true);
    }
    // nothing personal left in the rows' old columns
    const [a] = await t.app.db.select({ bytes: supportAttachments.bytes }).from(supportAttachments);
    const [s] = await t.app.db.select({ data: loanSignatures.data }).from(loanSignatures);
    expect([a.bytes, s.data]).toEqual([null, null]);
  });

  it('reseal (npm run kyc:reseal) moves every kind to the new key; the old key alone no longer opens them', async () => {
    const plain = new Map<string, Buffer>();
    for (const f of files) plain.set(f.key, (await t.app.files.read(f.key))!);
    const keys = loadKeys({
      ...t.config,
      kycKey: Buffer.alloc(32, 5).toString('base64'),
      kycOldKeys: [fs.readFileSync(path.join(t.config.dataDir, 'kyc.key'), 'utf8').trim()],
    });
    const rotated = new PersonalFiles({ store: t.app.files.store, keys, now: Date.now });
    expect(await rotated.reseal()).toBe(files.length);
    for (const f of files) {
      expect(unwrap((await storedRaw(t.app, f.key))!).keyId, f.kind).toBe(rotated.keyId);
      expect((await rotated.read(f.key))!.equals(plain.get(f.key)!), f.kind).toBe(true);
      await expect(t.app.files.read(f.key)).rejects.toThrow(/not configured/);
    }
    expect(await rotated.reseal()).toBe(0);
  });
});

describe('personal files kept before the blob store move into it at start', () => {
  const t = useTestApp({ depositPendingMax: 100, depositClaimsPerHour: 100 });
  let files: Stored[];
  beforeAll(async () => {
    await addReceiveAddresses(t.app);
    files = await oneOfEach(t, await createUser(t.app, 'operator'));
  });

  it('a proof on disk, sealed KYC columns, clear attachment bytes and base64 signatures: moved, sealed, served the same, once', async () => {
    const plain = new Map<string, Buffer>();
    for (const f of files) plain.set(f.url, await served(t, f));
    // put every row back the way a pre-0018 release kept it
    const keys = loadKeys(t.config);
    const dir = uploadsDir(t.config.dataDir);
    fs.mkdirSync(dir, { recursive: true });
    const legacyName = `${crypto.randomUUID()}.png`;
    for (const f of files) {
      const bytes = plain.get(f.url)!;
      if (f.kind === 'proof') {
        fs.writeFileSync(path.join(dir, legacyName), bytes);
        await t.app.db.update(deposits).set({ proofFile: legacyName }).where(eq(deposits.proofFile, f.key));
      } else if (f.kind === 'kyc') {
        const [img] = await t.app.db.select().from(kycImages).where(eq(kycImages.blobKey, f.key));
        await t.app.db
          .update(kycImages)
          .set({ blobKey: null, ...seal(keys.current, bytes, placeOf(img.submissionId, img.kind)) })
          .where(eq(kycImages.id, img.id));
      } else if (f.kind === 'support') {
        await t.app.db.update(supportAttachments).set({ blobKey: null, bytes }).where(eq(supportAttachments.blobKey, f.key));
      } else {
        await t.app.db
          .update(loanSignatures)
          .set({ blobKey: null, data: bytes.toString('base64') })
          .where(eq(loanSignatures.blobKey, f.key));
      }
    }
    await t.app.db.delete(blobs).where(
      inArray(
        blobs.key,
        files.map((f) => f.key),
      ),
    );
    expect(await storedKeys(t.app)).toEqual([]);

    expect(await importLegacyFiles(t.app.db, t.app.files, t.config.dataDir)).toEqual({
      proof: 1,
      kyc: 4,
      support: 1,
      'loan-signature': 1,
    });
    expect(fs.existsSync(path.join(dir, legacyName))).toBe(false);
    expect(await storedKeys(t.app)).toHaveLength(files.length);
    for (const f of files) expect((await served(t, f)).equals(plain.get(f.url)!), f.kind).toBe(true);
    for (const key of await storedKeys(t.app)) {
      const raw = (await storedRaw(t.app, key))!;
      expect(looksSealed(raw, (await t.app.files.read(key))!), key).toBe(true);
    }
    const [k] = await t.app.db.select().from(kycImages).limit(1);
    expect([k.keyId, k.iv, k.tag, k.data]).toEqual([null, null, null, null]);
    // a second start finds nothing to move
    expect(await importLegacyFiles(t.app.db, t.app.files, t.config.dataDir)).toEqual({
      proof: 0,
      kyc: 0,
      support: 0,
      'loan-signature': 0,
    });
  });
});
