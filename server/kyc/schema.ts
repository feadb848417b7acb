import { bigserial, bigint, customType, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { KycSubmissionStatus } from '../../src/contract/kyc.ts';
import type { KycDocumentType, KycImageKind, KycSex } from '../../src/contract/kycRules.ts';

/** Raw bytes: node-postgres answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * One identity verification submission (docs/kyc.md). The user's status is users.kyc_status,
 * moved along src/machines/kyc/kyc.ts; a submission keeps what it became. At most one pending per
 * user: the partial unique index decides between two racing submissions.
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' }).notNull(),
    status: text().$type<KycSubmissionStatus>().notNull().default('pending'),
    firstName: text().notNull(),
    lastName: text().notNull(),
    birthDate: text().notNull(),
    sex: text().$type<KycSex>().notNull(),
    country: text().notNull(),
    address: text().notNull(),
    phone: text().notNull(),
    documentType: text().$type<KycDocumentType>().notNull(),
    /** shown to the user */
    rejectReason: text(),
    /** operators only */
    internalNote: text(),
    reviewedBy: bigint({ mode: 'bigint' }),
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kyc_submissions_user').on(t.userId, t.id),
    index('kyc_submissions_status').on(t.status, t.id),
    // the operators' queue sorted by age, paged by keyset (issue 42)
    index('kyc_submissions_queue_age').on(t.status, t.createdAt, t.id),
    uniqueIndex('kyc_submissions_one_pending')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The images of a submission. Each is a sealed file of the blob store (`blobKey`,
 * server/platform/blobs/files.ts: AES-256-GCM with the documents key, its key id in the file).
 * `keyId`/`iv`/`tag`/`data` are where images were sealed before migration 0018: a start moves
 * such rows into the blob store and empties them (server/legacyFiles.ts).
 */
export const kycImages = pgTable(
  'kyc_images',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    submissionId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => kycSubmissions.id),
    kind: text().$type<KycImageKind>().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    blobKey: text(),
    keyId: text(),
    iv: bytea(),
    tag: bytea(),
    data: bytea(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kyc_images_kind').on(t.submissionId, t.kind), index('kyc_images_key').on(t.keyId)],
);
