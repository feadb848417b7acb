import { LOAN_EVENT_TEXTS } from '../../src/contract/userEventTexts.ts';
import type { DomainManifest } from '../platform/domain.ts';
import loanAdminRoutes from './adminRoutes.ts';
import { startLoansEngine } from './engine.ts';
import loans from './plugin.ts';
import loanRoutes from './routes.ts';

/** Crypto-backed loans: submission, review, interest, LTV watch, repayment, liquidation (docs/loans.md). */
export default {
  name: 'loans',
  plugins: [loans], // app.loans
  routes: [loanRoutes],
  adminRoutes: [loanAdminRoutes],
  jobs: [
    /** Accrual, overdue marking, margin calls and liquidation (server/loans/engine.ts). */
    { name: 'loans-scheduler', lock: 727_031, what: 'loans: daily accrual, overdue, margin calls, liquidation' },
  ],
  // after the market's: it reads the feed prices
  engine: startLoansEngine,
  events: LOAN_EVENT_TEXTS,
  keyRoot: 'loans',
} as const satisfies DomainManifest;
