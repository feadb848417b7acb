/** Identity images kept sealed in their own columns before the blob store, adopted into it once (server/platform/blobs/legacy.ts, docs/storage.md). */
import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { eachRow, type LegacyFileMover } from '../platform/blobs/legacy.ts';
import { placeOf } from '../platform/blobs/sealing.ts';
import { kycImages } from './schema.ts';

export const moveLegacyKycImages: LegacyFileMover = async (db, files) => {
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
  return { kyc: kyc };
};
