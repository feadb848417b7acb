/**
 * Personal files as they were kept before the blob store (migration 0018), moved into it once.
 * Each domain whose rows held such files moves its own (its manifest's `legacyFiles`); these are
 * the steps they share. Each file is sealed into the store, then its row is switched to the new
 * key and its old bytes emptied in one statement that only matches a row still in the old form
 * (so two instances starting at once move each file once; the loser's copy is discarded).
 */
import type { Db } from '../db/client.ts';
import type { FileKind, PersonalFiles } from './files.ts';

/** A domain's move of its pre-0018 files: how many of each kind it moved. */
export type LegacyFileMover = (db: Db, files: PersonalFiles, dataDir: string) => Promise<Partial<Record<FileKind, number>>>;

/** Visits rows in id order, a batch at a time, so a row that stays (its file missing) is seen once. */
export async function eachRow<R extends { id: bigint }>(
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
export async function moveFile(
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
