import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { KYC_MAX_RESUBMISSIONS } from '../../../src/contract/kycRules.ts';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { kycImages } from '../../../server/kyc/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { keyFile, loadKeys } from '../../../server/platform/blobs/sealing.ts';
import { KycService } from '../../../server/kyc/service.ts';
import { PersonalFiles, unwrap } from '../../../server/platform/blobs/files.ts';
import { storedRaw } from '../blobFixtures.ts';
import { body, useTestApp } from '../helpers.ts';
import { BACK, FRONT, HANDHELD, IMAGES, kycCounts, kycFields, SIGNATURE, submitKyc } from './kycFixtures.ts';
import { adminCall, createUser, type TestUser } from '../wallet/walletFixtures.ts';
import { repay, setPrices, submitLoan, terms, verifiedUser } from '../loans/loanFixtures.ts';

const userInfo = async (t: { app: import('fastify').FastifyInstance }, u: TestUser) =>
  body(
    await t.app.inject({
      method: 'POST',
      url: '/swx/customer/user/getUserInfo',
      headers: { authorization: u.token },
      payload: {},
    }),
  ).result.user;
const getImage = (t: { app: import('fastify').FastifyInstance }, u: TestUser, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: u.token } });

describe('identity verification: submit, refusals, encryption, review', () => {
  const t = useTestApp();

  it('a customer submits (demo book too: it is about the person) and is pending, with a notification', async () => {
    const alice = await createUser(t.app);
    const res = await submitKyc(t.app, alice);
    expect(res.code).toBe(Ok.SUBMITTED_FOR_REVIEW);
    expect(res.result!.status).toBe('pending');
    expect(res.result!.images.map((i) => i.kind)).toEqual(['front', 'back', 'handheld', 'signature']);
    expect(await userInfo(t, alice)).toMatchObject({ kycStatus: 'pending', kycRejectReason: null });
    const mine = body(
      await t.app.inject({ method: 'GET', url: '/swx/customer/user/identification', headers: { authorization: alice.token } }),
    ).result;
    expect(mine).toMatchObject({ status: 'pending', reviewHours: 48, submission: { firstName: 'Ada', country: 'GB' } });
    const notes = await t.app.db.select().from(notifications).where(eq(notifications.userId, alice.id));
    expect(notes.map((n) => n.kind)).toEqual(['kyc.submitted']);
  });

  it('refusals write nothing: fields, age, country, images, passport back, pending, verified', async () => {
    const bob = await createUser(t.app);
    const before = await kycCounts(t.app);
    const cases: Array<[Record<string, string>, Record<string, Buffer>, number]> = [
      [
        kycFields({ birthDate: new Date(Date.now() - 17 * 365.25 * 86400_000).toISOString().slice(0, 10) }),
        IMAGES,
        Err.KYC_UNDERAGE,
      ],
      [kycFields({ birthDate: '1990-02-30' }), IMAGES, Err.KYC_BIRTH_DATE_INVALID],
      [kycFields({ birthDate: '2999-01-01' }), IMAGES, Err.KYC_BIRTH_DATE_INVALID],
      [kycFields({ country: 'XX' }), IMAGES, Err.KYC_COUNTRY_UNKNOWN],
      [kycFields({ sex: 'other' }), IMAGES, Err.MALFORMED_REQUEST],
      [kycFields({ documentType: 'library_card' }), IMAGES, Err.MALFORMED_REQUEST],
      [{ ...kycFields(), extra: 'x' }, IMAGES, Err.MALFORMED_REQUEST],
      [kycFields(), { front: FRONT, handheld: HANDHELD, signature: SIGNATURE }, Err.UPLOAD_REQUIRED],
      [kycFields({ documentType: 'passport' }), IMAGES, Err.KYC_BACK_NOT_FOR_PASSPORT],
      [kycFields(), { ...IMAGES, signature: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }, Err.IMAGE_FORMAT_WRONG],
      [kycFields(), { ...IMAGES, front: Buffer.concat([FRONT.subarray(0, 40), Buffer.alloc(100)]) }, Err.IMAGE_FORMAT_WRONG],
      [kycFields(), { ...IMAGES, selfie: HANDHELD }, Err.MALFORMED_REQUEST],
    ];
    for (const [fields, files, code] of cases) {
      const res = await submitKyc(t.app, bob, fields, files);
      expect(res.code, JSON.stringify(fields) + Object.keys(files)).toBe(code);
    }
    expect(await kycCounts(t.app)).toEqual(before);
    expect((await userInfo(t, bob)).kycStatus).toBe('none');
    // a passport needs no back
    expect(
      (
        await submitKyc(t.app, bob, kycFields({ documentType: 'passport' }), {
          front: FRONT,
          handheld: HANDHELD,
          signature: SIGNATURE,
        })
      ).code,
    ).toBe(Ok.SUBMITTED_FOR_REVIEW);
    const pending = await kycCounts(t.app);
    expect((await submitKyc(t.app, bob)).code).toBe(Err.KYC_PENDING);
    expect(await kycCounts(t.app)).toEqual(pending);
  });

  it('two submissions at once: one is kept, the other refused with 10110', async () => {
    const carol = await createUser(t.app);
    const codes = (await Promise.all([submitKyc(t.app, carol), submitKyc(t.app, carol)])).map((r) => r.code).sort();
    expect(codes).toEqual([Ok.SUBMITTED_FOR_REVIEW, Err.KYC_PENDING].sort());
  });

  it('images are sealed at rest (AES-256-GCM): the stored bytes are not the image; owner and operators read them, nobody else', async () => {
    const dave = await createUser(t.app);
    const eve = await createUser(t.app);
    const op = await createUser(t.app, 'operator');
    const res = await submitKyc(t.app, dave);
    const stored = await t.app.db
      .select()
      .from(kycImages)
      .where(eq(kycImages.submissionId, BigInt(res.result!.id)));
    expect(stored).toHaveLength(4);
    for (const s of stored) {
      // a sealed file of the blob store, nothing in the row's own columns
      expect(s.blobKey).toMatch(/^kyc\//);
      expect(s.data).toBeNull();
      const raw = (await storedRaw(t.app, s.blobKey!))!;
      const parts = unwrap(raw);
      expect(parts.keyId).toBe(t.app.kyc.keyId);
      expect(parts.iv.length).toBe(12);
      expect(parts.tag.length).toBe(16);
      // neither an image signature nor the original bytes
      // (ciphertext is random, so its first byte alone may be 0xff or 0x89; a whole signature cannot)
      expect(parts.data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
      expect(parts.data.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
      for (const plain of [FRONT, BACK, HANDHELD, SIGNATURE]) expect(raw.includes(plain)).toBe(false);
      expect(raw.toString('latin1')).not.toContain('SECRET');
    }
    // the key was made in the data folder (the embedded default), private
    const st = fs.statSync(keyFile(t.config.dataDir));
    expect(st.mode & 0o777).toBe(0o600);
    const front = res.result!.images.find((i) => i.kind === 'front')!.url;
    for (const viewer of [dave, op]) {
      const r = await getImage(t, viewer, front);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('image/jpeg');
      expect(r.headers['content-disposition']).toMatch(/^attachment/);
      // metadata stripped before sealing
      expect(r.rawPayload.toString('latin1')).not.toContain('SECRET');
      expect((await sharp(r.rawPayload).metadata()).width).toBe(32);
    }
    expect(body(await getImage(t, eve, front)).code).toBe(Err.RECORD_NOT_FOUND);
    expect((await t.app.inject({ method: 'GET', url: front })).json().code).toBe(401);
    // a sealed image moved to another file's key does not open (its key is the associated data)
    const [f] = stored.filter((s) => s.kind === 'front');
    const [b] = stored.filter((s) => s.kind === 'back');
    await t.app.files.store.put(b.blobKey!, (await storedRaw(t.app, f.blobKey!))!);
    expect(body(await getImage(t, op, res.result!.images.find((i) => i.kind === 'back')!.url)).code).toBe(Err.INTERNAL);
  });

  it('operators: queue, four-eyes, approve, reject with reason, resubmit; every decision audited and notified', async () => {
    const frank = await createUser(t.app);
    const op1 = await createUser(t.app, 'operator');
    const op2 = await createUser(t.app, 'operator');
    const customer = await createUser(t.app);
    // non-operators are refused the console
    expect((await adminCall(t.app, customer, 'GET', '/kyc?status=pending')).code).toBe(Err.OPERATOR_ONLY);
    const sub = (await submitKyc(t.app, frank)).result!;
    const queue = await adminCall(t.app, op1, 'GET', '/kyc?status=pending&pageSize=100');
    expect(queue.result.rows.map((r: { id: string }) => r.id)).toContain(sub.id);
    const detail = await adminCall(t.app, op1, 'GET', `/kyc/${sub.id}`);
    expect(detail.result).toMatchObject({
      username: frank.username,
      firstName: 'Ada',
      documentType: 'id_card',
      previousRejections: 0,
    });
    // an operator's own submission goes to another operator
    const own = (await submitKyc(t.app, op1)).result!;
    const beforeOwn = await kycCounts(t.app);
    expect((await adminCall(t.app, op1, 'POST', `/kyc/${own.id}/approve`, {})).code).toBe(Err.OWN_RECORD_REVIEW);
    expect(await kycCounts(t.app)).toEqual(beforeOwn);
    expect((await adminCall(t.app, op2, 'POST', `/kyc/${own.id}/approve`, {})).code).toBe(200);
    // reject: a reason is required; the user reads it, the note stays with operators
    expect((await adminCall(t.app, op1, 'POST', `/kyc/${sub.id}/reject`, { reason: ' ' })).code).toBe(Err.MALFORMED_REQUEST);
    // a note above 1000 characters is refused, writing nothing
    expect(
      (await adminCall(t.app, op1, 'POST', `/kyc/${sub.id}/reject`, { reason: 'blurred', note: 'x'.repeat(1001) })).code,
    ).toBe(Err.MALFORMED_REQUEST);
    expect((await adminCall(t.app, op1, 'GET', `/kyc/${sub.id}`)).result).toMatchObject({
      status: 'pending',
      internalNote: null,
    });
    const rej = await adminCall(t.app, op1, 'POST', `/kyc/${sub.id}/reject`, {
      reason: 'The photo of the front is blurred',
      note: 'looks genuine otherwise',
    });
    expect(rej.result).toMatchObject({
      status: 'rejected',
      rejectReason: 'The photo of the front is blurred',
      internalNote: 'looks genuine otherwise',
      reviewedBy: op1.id.toString(),
    });
    expect(await userInfo(t, frank)).toMatchObject({
      kycStatus: 'rejected',
      kycRejectReason: 'The photo of the front is blurred',
    });
    const mine = body(
      await t.app.inject({ method: 'GET', url: '/swx/customer/user/identification', headers: { authorization: frank.token } }),
    ).result;
    expect(mine.submission).not.toHaveProperty('internalNote');
    expect(JSON.stringify(mine)).not.toContain('looks genuine otherwise');
    // operators read the stored note in the submission and in the queue
    expect((await adminCall(t.app, op2, 'GET', `/kyc/${sub.id}`)).result).toMatchObject({
      internalNote: 'looks genuine otherwise',
      rejectReason: 'The photo of the front is blurred',
    });
    const rows = (await adminCall(t.app, op2, 'GET', '/kyc?status=rejected&pageNum=1&pageSize=50')).result.rows as Array<{
      id: string;
      internalNote: string | null;
    }>;
    expect(rows.find((r) => r.id === sub.id)?.internalNote).toBe('looks genuine otherwise');
    expect(mine.resubmissionsLeft).toBe(KYC_MAX_RESUBMISSIONS);
    // a second decision on the same submission is refused
    expect((await adminCall(t.app, op2, 'POST', `/kyc/${sub.id}/approve`, {})).code).toBe(Err.STATUS_TRANSITION_DENIED);
    // resubmit, approve
    const again = (await submitKyc(t.app, frank)).result!;
    expect(await userInfo(t, frank)).toMatchObject({ kycStatus: 'pending', kycRejectReason: null });
    const ok = await adminCall(t.app, op2, 'POST', `/kyc/${again.id}/approve`, {});
    expect(ok.result).toMatchObject({ status: 'verified', previousRejections: 1 });
    expect((await userInfo(t, frank)).kycStatus).toBe('verified');
    expect((await submitKyc(t.app, frank)).code).toBe(Err.KYC_ALREADY_VERIFIED);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.targetType, 'kyc'));
    const mineAudit = audit.filter((a) => a.targetId === sub.id || a.targetId === again.id).map((a) => a.action);
    expect(mineAudit.sort()).toEqual(['kyc.approve', 'kyc.reject']);
    // the audit keeps the decision, not the person's data
    expect(JSON.stringify(audit.map((a) => [a.before, a.after]))).not.toContain('Lovelace');
    const kinds = (await t.app.db.select().from(notifications).where(eq(notifications.userId, frank.id))).map((n) => n.kind);
    expect(kinds).toEqual(['kyc.submitted', 'kyc.rejected', 'kyc.submitted', 'kyc.verified']);
  });

  it(`after ${KYC_MAX_RESUBMISSIONS} resubmissions support decides (10115)`, async () => {
    const gina = await createUser(t.app);
    const op = await createUser(t.app, 'operator');
    for (let i = 0; i <= KYC_MAX_RESUBMISSIONS; i++) {
      const s = await submitKyc(t.app, gina);
      expect(s.code).toBe(Ok.SUBMITTED_FOR_REVIEW);
      expect((await adminCall(t.app, op, 'POST', `/kyc/${s.result!.id}/reject`, { reason: `try ${i}` })).code).toBe(200);
    }
    const before = await kycCounts(t.app);
    expect((await submitKyc(t.app, gina)).code).toBe(Err.KYC_RESUBMIT_LIMIT);
    expect(await kycCounts(t.app)).toEqual(before);
    const [u] = await t.app.db.select().from(users).where(eq(users.id, gina.id));
    expect(u.kycStatus).toBe('rejected');
  });
});

describe('identity verification: an update after approval goes back to review', () => {
  const t = useTestApp();
  const mineOf = async (u: TestUser) =>
    body(await t.app.inject({ method: 'GET', url: '/swx/customer/user/identification', headers: { authorization: u.token } }))
      .result;

  it('only with update=true and only when verified; pending again, running loans go on, new loans wait for the approval', async () => {
    const op1 = await createUser(t.app, 'operator');
    const op2 = await createUser(t.app, 'operator');
    // verified through the real review, holding BTC
    const ada = await verifiedUser(t.app, '1');
    await t.app.db.update(users).set({ kycStatus: 'none' }).where(eq(users.id, ada.id));
    const first = (await submitKyc(t.app, ada)).result!;
    expect((await adminCall(t.app, op1, 'POST', `/kyc/${first.id}/approve`, {})).code).toBe(200);
    // an update is for a verified person only: anyone else 10044, a pending person 10110
    const other = await createUser(t.app);
    const before = await kycCounts(t.app);
    expect((await submitKyc(t.app, other, kycFields({ update: 'true' }))).code).toBe(Err.STATUS_TRANSITION_DENIED);
    expect((await submitKyc(t.app, ada, kycFields({ update: 'yes' }))).code).toBe(Err.MALFORMED_REQUEST);
    // without the flag a verified person is still refused
    expect((await submitKyc(t.app, ada)).code).toBe(Err.KYC_ALREADY_VERIFIED);
    expect(await kycCounts(t.app)).toEqual(before);
    expect(await mineOf(ada)).toMatchObject({ status: 'verified', updating: false });
    // a running loan
    setPrices(t.app, { BTCUSDT: 50000, ETHUSDT: 2500 });
    const version = (await terms(t.app)).agreementVersion;
    const loan = await submitLoan(t.app, ada, version);
    expect(loan.code, loan.msg).toBe(Ok.SUBMITTED_FOR_REVIEW);
    await adminCall(t.app, op1, 'POST', `/loans/${loan.result.id}/approve`);
    expect((await adminCall(t.app, op2, 'POST', `/loans/${loan.result.id}/approve`)).result.step).toBe('final');
    // the update: back to review with the new data
    const upd = await submitKyc(t.app, ada, kycFields({ update: 'true', address: '1 New Street, Manchester' }));
    expect(upd.code).toBe(Ok.SUBMITTED_FOR_REVIEW);
    expect(upd.result).not.toHaveProperty('update');
    expect(await userInfo(t, ada)).toMatchObject({ kycStatus: 'pending' });
    expect(await mineOf(ada)).toMatchObject({
      status: 'pending',
      updating: true,
      submission: { address: '1 New Street, Manchester', status: 'pending' },
    });
    // one pending at a time, update or not
    expect((await submitKyc(t.app, ada, kycFields({ update: 'true' }))).code).toBe(Err.KYC_PENDING);
    // the running loan goes on (repayments work); a new loan waits for the approval
    expect((await repay(t.app, ada, loan.result.id, '10')).code).toBe(200);
    expect((await submitLoan(t.app, ada, version)).code).toBe(Err.USER_NOT_AUTHENTICATED);
    // approved: verified again with the new data, new loans possible
    expect((await adminCall(t.app, op2, 'POST', `/kyc/${upd.result!.id}/approve`, {})).result).toMatchObject({
      status: 'verified',
      address: '1 New Street, Manchester',
    });
    expect(await mineOf(ada)).toMatchObject({ status: 'verified', updating: false });
    expect((await submitLoan(t.app, ada, version, { amount: '200' })).code).toBe(Ok.SUBMITTED_FOR_REVIEW);
    // a rejected update is a rejection like any other: the reason to read, a new submission possible
    const again = (await submitKyc(t.app, ada, kycFields({ update: 'true' }))).result!;
    await adminCall(t.app, op1, 'POST', `/kyc/${again.id}/reject`, { reason: 'The address proof is unreadable' });
    expect(await mineOf(ada)).toMatchObject({
      status: 'rejected',
      rejectReason: 'The address proof is unreadable',
      updating: false,
    });
    expect((await submitKyc(t.app, ada)).code).toBe(Ok.SUBMITTED_FOR_REVIEW);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.targetType, 'kyc'));
    expect(audit.filter((a) => a.action === 'kyc.approve').length).toBeGreaterThanOrEqual(2);
  });
});

