/**
 * Identity verification submissions (docs/kyc.md): a user submits their data and images, an
 * operator approves or rejects with a reason. The user's status (users.kyc_status) moves only
 * along src/machines/kyc/kyc.ts; every refusal comes before anything is written.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { Err } from '../../src/contract/errors.ts';
import {
  KYC_REF_TYPE,
  type AdminKyc,
  type AdminKycQuery,
  type KycFields,
  type KycRejectBody,
  type KycSubmission,
  type MyKyc,
} from '../../src/contract/kyc.ts';
import {
  birthDateProblem,
  isCountryCode,
  KYC_MAX_RESUBMISSIONS,
  KYC_MIN_AGE,
  KYC_REVIEW_HOURS,
  needsBack,
  requiredImages,
  type KycImageKind,
} from '../../src/contract/kycRules.ts';
import { kycMachine, type KycEvent } from '../../src/machines/kyc/kyc.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { allOf, keyset, nextCursor, rangeFilters } from '../platform/db/keyset.ts';
import { requestId } from '../platform/http/validation.ts';
import { kycImages, kycSubmissions } from './schema.ts';
import { users } from '../platform/identity/schema.ts';
import { userWritten } from '../platform/db/userWrites.ts';
import { BizError } from '../platform/http/errors.ts';
import { writeAudit } from '../platform/audit/audit.ts';
import { cleanImage, sniffImage } from '../platform/uploads/images.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import { nextStatus } from '../platform/statusTransitions.ts';
import type { KycDeps } from './deps.ts';

export type KycRow = typeof kycSubmissions.$inferSelect;
export type KycFiles = Partial<Record<KycImageKind, Buffer>>;

const imageUrl = (id: bigint, kind: KycImageKind) => `/swx/customer/user/identification/${id}/${kind}`;

export function submissionView(r: KycRow): KycSubmission {
  return {
    id: r.id.toString(),
    status: r.status,
    firstName: r.firstName,
    lastName: r.lastName,
    birthDate: r.birthDate,
    sex: r.sex,
    country: r.country,
    address: r.address,
    phone: r.phone,
    documentType: r.documentType,
    images: requiredImages(r.documentType).map((kind) => ({ kind, url: imageUrl(r.id, kind) })),
    rejectReason: r.rejectReason,
    createdAt: r.createdAt.toISOString(),
    reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
  };
}

/** What an audit entry keeps of a submission: its decision, never the person's data. */
const auditView = (r: KycRow) => ({
  id: r.id,
  userId: r.userId,
  status: r.status,
  rejectReason: r.rejectReason,
  internalNote: r.internalNote,
  reviewedBy: r.reviewedBy,
});

async function rejections(db: DbOrTx, userId: bigint): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.status, 'rejected')));
  return Number(n);
}

/** Whether the user had data verified before: a pending submission is then an update. */
async function verifiedBefore(db: DbOrTx, userId: bigint): Promise<boolean> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.status, 'verified')));
  return Number(n) > 0;
}

/** The data and images as sent, checked without decoding anything: the cheap refusals. */
export function checkSubmission(f: KycFields, files: KycFiles, today: Date): void {
  const birth = birthDateProblem(f.birthDate, today);
  if (birth === 'invalid') throw new BizError(Err.KYC_BIRTH_DATE_INVALID);
  if (birth === 'underage') throw new BizError(Err.KYC_UNDERAGE, { age: KYC_MIN_AGE });
  if (!isCountryCode(f.country)) throw new BizError(Err.KYC_COUNTRY_UNKNOWN);
  if (!needsBack(f.documentType) && files.back) throw new BizError(Err.KYC_BACK_NOT_FOR_PASSPORT);
  for (const kind of requiredImages(f.documentType)) {
    const bytes = files[kind];
    if (!bytes || bytes.length === 0) throw new BizError(Err.UPLOAD_REQUIRED, { name: kind });
    if (!sniffImage(bytes)) throw new BizError(Err.IMAGE_FORMAT_WRONG, { name: kind });
  }
}

/**
 * Refuses a submission the user's status does not allow (10110, 10114, 10115); an update is
 * for a verified person only (10044: the chart has no update from any other status).
 */
function checkStatus(status: KycRow['status'] | 'none', rejected: number, update: boolean): void {
  if (status === 'pending') throw new BizError(Err.KYC_PENDING);
  if (update) {
    if (status !== 'verified') throw new BizError(Err.STATUS_TRANSITION_DENIED, { from: status, event: 'kyc.update' });
    return;
  }
  if (status === 'verified') throw new BizError(Err.KYC_ALREADY_VERIFIED);
  if (status === 'rejected' && rejected > KYC_MAX_RESUBMISSIONS)
    throw new BizError(Err.KYC_RESUBMIT_LIMIT, { limit: KYC_MAX_RESUBMISSIONS });
}

const trimmed = (f: KycFields): KycFields => ({
  ...f,
  firstName: f.firstName.trim(),
  lastName: f.lastName.trim(),
  address: f.address.trim(),
  phone: f.phone.trim(),
});

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

