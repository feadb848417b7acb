/** Support attachments kept in their own column before the blob store, moved into it once (server/platform/blobs/legacy.ts, docs/storage.md). */
import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { eachRow, moveFile, type LegacyFileMover } from '../platform/blobs/legacy.ts';
import { supportAttachments } from './schema.ts';

export const moveLegacyAttachments: LegacyFileMover = async (db, files) => {
  const support = await eachRow(
    (after) =>
      db
        .select({ id: supportAttachments.id, bytes: supportAttachments.bytes })
        .from(supportAttachments)
        .where(and(gt(supportAttachments.id, after), isNull(supportAttachments.blobKey), isNotNull(supportAttachments.bytes)))
        .orderBy(asc(supportAttachments.id))
        .limit(100),
    (r) =>
      moveFile(
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
  return { support: support };
};