describe('identity verification: key rotation', () => {
  const OLD = Buffer.alloc(32, 7).toString('base64');
  const NEW = Buffer.alloc(32, 9).toString('hex');
  const t = useTestApp({ kycKey: OLD });

  it('images sealed with the old key open after the switch (KYC_OLD_KEYS) and reseal moves them to the new key', async () => {
    const u = await createUser(t.app);
    const sub = (await submitKyc(t.app, u)).result!;
    // the service as an instance started with KYC_KEY=<new> KYC_OLD_KEYS=<old> sees it, on the same database
    const keys = loadKeys({ ...t.config, kycKey: NEW, kycOldKeys: [OLD] });
    const files = new PersonalFiles({ store: t.app.files.store, keys, now: Date.now });
    const rotated = new KycService({ db: t.app.db, bus: t.app.bus, log: t.app.log, config: t.config, files, now: Date.now });
    expect(rotated.keyId).not.toBe(t.app.kyc.keyId);
    const viewer = { id: u.id, role: 'customer' };
    const plain = (await t.app.kyc.image(BigInt(sub.id), 'front', viewer)).bytes;
    expect((await rotated.image(BigInt(sub.id), 'front', viewer)).bytes.equals(plain)).toBe(true);
    expect(await files.reseal()).toBe(4);
    const after = await t.app.db
      .select()
      .from(kycImages)
      .where(eq(kycImages.submissionId, BigInt(sub.id)));
    for (const r of after) expect(unwrap((await storedRaw(t.app, r.blobKey!))!).keyId).toBe(rotated.keyId);
    expect((await rotated.image(BigInt(sub.id), 'front', viewer)).bytes.equals(plain)).toBe(true);
    expect(await files.reseal()).toBe(0);
    // without the new key the re-sealed images no longer open: the old key alone is not enough
    await expect(t.app.kyc.image(BigInt(sub.id), 'front', viewer)).rejects.toThrow(/not configured/);
    // a malformed key stops the start
    expect(() => loadKeys({ ...t.config, kycKey: 'short' })).toThrow(/32 bytes/);
    expect(() => loadKeys({ ...t.config, kycKey: undefined, production: true, databaseUrl: 'postgres://x' })).toThrow(
      /KYC_KEY is required/,
    );
  });
});
