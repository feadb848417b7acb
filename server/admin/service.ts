import { eq } from 'drizzle-orm';
import type { Static } from 'typebox';
import type {
  AdminDeposit,
  AdminDepositAddress,
  AdminOperator,
  AdminOperatorProposal,
  AdminWithdrawal,
  CreateOperatorBody,
  AuditPage,
  AdminDepositPage,
  AdminWithdrawalPage,
  OutboxPage,
  OutboxQuery,
} from '../../src/contract/admin.ts';
import type { DocumentAccessPage, DocumentAccessQuery } from '../../src/contract/privacy.ts';
import type { DepositStatus, WithdrawalStatus } from '../../src/contract/wallet.ts';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/client.ts';
import { users } from '../platform/identity/schema.ts';
import { depositQueuePage, depositView, type DepositRow, type WalletQueueQuery } from '../wallet/index.ts';
import type { WalletService } from '../wallet/index.ts';
import { withdrawalQueuePage, withdrawalView, type WithdrawalRow } from '../wallet/index.ts';
import { auditPage, type AuditFilter } from '../platform/audit/audit.ts';
import {
  allDepositAddresses,
  createDepositAddress,
  deleteDepositAddress,
  updateDepositAddress,
  type DepositAddressChange,
  type NewDepositAddress,
} from '../wallet/index.ts';
import { confirmProposal, listProposals, proposeCreate, proposeDisable, rejectProposal } from './operatorProposals.ts';
import { listOperators } from './operators.ts';
import { outboxPage } from './outbox.ts';
import { documentAccessPage } from '../platform/audit/personalReads.ts';
import type { Clock } from '../platform/clock.ts';
import type { ReviewQueueName } from '../../src/contract/reviewQueues.ts';
import { addReason, listReasons, removeReason } from './rejectReasons.ts';
import type { SessionCache } from '../auth/index.ts';

export type ReviewQueueFilter<Status> = WalletQueueQuery<Status>;

const adminDeposit = (d: DepositRow, username: string | null): AdminDeposit => ({
  ...depositView(d),
  proofUrl: `/admin-api/deposits/${d.id}/proof`,
  userId: d.userId.toString(),
  username: username ?? '',
  reviewedBy: d.reviewedBy?.toString() ?? null,
  firstApprovedBy: d.firstApprovedBy?.toString() ?? null,
});
const adminWithdrawal = (w: WithdrawalRow, username: string | null, paidByPlatform: boolean): AdminWithdrawal => ({
  ...withdrawalView(w),
  paidByPlatform,
  userId: w.userId.toString(),
  username: username ?? '',
  reviewedBy: w.reviewedBy?.toString() ?? null,
  firstApprovedBy: w.firstApprovedBy?.toString() ?? null,
});
/** The reason the user will read; an all-blank one still says something was given. */
const reasonOf = (text: string) => text.trim() || '-';

/**
 * The operator console (`app.admin`): review queues (the decisions themselves are the wallet's,
 * along the statecharts), receive addresses, the outbox and the audit log. Deliberately absent:
 * any way to set a balance or a price. Operators manage operators (audited), not customers.
 */
