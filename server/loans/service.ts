import { eq } from 'drizzle-orm';
import type { Language } from '../../src/contract/constants.ts';
import type {
  AdminLoanDetail,
  AdminLoanPage,
  AdminLoanQuery,
  CollateralAsset,
  ListLoanQuery,
  Loan,
  LoanDetail,
  LoanPage,
  LoanTerms,
  RepayLoanBody,
} from '../../src/contract/loans.ts';
import { COLLATERAL_PRICE_CODE } from '../../src/contract/loans.ts';
import { loans } from './schema.ts';
import { recordPersonalRead } from '../platform/audit/personalReads.ts';
import { runDueLoans } from './engineRun.ts';
import type { LoanForm } from './form.ts';
import { repayLoan } from './repay.ts';
import { adminDetail, approveLoan, rejectLoan, signatureOf, type ApproveResult } from './review.ts';
import { ownDetail, submitLoan } from './submit.ts';
import { termsView } from './terms.ts';
import { adminLoanPage, loanPage } from './view.ts';
import type { LoansContext, LoansDeps } from './deps.ts';

export type { PriceSource, LoansDeps } from './deps.ts';

/**
 * Loans (`app.loans`, docs/loans.md): terms and agreement, submission with the signed agreement
 * and collateral, operator review (four eyes), daily interest, LTV watch with margin calls and
 * liquidation, repayment. Money moves only through the ledger; statuses only along src/machines/loan.ts.
 */
export class LoansService implements LoansContext {
  /** Whether this instance runs the loans scheduler now (the leader; server/loans/engine.ts). */
  schedulerRunning = false;

  constructor(readonly deps: LoansDeps) {}

  now(): number {
    return this.deps.now();
  }

  /** The collateral's feed price in USDT, or null when the feed has none to trust (a stale price pauses, never guesses). */
  priceOf = (asset: CollateralAsset): string | null => {
    try {
      return this.deps.market.priceOf(COLLATERAL_PRICE_CODE[asset]);
    } catch {
      return null;
    }
  };

  terms(lang: Language): LoanTerms {
    return termsView(this.deps.terms, lang);
  }

  // ---------------------------------------------------------------- a user's loans
  submit(userId: bigint, lang: Language, form: LoanForm): Promise<Loan> {
    return submitLoan(this, userId, lang, form);
  }

  list(userId: bigint, q: ListLoanQuery): Promise<LoanPage> {
    return loanPage(this.deps.db, { ...q, userId }, this.priceOf);
  }

  detail(userId: bigint, id: bigint): Promise<LoanDetail> {
    return ownDetail(this, userId, id);
  }

  repay(userId: bigint, body: RepayLoanBody): Promise<Loan> {
    return repayLoan(this, userId, body);
  }

  // ---------------------------------------------------------------- scheduler (leader)
  /** Accrues every day due by `now`, marks loans overdue, watches LTVs (warnings, liquidation). */
  runDue(now = this.deps.now()) {
    return runDueLoans(this, now);
  }

  // ---------------------------------------------------------------- operators
  adminList(q: AdminLoanQuery): Promise<AdminLoanPage> {
    const userId = q.userId === undefined ? undefined : BigInt(q.userId);
    return adminLoanPage(this.deps.db, { ...q, userId }, this.priceOf, this.deps.now());
  }

  adminDetail(id: bigint): Promise<AdminLoanDetail> {
    return adminDetail(this, id);
  }

  /** The borrower's signature; the operator's read is audited and shown to the borrower (issue 25). */
  async signature(id: bigint, viewer: { id: bigint; role: string }) {
    const sig = await signatureOf(this, id);
    const [l] = await this.deps.db.select({ userId: loans.userId }).from(loans).where(eq(loans.id, id)).limit(1);
    if (l)
      await recordPersonalRead(this.deps.db, { viewer, customerId: l.userId, document: 'loan_signature', ref: id.toString() });
    return sig;
  }

  approve(operatorId: bigint, id: bigint): Promise<ApproveResult> {
    return approveLoan(this, operatorId, id);
  }

  reject(operatorId: bigint, id: bigint, reason: string): Promise<AdminLoanDetail> {
    return rejectLoan(this, operatorId, id, reason);
  }
}
