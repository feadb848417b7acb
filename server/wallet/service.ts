import type { Asset, Book } from '../../src/contract/constants.ts';
import { Err } from '../../src/contract/errors.ts';
import type {
  Balances,
  DepositAddressList,
  Deposit,
  DepositPage,
  ListNotificationsQuery,
  ListRechargeQuery,
  ListWithdrawalQuery,
  Network,
  NotificationPage,
  ReadNotificationsBody,
  StatementEventPage,
  StatementPage,
  StatementQuery,
  Withdrawal,
  WithdrawalBody,
  WithdrawalMethods,
  WithdrawalPage,
} from '../../src/contract/wallet.ts';
import type { Static } from 'typebox';
import { BizError } from '../platform/http/errors.ts';
import { statement, statementCsv, statementEvents } from '../platform/ledger/statement.ts';
import { balancesFrom, resetDemo } from './balances.ts';
import { userBalances } from '../platform/ledger/ledger.ts';
import {
  depositProof,
  depositView,
  findDeposit,
  userDeposits,
  receiveAddresses,
  reviewDeposit,
  submitDeposit,
  type DepositDecision,
  type DepositRow,
} from './deposits.ts';
import { recordPersonalRead } from '../platform/audit/personalReads.ts';
import { listNotifications, markRead, unreadCount } from './notifications.ts';
import { checkProofImage, type RechargeForm } from './upload.ts';
import { reserveClaim } from './claimLimits.ts';
import type { ChainDeposit } from '../../src/contract/chain.ts';
import {
  listWithdrawals,
  reviewWithdrawal,
  submitWithdrawal,
  withdrawalMethods,
  withdrawalView,
  type WithdrawalDecision,
  type WithdrawalRow,
} from './withdrawals.ts';
import { payoutProgress, sentPayouts } from './payouts.ts';
import type { PayoutBook, PayoutProgress, QueuedPayout, SentPayout } from '../chain/index.ts';
import { payoutBroadcast, payoutWaiting, queuedPayouts } from './payoutSends.ts';
import type { WalletDeps } from './deps.ts';

export type { WalletDeps } from './deps.ts';

type StatementFilter = Omit<Static<typeof StatementQuery>, 'pageNum' | 'pageSize'>;

/**
 * Balances, deposits, withdrawals, the statement and notifications (`app.wallet`). Money moves
 * only through the ledger; record statuses only along their statecharts (lifecycle.ts).
 */
export class WalletService implements PayoutBook {
  constructor(private readonly deps: WalletDeps) {}

  private get db() {
    return this.deps.db;
  }

  // ---------------------------------------------------------------- balances
  /**
   * The book's ledger rows, kept among the user's reads in memory (server/platform/userReads.ts:
   * every transfer names its users), valued at the current prices at each request.
   */
  async balances(userId: bigint, book: Book): Promise<Balances> {
    const rows = await this.deps.reads.read(
      userId,
      `balances\u0000${book}`,
      () => userBalances(this.db, userId, book),
      (r) => r.length,
    );
    return balancesFrom(this.deps.market, rows, book);
  }

  resetDemo(userId: bigint): Promise<Balances> {
    return resetDemo(this.db, this.deps.market, userId);
  }

  // ---------------------------------------------------------------- deposits
  /**
   * The operators' receive addresses; on a watched network none is shown: a shared address cannot
   * say whose a transfer is, and each customer has their own there (`app.chain`).
   */
  async receiveAddresses(): Promise<DepositAddressList> {
    const all = await receiveAddresses(this.db);
    const chain = this.deps.chain();
    return chain ? { rows: all.rows.filter((r) => !chain.watches(r.coin, r.network)) } : all;
  }

  /**
   * The recharge form as read from the request; the proof image is checked here (10055, 10039,
   * 10086) and only its re-encoded pixels are kept (server/platform/uploads/images.ts).
   */
  async submitDeposit(userId: bigint, form: RechargeForm): Promise<Deposit | ChainDeposit> {
    const chain = this.deps.chain();
    if (chain?.watches(form.fields.coin, form.fields.network)) {
      // a watched network answers from the chain: no image, no review, the hour's claims still counted
      await reserveClaim(this.db, userId, this.deps.config.depositClaimsPerHour, this.deps.clock.now());
      const { coin, network, txHash, amount } = form.fields;
      return chain.claim(userId, { coin, network, txHash, amount });
    }
    const proof = checkProofImage(form.proof, { maxSide: this.deps.config.uploadMaxImageSide });
    return submitDeposit(this.deps, userId, form.fields, proof);
  }

