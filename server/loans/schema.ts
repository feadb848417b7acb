import { sql } from 'drizzle-orm';
import { bigserial, bigint, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LoanStatus } from '../../src/machines/loans/loan.ts';

const money = () => numeric({ precision: 38, scale: 18 });
const rate = () => numeric({ precision: 12, scale: 10 });

/**
 * A loan (docs/loans.md): USDT lent against BTC/ETH held in the user's loan_collateral account.
 * The terms it was made with are copied in at submission, so changing the configuration never
 * changes a running loan. Status moves only along src/machines/loan.ts. Times are the loans
 * clock's (tests move it).
 */
export const loans = pgTable(
  'loans',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' }).notNull(),
    status: text().$type<LoanStatus>().notNull().default('pending_review'),
    amount: money().notNull(),
    collateralAsset: text().$type<'BTC' | 'ETH'>().notNull(),
    /** collateral held now (the loan_collateral account's share of this loan) */
    collateralAmount: money().notNull(),
    collateralInitial: money().notNull(),
    /** the feed price the collateral was computed at */
    priceAtSubmit: money().notNull(),
    days: integer().notNull(),
    dailyRate: rate().notNull(),
    interestFreeDays: integer().notNull(),
    overlayRate: rate().notNull(),
    initialLtv: rate().notNull(),
    warningLtv: rate().notNull(),
    marginCallLtv: rate().notNull(),
    liquidationLtv: rate().notNull(),
    liquidationFee: rate().notNull(),
    liquidationOverdueDays: integer().notNull(),
    agreementVersion: text().notNull(),
    agreementLanguage: text().notNull(),
    fullName: text().notNull(),
    clientKey: text().notNull(),
    /** four eyes: the first approving operator; a second, different one pays out */
    firstApprovedBy: bigint({ mode: 'bigint' }),
    firstApprovedAt: timestamp({ withTimezone: true }),
    reviewedBy: bigint({ mode: 'bigint' }),
    reviewedAt: timestamp({ withTimezone: true }),
    rejectReason: text(),
    /** set at approval: interest days and the due date count from here */
    startTime: timestamp({ withTimezone: true }),
    dueTime: timestamp({ withTimezone: true }),
    principalOutstanding: money().notNull(),
    /** interest accrued since the start (all days), and the part of it paid */
    interestAccrued: money().notNull().default('0'),
    interestPaid: money().notNull().default('0'),
    feesPaid: money().notNull().default('0'),
    /** days whose accrual row is written (the scheduler's progress) */
    daysAccrued: integer().notNull().default(0),
    /** highest LTV warning sent since the LTV was last below the warning level: 0, 1 (warning), 2 (margin call) */
    warnedLevel: integer().notNull().default(0),
    liquidationReturned: money(),
    shortfall: money(),
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('loans_client_key').on(t.userId, t.clientKey),
    // one loan under review per user (10124), whatever the race
    uniqueIndex('loans_one_pending')
      .on(t.userId)
      .where(sql`${t.status} = 'pending_review'`),
    index('loans_user').on(t.userId, t.id),
    index('loans_status').on(t.status, t.id),
    // the operators' queue sorted by age or amount, paged by keyset (issue 42)
    index('loans_queue_age').on(t.status, t.createdAt, t.id),
    index('loans_queue_amount').on(t.status, t.amount, t.id),
    check(
      'loans_amounts',
      sql`${t.amount} > 0 AND ${t.collateralAmount} >= 0 AND ${t.principalOutstanding} >= 0 AND ${t.days} > 0`,
    ),
  ],
);

/**
 * The signature drawn when signing (cleaned by server/platform/uploads: re-encoded, no metadata), sealed in
 * the blob store under `blobKey`.
 */
export const loanSignatures = pgTable('loan_signatures', {
  loanId: bigint({ mode: 'bigint' })
    .primaryKey()
    .references(() => loans.id),
  mime: text().notNull(),
  blobKey: text(),
  /** base64 of the image in the clear, before migration 0018: a start moves it to the blob store and empties it */
  data: text(),
  width: integer().notNull(),
  height: integer().notNull(),
});

/** One day's interest of a loan: written once per loan and day (the unique index), the scheduler's record. */
export const loanAccruals = pgTable(
  'loan_accruals',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    loanId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => loans.id),
    day: integer().notNull(),
    dayTime: timestamp({ withTimezone: true }).notNull(),
    principal: money().notNull(),
    rate: rate().notNull(),
    amount: money().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('loan_accruals_day').on(t.loanId, t.day)],
);

/** Repayments and liquidations of a loan (the money is in the ledger; this says what each paid). */
export const loanMovements = pgTable(
  'loan_movements',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    loanId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => loans.id),
    kind: text({ enum: ['repayment', 'liquidation'] }).notNull(),
    /** a repayment's client key (a retry answers the first) */
    clientKey: text(),
    interest: money().notNull(),
    principal: money().notNull(),
    fee: money().notNull().default('0'),
    sold: money(),
    price: money(),
    returned: money(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('loan_movements_client_key').on(t.loanId, t.clientKey), index('loan_movements_loan').on(t.loanId, t.id)],
);
