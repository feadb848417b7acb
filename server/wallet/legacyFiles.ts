/** Deposit proofs kept as files under <dataDir>/uploads/ before the blob store, moved into it once; a proof whose file is missing on this instance stays as it was (server/platform/blobs/legacy.ts, docs/storage.md). */
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, gt, notLike } from 'drizzle-orm';
import { eachRow, moveFile, type LegacyFileMover } from '../platform/blobs/legacy.ts';
import { LEGACY_UPLOAD_NAME, uploadsDir } from '../platform/uploads/store.ts';
import { deposits } from './schema.ts';

export const moveLegacyProofs: LegacyFileMover = async (db, files, dataDir) => {
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
      const moved = await moveFile(
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
  return { proof: proof };
};