export class AdminService {
  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
    private readonly config: Pick<Config, 'operatorProbationHours' | 'brandName' | 'publicUrl'>,
    private readonly clock: Clock,
    /** A disabled operator's sessions, revoked in the commit, are forgotten by every instance after it. */
    private readonly sessionCache: Pick<SessionCache, 'revoked'>,
  ) {}

  private async usernameOf(userId: bigint): Promise<string | null> {
    const [row] = await this.db.select({ u: users.username }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.u ?? null;
  }

  // ---------------------------------------------------------------- deposits
  async deposits(q: ReviewQueueFilter<DepositStatus>): Promise<AdminDepositPage> {
    const { rows, total, next } = await depositQueuePage(this.db, q, this.clock.now());
    return { rows: rows.map((r) => adminDeposit(r.d, r.username)), total, next };
  }

  depositProof(id: bigint, operator: { id: bigint; role: string }) {
    return this.wallet.depositProof(id, operator);
  }

  async approveDeposit(operatorId: bigint, id: bigint): Promise<AdminDeposit> {
    const d = await this.wallet.reviewDeposit(operatorId, id, { type: 'deposit.approve' });
    return adminDeposit(d, await this.usernameOf(d.userId));
  }

  async rejectDeposit(operatorId: bigint, id: bigint, reason: string): Promise<AdminDeposit> {
    const d = await this.wallet.reviewDeposit(operatorId, id, { type: 'deposit.reject', reason: reasonOf(reason) });
    return adminDeposit(d, await this.usernameOf(d.userId));
  }

  rejectReasons(queue: ReviewQueueName) {
    return listReasons(this.db, queue);
  }
  addRejectReason(operatorId: bigint, queue: ReviewQueueName, text: string) {
    return addReason(this.db, operatorId, queue, text, this.clock.now());
  }
  removeRejectReason(operatorId: bigint, id: bigint) {
    return removeReason(this.db, operatorId, id, this.clock.now());
  }

  // ---------------------------------------------------------------- withdrawals
  async withdrawals(q: ReviewQueueFilter<WithdrawalStatus>): Promise<AdminWithdrawalPage> {
    const { rows, total, next } = await withdrawalQueuePage(this.db, q, this.clock.now());
    const views = rows.map((r) => adminWithdrawal(r.w, r.username, this.wallet.paidByPlatform(r.w.coin, r.w.network)));
    return { rows: views, total, next };
  }

  async approveWithdrawal(operatorId: bigint, id: bigint, payoutTxHash?: string): Promise<AdminWithdrawal> {
    const w = await this.wallet.reviewWithdrawal(operatorId, id, {
      type: 'withdrawal.approve',
      payoutTxHash: payoutTxHash ?? null,
    });
    return adminWithdrawal(w, await this.usernameOf(w.userId), this.wallet.paidByPlatform(w.coin, w.network));
  }

  async rejectWithdrawal(operatorId: bigint, id: bigint, reason: string): Promise<AdminWithdrawal> {
    const w = await this.wallet.reviewWithdrawal(operatorId, id, { type: 'withdrawal.reject', reason: reasonOf(reason) });
    return adminWithdrawal(w, await this.usernameOf(w.userId), this.wallet.paidByPlatform(w.coin, w.network));
  }

  // ---------------------------------------------------------------- receive addresses
  depositAddresses(): Promise<AdminDepositAddress[]> {
    return allDepositAddresses(this.db);
  }

  createDepositAddress(operatorId: bigint, b: NewDepositAddress): Promise<AdminDepositAddress> {
    return createDepositAddress(this.db, operatorId, b);
  }

  updateDepositAddress(operatorId: bigint, id: bigint, change: DepositAddressChange): Promise<AdminDepositAddress> {
    return updateDepositAddress(this.db, operatorId, id, change);
  }

  deleteDepositAddress(operatorId: bigint, id: bigint): Promise<void> {
    return deleteDepositAddress(this.db, operatorId, id);
  }

  // ---------------------------------------------------------------- operators (two operators, audited)
  operators(): Promise<AdminOperator[]> {
    return listOperators(this.db, this.config.operatorProbationHours, this.clock.now());
  }

  operatorProposals(status?: AdminOperatorProposal['status']): Promise<AdminOperatorProposal[]> {
    return listProposals(this.db, status);
  }

  proposeOperator(actorId: bigint, b: CreateOperatorBody): Promise<AdminOperatorProposal> {
    return proposeCreate(this.db, this.config, actorId, b, this.clock.now());
  }

  proposeDisableOperator(actorId: bigint, id: bigint): Promise<AdminOperatorProposal> {
    return proposeDisable(this.db, actorId, id, this.clock.now());
  }

  async confirmOperatorProposal(actorId: bigint, id: bigint): Promise<AdminOperatorProposal> {
    const done = await confirmProposal(this.db, this.config.operatorProbationHours, actorId, id, this.clock.now());
    if (done.kind === 'disable' && done.targetId !== null) await this.sessionCache.revoked(BigInt(done.targetId));
    return done;
  }

  rejectOperatorProposal(actorId: bigint, id: bigint): Promise<AdminOperatorProposal> {
    return rejectProposal(this.db, actorId, id, this.clock.now());
  }

  // ---------------------------------------------------------------- reads of personal data
  /** The customer's view of operators' reads of their documents: when and why, not who. */
  documentAccess(customerId: bigint, q: DocumentAccessQuery): Promise<DocumentAccessPage> {
    return documentAccessPage(this.db, customerId, q);
  }

  // ---------------------------------------------------------------- outbox and audit log (read only)
  outbox(q: Static<typeof OutboxQuery>): Promise<OutboxPage> {
    return outboxPage(this.db, q);
  }

  auditLog(q: AuditFilter): Promise<AuditPage> {
    return auditPage(this.db, q);
  }
}
