import { eq } from 'drizzle-orm';
import { Err } from '../../src/contract/errors.ts';
import type { AdminKyc, AdminKycQuery, KycFields, KycRejectBody, KycSubmission, MyKyc } from '../../src/contract/kyc.ts';
import type { KycImageKind } from '../../src/contract/kycRules.ts';
import { kycSubmissions } from './schema.ts';
import { BizError } from '../platform/http/errors.ts';
import { recordPersonalRead } from '../platform/audit/personalReads.ts';
import { detail, image, mine, queue, review, submit, type KycFiles } from './submissions.ts';
import type { KycDeps } from './deps.ts';

export type { KycDeps } from './deps.ts';

/**
 * Identity verification (`app.kyc`, docs/kyc.md): submissions with their sealed images, the
 * user's status along src/machines/kyc/kyc.ts, the operators' queue and decisions.
 */
export class KycService {
  constructor(private readonly deps: KycDeps) {}

  /** `update`: a verified person's changed data, back to review */
  submit(userId: bigint, fields: KycFields, files: KycFiles, update = false): Promise<KycSubmission> {
    return submit(this.deps, userId, fields, files, update);
  }

  mine(userId: bigint): Promise<MyKyc> {
    return mine(this.deps, userId);
  }

  /** One image; an operator's read is audited and shown to the customer (issue 25). */
  async image(id: bigint, kind: KycImageKind, viewer: { id: bigint; role: string }) {
    const out = await image(this.deps, id, kind, viewer);
    if (viewer.role === 'operator')
      await recordPersonalRead(this.deps.db, {
        viewer,
        customerId: await this.ownerOf(id),
        document: 'kyc_image',
        ref: `${id}/${kind}`,
      });
    return out;
  }

  private async ownerOf(id: bigint): Promise<bigint> {
    const [row] = await this.deps.db
      .select({ userId: kycSubmissions.userId })
      .from(kycSubmissions)
      .where(eq(kycSubmissions.id, id))
      .limit(1);
    if (!row) throw new BizError(Err.RECORD_NOT_FOUND);
    return row.userId;
  }

  // ---------------------------------------------------------------- operators
  queue(q: AdminKycQuery): Promise<{ rows: AdminKyc[]; total: number; next: string | null }> {
    return queue(this.deps.db, q, this.deps.now());
  }

  /** The typed personal data of a submission: the operator's read is audited (issue 25). */
  async detail(id: bigint, viewer: { id: bigint; role: string }): Promise<AdminKyc> {
    const out = await detail(this.deps.db, id);
    await recordPersonalRead(this.deps.db, {
      viewer,
      customerId: BigInt(out.userId),
      document: 'kyc_detail',
      ref: id.toString(),
    });
    return out;
  }

  approve(operatorId: bigint, id: bigint): Promise<AdminKyc> {
    return review(this.deps, operatorId, id, { type: 'kyc.approve' });
  }

  reject(operatorId: bigint, id: bigint, body: KycRejectBody): Promise<AdminKyc> {
    return review(this.deps, operatorId, id, { type: 'kyc.reject', ...body });
  }

  /** The id of the key new images are sealed with (never the key). */
  get keyId(): string {
    return this.deps.files.keyId;
  }
}
