import type { LOAN_EVENTS } from '../../contract/userEvents.ts';
import type { ChangesOf } from '../platform/domain.ts';
import { notifications, realMoney } from '../platform/queries/changes.ts';

// a loan submitted, reviewed, repaid, warned or liquidated: the loans, the real book's money
const loan = () => [['loans'], ...realMoney(), notifications()];

/** What each loan event makes stale. */
export const LOAN_CHANGES = {
  'loan.submitted': loan,
  'loan.approved': loan,
  'loan.rejected': loan,
  'loan.repayment': loan,
  'loan.repaid': loan,
  'loan.overdue': loan,
  'loan.ltv_warning': loan,
  'loan.margin_call': loan,
  'loan.liquidated_partly': loan,
  'loan.liquidated': loan,
} as const satisfies ChangesOf<keyof typeof LOAN_EVENTS>;