export async function submit(
  deps: KycDeps,
  userId: bigint,
  fields: KycFields,
  files: KycFiles,
  update = false,
): Promise<KycSubmission> {
  const f = trimmed(fields);
  checkSubmission(f, files, new Date(deps.now()));
  const [u] = await deps.db.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new BizError(Err.USER_NOT_FOUND);
  checkStatus(u.kycStatus, await rejections(deps.db, userId), update);
  // the expensive part, once the request could be kept: decode, strip metadata, re-encode
  const limits = { maxSide: deps.config.uploadMaxImageSide };
  const clean: Array<{ kind: KycImageKind; mime: string; bytes: Buffer }> = [];
  for (const kind of requiredImages(f.documentType)) {
    const img = await cleanImage(files[kind]!, limits);
    clean.push({ kind, mime: img.mime, bytes: img.bytes });
  }
  // sealed into the blob store before the rows that name them (server/platform/blobs/files.ts)
  const stored: string[] = [];
  const events = new PendingEvents();
  try {
    for (const img of clean) stored.push(await deps.files.put('kyc', img.bytes));
    const row = await deps.db.transaction(async (tx) => {
      // under the user's row lock: parallel submissions of one user take turns
      const [locked] = await tx.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, userId)).for('update');
      const rejected = await rejections(tx, userId);
      checkStatus(locked.kycStatus, rejected, update);
      const status = nextStatus(
        kycMachine,
        locked.kycStatus,
        update ? { type: 'kyc.update' } : { type: 'kyc.submit', rejections: rejected },
      );
      const [ins] = await tx
        .insert(kycSubmissions)
        // the platform's clock, which the queue's age filters measure against (not the database's)
        .values({ userId, ...f, status: 'pending', createdAt: new Date(deps.now()) })
        .returning();
      for (const [i, img] of clean.entries()) {
        await tx
          .insert(kycImages)
          .values({ submissionId: ins.id, kind: img.kind, mime: img.mime, size: img.bytes.length, blobKey: stored[i] });
      }
      await tx.update(users).set({ kycStatus: status, kycRejectReason: null }).where(eq(users.id, userId));
      await userWritten(tx, userId);
      await events.record(tx, userId, {
        kind: 'kyc.submitted',
        params: { id: ins.id.toString() },
        refType: KYC_REF_TYPE,
        refId: ins.id.toString(),
      });
      return ins;
    });
    await events.publish(deps);
    return submissionView(row);
  } catch (e) {
    for (const key of stored) await deps.files.discard(key);
    if (isUniqueViolation(e)) throw new BizError(Err.KYC_PENDING);
    throw e;
  }
}

export async function mine(deps: KycDeps, userId: bigint): Promise<MyKyc> {
  const [u] = await deps.db
    .select({ kycStatus: users.kycStatus, reason: users.kycRejectReason })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!u) throw new BizError(Err.USER_NOT_FOUND);
  const [last] = await deps.db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.id))
    .limit(1);
  return {
    status: u.kycStatus,
    rejectReason: u.kycStatus === 'rejected' ? u.reason : null,
    resubmissionsLeft: Math.max(0, KYC_MAX_RESUBMISSIONS + 1 - (await rejections(deps.db, userId))),
    reviewHours: KYC_REVIEW_HOURS,
    submission: last ? submissionView(last) : null,
    updating: u.kycStatus === 'pending' && (await verifiedBefore(deps.db, userId)),
  };
}

/**
 * One image, decrypted, for the submission's owner or an operator. Anyone else gets 10043 like
 * for a missing record, so ids tell nothing about other people.
 */
export async function image(
  deps: KycDeps,
  id: bigint,
  kind: KycImageKind,
  viewer: { id: bigint; role: string },
): Promise<{ mime: string; bytes: Buffer; filename: string }> {
  const [row] = await deps.db
    .select({ userId: kycSubmissions.userId, img: kycImages })
    .from(kycSubmissions)
    .innerJoin(kycImages, and(eq(kycImages.submissionId, kycSubmissions.id), eq(kycImages.kind, kind)))
    .where(eq(kycSubmissions.id, id))
    .limit(1);
  if (!row || (row.userId !== viewer.id && viewer.role !== 'operator')) throw new BizError(Err.RECORD_NOT_FOUND);
  const bytes = row.img.blobKey ? await deps.files.read(row.img.blobKey) : null;
  if (!bytes) throw new BizError(Err.RECORD_NOT_FOUND);
  return { mime: row.img.mime, bytes, filename: `kyc-${id}-${kind}.${row.img.mime === 'image/png' ? 'png' : 'jpg'}` };
}

// ---------------------------------------------------------------- operators
async function adminView(db: DbOrTx, r: KycRow, username: string | null): Promise<AdminKyc> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, r.userId), eq(kycSubmissions.status, 'rejected'), ne(kycSubmissions.id, r.id)));
  return {
    ...submissionView(r),
    userId: r.userId.toString(),
    username: username ?? '',
    internalNote: r.internalNote,
    reviewedBy: r.reviewedBy?.toString() ?? null,
    previousRejections: Number(n),
  };
}

