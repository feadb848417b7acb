import type { FastifyBaseLogger } from 'fastify';
import type { AdminKyc, AdminKycQuery, KycFields, KycRejectBody, KycSubmission, MyKyc } from '../../src/contract/kyc.ts';
import type { KycImageKind } from '../../src/contract/kycRules.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Bus } from '../notify/bus.ts';
import type { PersonalFiles } from '../platform/blobs/files.ts';
import { detail, image, mine, queue, review, submit, type KycFiles } from './submissions.ts';

/** What the KYC domain works with. */
export interface KycDeps {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  config: Pick<Config, 'uploadMaxImageSide'>;
  /** where the images are sealed and stored (server/platform/blobs/files.ts) */
  files: PersonalFiles;
  /** the service clock (ms): the age rule's "today" and review times */
  now: () => number;
}

/**
 * Identity verification (`app.kyc`, docs/kyc.md): submissions with their sealed images, the
 * user's status along src/machines/kyc.ts, the operators' queue and decisions.
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

  image(id: bigint, kind: KycImageKind, viewer: { id: bigint; role: string }) {
    return image(this.deps, id, kind, viewer);
  }

  // ---------------------------------------------------------------- operators
  queue(q: AdminKycQuery): Promise<{ rows: AdminKyc[]; total: number }> {
    return queue(this.deps.db, q);
  }

  detail(id: bigint): Promise<AdminKyc> {
    return detail(this.deps.db, id);
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
