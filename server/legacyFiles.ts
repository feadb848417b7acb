/**
 * Personal files as they were kept before the blob store (migration 0018), moved into it once:
 * each domain whose rows held them moves its own (its manifest's `legacyFiles`: the wallet's
 * deposit proofs from <dataDir>/uploads/, KYC images from their sealed columns, support
 * attachments and loan signatures from their clear columns). Each file is sealed into the store,
 * then its row is switched to the new key and its old bytes emptied in one statement that only
 * matches a row still in the old form (so two instances starting at once move each file once; the
 * loser's copy is discarded). Run at every start and by `npm run kyc:reseal`: after the first run
 * it finds nothing. A proof whose file is missing on this instance stays as it was (docs/storage.md).
 */
import type { Db } from './platform/db/client.ts';
import type { FileKind, PersonalFiles } from './platform/blobs/files.ts';
import type { DomainManifest } from './platform/domain.ts';
import { DOMAINS } from './domains.ts';

/** How many files of each kind were moved, by the domains that had such files. */
export async function importLegacyFiles(
  db: Db,
  files: PersonalFiles,
  dataDir: string,
): Promise<Partial<Record<FileKind, number>>> {
  const domains: readonly DomainManifest[] = DOMAINS;
  let moved: Partial<Record<FileKind, number>> = {};
  for (const d of domains) if (d.legacyFiles) moved = { ...moved, ...(await d.legacyFiles(db, files, dataDir)) };
  return moved;
}
