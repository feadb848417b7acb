/**
 * Personal files as they were kept before the blob store (migration 0018), moved into it once:
 * deposit proofs from <dataDir>/uploads/, KYC images from their sealed columns, support
 * attachments and loan signatures from their clear columns. Each file is sealed into the store,
 * then its row is switched to the new key and its old bytes emptied in one statement that only
 * matches a row still in the old form (so two instances starting at once move each file once; the
 * loser's copy is discarded). Run at every start and by `npm run kyc:reseal`: after the first run
 * it finds nothing. A proof whose file is missing on this instance stays as it was (docs/storage.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, gt, isNotNull, isNull, notLike } from 'drizzle-orm';
import type { Db } from './platform/db/client.ts';
import { deposits } from './wallet/schema.ts';
import { kycImages } from './kyc/schema.ts';
import { loanSignatures } from './loans/schema.ts';
import { supportAttachments } from './support/schema.ts';
import { placeOf } from './platform/blobs/sealing.ts';
import type { FileKind, PersonalFiles } from './platform/blobs/files.ts';
import { LEGACY_UPLOAD_NAME, uploadsDir } from './platform/uploads/store.ts';

type Counts = Record<FileKind, number>;

/** Visits rows in id order, a batch at a time, so a row that stays (its file missing) is seen once. */
async function eachRow<R extends { id: bigint }>(
  page: (after: bigint) => Promise<R[]>,
  visit: (r: R) => Promise<boolean>,
): Promise<number> {
  let after = 0n;
  let moved = 0;
  for (;;) {
    const rows = await page(after);
    if (rows.length === 0) return moved;
    for (const r of rows) if (await visit(r)) moved++;
    after = rows[rows.length - 1].id;
  }
}

/** Puts the file, then lets `claim` switch the row; a row another instance switched first gets the copy discarded. */
async function move(
  files: PersonalFiles,
  kind: FileKind,
  plain: () => Promise<Buffer | null>,
  claim: (key: string) => Promise<boolean>,
): Promise<boolean> {
  const bytes = await plain();
  if (!bytes) return false;
  const key = await files.put(kind, bytes);
  if (await claim(key)) return true;
  await files.discard(key);
  return false;
}

export async function importLegacyFiles(db: Db, files: PersonalFiles, dataDir: string): Promise<Counts> {
  const dir = uploadsDir(dataDir);
  const proof = await eachRow(
    (after) =>
      db
        .select({ id: deposits.id, name: deposits.proofFile })
        .from(deposits)
        .where(and(gt(deposits.id, after), notLike(deposits.proofFile, '%/%')))
        .orderBy(asc(deposits.id))
        .limit(100),
    async (r) => {
      if (!LEGACY_UPLOAD_NAME.test(r.name)) return false;
      const file = path.join(dir, r.name);
      const moved = await move(
        files,
        'proof',
        () => fs.promises.readFile(file).catch(() => null),
        async (key) =>
          (
            await db
              .update(deposits)
              .set({ proofFile: key })
              .where(and(eq(deposits.id, r.id), eq(deposits.proofFile, r.name)))
              .returning({ id: deposits.id })
          ).length > 0,
      );
      if (moved) await fs.promises.rm(file, { force: true });
      return moved;
    },
  );
  const kyc = await eachRow(
    (after) =>
      db
        .select()
        .from(kycImages)
        .where(and(gt(kycImages.id, after), isNull(kycImages.blobKey), isNotNull(kycImages.data)))
        .orderBy(asc(kycImages.id))
        .limit(100),
    async (r) => {
      const key = await files.adopt(
        'kyc',
        { keyId: r.keyId!, iv: r.iv!, tag: r.tag!, data: r.data! },
        placeOf(r.submissionId, r.kind),
      );
      const claimed =
        (
          await db
            .update(kycImages)
            .set({ blobKey: key, keyId: null, iv: null, tag: null, data: null })
            .where(and(eq(kycImages.id, r.id), isNull(kycImages.blobKey)))
            .returning({ id: kycImages.id })
        ).length > 0;
      if (!claimed) await files.discard(key);
      return claimed;
    },
  );
  const support = await eachRow(
    (after) =>
      db
        .select({ id: supportAttachments.id, bytes: supportAttachments.bytes })
        .from(supportAttachments)
        .where(and(gt(supportAttachments.id, after), isNull(supportAttachments.blobKey), isNotNull(supportAttachments.bytes)))
        .orderBy(asc(supportAttachments.id))
        .limit(100),
    (r) =>
      move(
        files,
        'support',
        async () => r.bytes,
        async (key) =>
          (
            await db
              .update(supportAttachments)
              .set({ blobKey: key, bytes: null })
              .where(and(eq(supportAttachments.id, r.id), isNull(supportAttachments.blobKey)))
              .returning({ id: supportAttachments.id })
          ).length > 0,
      ),
  );
  const signatures = await eachRow(
    (after) =>
      db
        .select({ id: loanSignatures.loanId, data: loanSignatures.data })
        .from(loanSignatures)
        .where(and(gt(loanSignatures.loanId, after), isNull(loanSignatures.blobKey), isNotNull(loanSignatures.data)))
        .orderBy(asc(loanSignatures.loanId))
        .limit(100),
    (r) =>
      move(
        files,
        'loan-signature',
        async () => Buffer.from(r.data!, 'base64'),
        async (key) =>
          (
            await db
              .update(loanSignatures)
              .set({ blobKey: key, data: null })
              .where(and(eq(loanSignatures.loanId, r.id), isNull(loanSignatures.blobKey)))
              .returning({ id: loanSignatures.loanId })
          ).length > 0,
      ),
  );
  return { proof, kyc, support, 'loan-signature': signatures };
}
