import { LOAN_EVENT_TEXTS } from '../../src/contract/userEventTexts.ts';
import type { DomainManifest } from '../platform/domain.ts';
import loanAdminRoutes from './adminRoutes.ts';
import { startLoansEngine } from './engine.ts';
import loans from './plugin.ts';
import loanRoutes from './routes.ts';
import { moveLegacySignatures } from './legacyFiles.ts';

/** The mail texts it sends (src/locales/<lng>/mail.json). */
const mailKeys = [
  'loan.margin_call.subject',
  'loan.margin_call.body',
  'loan.liquidated_partly.subject',
  'loan.liquidated_partly.body',
  'loan.liquidated.subject',
  'loan.liquidated.body',
] as const;
declare module '../platform/mail/mailText.ts' {
  interface MailKeys {
    loans: (typeof mailKeys)[number];
  }
}

/** The reasons of its ledger transfers (their texts: the statement's `reasons`, every language). */
const ledgerReasons = [
  'loan.disbursed',
  'loan.collateral_locked',
  'loan.collateral_released',
  'loan.interest_paid',
  'loan.principal_repaid',
  'loan.collateral_sold',
  'loan.liquidation_proceeds',
  'loan.liquidation_fee',
] as const;
declare module '../platform/ledger/reasons.ts' {
  interface LedgerReasons {
    loans: (typeof ledgerReasons)[number];
  }
}

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
  mailKeys,
  ledgerReasons,
  openApiTags: [{ name: 'loans', description: 'Crypto-backed loans' }],
  legacyFiles: moveLegacySignatures,
} as const satisfies DomainManifest;
