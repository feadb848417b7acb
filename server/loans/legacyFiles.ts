/** Loan signatures kept in their own column before the blob store, moved into it once (server/platform/blobs/legacy.ts, docs/storage.md). */
import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { eachRow, moveFile, type LegacyFileMover } from '../platform/blobs/legacy.ts';
import { loanSignatures } from './schema.ts';

export const moveLegacySignatures: LegacyFileMover = async (db, files) => {
  const signatures = await eachRow(
    (after) =>
      db
        .select({ id: loanSignatures.loanId, data: loanSignatures.data })
        .from(loanSignatures)
        .where(and(gt(loanSignatures.loanId, after), isNull(loanSignatures.blobKey), isNotNull(loanSignatures.data)))
        .orderBy(asc(loanSignatures.loanId))
        .limit(100),
    (r) =>
      moveFile(
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
  return { 'loan-signature': signatures };
};