/** The queue, oldest first (the one waiting longest is decided first). */
/**
 * The operators' verification queue: by status, customer and age, sorted by age with keyset
 * paging (server/platform/db/keyset.ts, issue 42). Without a sort the pending queue reads oldest
 * first by id, the rest newest first, with page numbers, as before.
 */
export async function queue(
  db: DbOrTx,
  q: AdminKycQuery,
  now: number,
): Promise<{ rows: AdminKyc[]; total: number; next: string | null }> {
  const cols = { id: kycSubmissions.id, createdAt: kycSubmissions.createdAt };
  const where = allOf([
    q.status ? eq(kycSubmissions.status, q.status) : undefined,
    q.userId === undefined ? undefined : eq(kycSubmissions.userId, requestId(q.userId)),
    ...rangeFilters(cols, q, now),
  ]);
  const sort = q.sort === 'age' ? 'age' : undefined;
  const after = sort === undefined ? undefined : q.after;
  const page = keyset(cols, sort, after);
  const size = q.pageSize ?? 20;
  const orderBy = sort === undefined && q.status === 'pending' ? [asc(kycSubmissions.id)] : page.orderBy;
  const rows = await db
    .select({ s: kycSubmissions, username: users.username })
    .from(kycSubmissions)
    .leftJoin(users, eq(users.id, kycSubmissions.userId))
    .where(allOf([where, page.start]))
    .orderBy(...orderBy)
    .limit(size)
    .offset(after === undefined ? ((q.pageNum ?? 1) - 1) * size : 0);
  const [{ total }] = await db.select({ total: count() }).from(kycSubmissions).where(where);
  const out: AdminKyc[] = [];
  for (const r of rows) out.push(await adminView(db, r.s, r.username));
  return { rows: out, total: Number(total), next: sort === undefined ? null : nextCursor(rows, size, (r) => page.cursorOf(r.s)) };
}

export async function detail(db: DbOrTx, id: bigint): Promise<AdminKyc> {
  const [r] = await db
    .select({ s: kycSubmissions, username: users.username })
    .from(kycSubmissions)
    .leftJoin(users, eq(users.id, kycSubmissions.userId))
    .where(eq(kycSubmissions.id, id))
    .limit(1);
  if (!r) throw new BizError(Err.RECORD_NOT_FOUND);
  return adminView(db, r.s, r.username);
}

/**
 * An operator's decision. The submission and its user are locked, so two decisions at once take
 * turns and the chart refuses the second (10044); an operator never decides their own (10056).
 */
export async function review(
  deps: KycDeps,
  operatorId: bigint,
  id: bigint,
  decision: { type: 'kyc.approve' } | ({ type: 'kyc.reject' } & KycRejectBody),
): Promise<AdminKyc> {
  const events = new PendingEvents();
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(kycSubmissions).where(eq(kycSubmissions.id, id)).for('update');
    if (!before) throw new BizError(Err.RECORD_NOT_FOUND);
    if (before.userId === operatorId) throw new BizError(Err.OWN_RECORD_REVIEW);
    const [u] = await tx.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, before.userId)).for('update');
    const event: KycEvent =
      decision.type === 'kyc.approve' ? { type: 'kyc.approve' } : { type: 'kyc.reject', reason: decision.reason.trim() };
    // the submission must be the one waiting, and the user's status must allow the decision
    if (before.status !== 'pending') throw new BizError(Err.STATUS_TRANSITION_DENIED, { from: before.status, event: event.type });
    const status = nextStatus(kycMachine, u.kycStatus, event);
    if (status === 'none' || status === 'pending')
      throw new BizError(Err.STATUS_TRANSITION_DENIED, { from: u.kycStatus, event: event.type });
    const reason = event.type === 'kyc.reject' ? event.reason : null;
    const note = decision.type === 'kyc.reject' ? decision.note?.trim() || null : null;
    const [after] = await tx
      .update(kycSubmissions)
      .set({ status, rejectReason: reason, internalNote: note, reviewedBy: operatorId, reviewedAt: new Date(deps.now()) })
      .where(eq(kycSubmissions.id, id))
      .returning();
    await tx.update(users).set({ kycStatus: status, kycRejectReason: reason }).where(eq(users.id, before.userId));
    await userWritten(tx, before.userId);
    await writeAudit(tx, {
      actorId: operatorId,
      action: event.type,
      targetType: KYC_REF_TYPE,
      targetId: id,
      before: auditView(before),
      after: auditView(after),
    });
    const ref = { refType: KYC_REF_TYPE, refId: id.toString() };
    await events.record(
      tx,
      before.userId,
      event.type === 'kyc.approve'
        ? { kind: 'kyc.verified', params: { id: id.toString() }, ...ref }
        : { kind: 'kyc.rejected', params: { id: id.toString(), reason: event.reason }, ...ref },
    );
    return after;
  });
  await events.publish(deps);
  return detail(deps.db, row.id);
}

/** Which of these blob keys a KYC image still names (the orphan sweep). */
export async function kycFilesKnown(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ k: kycImages.blobKey })
    .from(kycImages)
    .where(and(isNotNull(kycImages.blobKey), inArray(kycImages.blobKey, keys)));
  return new Set(rows.map((r) => r.k!));
}