  /**
   * A page of the user's deposits, kept among their reads in memory (server/platform/userReads.ts):
   * a claim and every review name the user to their write, which forgets it on every instance.
   */
  deposits(userId: bigint, q: ListRechargeQuery): Promise<DepositPage> {
    const key = `deposits\u0000${q.status ?? ''}\u0000${q.coin ?? ''}\u0000${q.pageNum ?? 1}\u0000${q.pageSize ?? 20}`;
    return this.deps.reads.read(
      userId,
      key,
      async () => {
        const { rows, total } = await userDeposits(this.db, userId, q);
        return { rows: rows.map(depositView), total };
      },
      (p) => p.rows.length,
    );
  }

  /** The proof image; an operator's read is audited and shown to the customer (issue 25). */
  async depositProof(id: bigint, viewer: { id: bigint; role: string }) {
    const proof = await depositProof(this.deps, id, viewer);
    const d = viewer.role === 'operator' ? await findDeposit(this.db, id) : undefined;
    if (d) await recordPersonalRead(this.db, { viewer, customerId: d.userId, document: 'deposit_proof', ref: id.toString() });
    return proof;
  }

  reviewDeposit(operatorId: bigint, id: bigint, decision: DepositDecision): Promise<DepositRow> {
    return reviewDeposit(this.deps, operatorId, id, decision);
  }

  // ---------------------------------------------------------------- withdrawals
  withdrawalMethods(userId: bigint): Promise<WithdrawalMethods> {
    return withdrawalMethods(this.db, userId, this.deps.config.withdrawFeeRate);
  }

  submitWithdrawal(userId: bigint, body: WithdrawalBody): Promise<Withdrawal> {
    return submitWithdrawal(this.deps, userId, body);
  }

  async withdrawals(userId: bigint, q: ListWithdrawalQuery): Promise<WithdrawalPage> {
    const { rows, total } = await listWithdrawals(this.db, { ...q, userId });
    return { rows: rows.map((r) => withdrawalView(r.w)), total };
  }

  reviewWithdrawal(operatorId: bigint, id: bigint, decision: WithdrawalDecision): Promise<WithdrawalRow> {
    return reviewWithdrawal(this.deps, operatorId, id, decision);
  }

  /** Whether the platform pays this coin and network itself (watched, with a signer): its approval needs no hash. */
  paidByPlatform(coin: string, network: string): boolean {
    const chain = this.deps.chain();
    return Boolean(chain?.watches(coin as Asset, network as Network) && chain.paysItself(network as Network));
  }

  // ---------------------------------------------------------------- payouts on the chain (PayoutBook)
  sentPayouts(network: string): Promise<SentPayout[]> {
    return sentPayouts(this.deps, network);
  }

  payoutProgress(id: bigint, p: PayoutProgress): Promise<void> {
    return payoutProgress(this.deps, id, p);
  }

  queuedPayouts(network: string): Promise<QueuedPayout[]> {
    return queuedPayouts(this.deps, network);
  }

  payoutWaiting(id: bigint, waiting: boolean): Promise<void> {
    return payoutWaiting(this.deps, id, waiting);
  }

  payoutBroadcast(id: bigint, p: { txHash: string; link: string | null; required: number }): Promise<void> {
    return payoutBroadcast(this.deps, id, p);
  }

  // ---------------------------------------------------------------- statement
  statement(userId: bigint, book: Book, q: StatementQuery): Promise<StatementPage> {
    const { pageNum, pageSize, ...filter } = q;
    return statement(this.db, userId, book, filter, { pageNum, pageSize });
  }

  /** The same movements, one event (a transaction's transfers about one record) a row. */
  statementEvents(userId: bigint, book: Book, q: StatementQuery): Promise<StatementEventPage> {
    const { pageNum, pageSize, ...filter } = q;
    return statementEvents(this.db, userId, book, filter, { pageNum, pageSize });
  }

  statementCsv(userId: bigint, book: Book, filter: StatementFilter): Promise<string> {
    return statementCsv(this.db, userId, book, filter);
  }

  // ---------------------------------------------------------------- notifications
  notifications(userId: bigint, q: Static<typeof ListNotificationsQuery>): Promise<NotificationPage> {
    return listNotifications(this.db, userId, q);
  }

  /** `{ ids }` or `{ all: true }`; ids of other users' notifications are out of scope. */
  async readNotifications(userId: bigint, sel: ReadNotificationsBody): Promise<{ updated: number; unread: number }> {
    if (!sel.all && !sel.ids?.length) throw new BizError(Err.MALFORMED_REQUEST, { detail: 'give ids or all' });
    const updated = await markRead(this.db, userId, sel);
    return { updated, unread: await unreadCount(this.db, userId) };
  }
}
