/**
 * Loans on the wire (docs/loans.md): USDT borrowed against BTC or ETH held in the real book,
 * after reading and signing the current agreement. Shared by browser and server: TypeBox only.
 * Rates and LTVs are decimal fractions ("0.0005" = 0.05 % a day, "0.65" = 65 %); money is a
 * decimal string (USDT 6 places, BTC/ETH 8).
 */
import { Type, type Static } from 'typebox';
import { LOAN_STATUSES } from '../machines/loans/loan.ts';
import { AmountString, DecimalString, IdString, IsoTime, LiteralUnion, Page, PageQuery } from './envelope.ts';
import { KeysetPage, QueueFilterFields } from './reviewQueues.ts';

export { LOAN_STATUSES, type LoanStatus } from '../machines/loans/loan.ts';
export const LoanStatusSchema = LiteralUnion(LOAN_STATUSES);

export const LOAN_ASSET = 'USDT' as const;
export const COLLATERAL_ASSETS = ['BTC', 'ETH'] as const;
export type CollateralAsset = (typeof COLLATERAL_ASSETS)[number];
export const CollateralAssetSchema = LiteralUnion(COLLATERAL_ASSETS);
/** The feed instrument that prices each collateral asset in USDT. */
export const COLLATERAL_PRICE_CODE: Record<CollateralAsset, string> = { BTC: 'BTCUSDT', ETH: 'ETHUSDT' };

export const LOAN_PATHS = {
  terms: '/swx/customer/index/loanTerms',
  submit: '/swx/customer/user/loan',
  list: '/swx/customer/user/listLoanRecord',
  repay: '/swx/customer/user/repayLoan',
  detail: '/swx/customer/user/loanDetail/',
} as const;

const Rate = Type.String({ pattern: '^[0-9](\\.[0-9]{1,10})?$', maxLength: 12 });
const ClientKey = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]{8,64}$' });

/** GET /swx/customer/index/loanTerms (public; the agreement in the request's language). */
export const LoanTerms = Type.Object({
  days: Type.Array(Type.Integer({ minimum: 1 })),
  dailyRate: Rate,
  interestFreeDays: Type.Integer({ minimum: 0 }),
  /** daily rate past the due date, instead of dailyRate */
  overlayRate: Rate,
  initialLtv: Rate,
  /** the first warning (in-app), below the margin call */
  warningLtv: Rate,
  marginCallLtv: Rate,
  liquidationLtv: Rate,
  /** share of the debt repaid by a liquidation, kept as a fee */
  liquidationFee: Rate,
  /** days past the due date after which all collateral is sold */
  liquidationOverdueDays: Type.Integer({ minimum: 1 }),
  minAmount: DecimalString(),
  maxAmount: DecimalString(),
  collateralAssets: Type.Array(CollateralAssetSchema),
  agreementVersion: Type.String(),
  /** the agreement in the request's language, paragraphs separated by blank lines */
  agreementText: Type.String(),
  agreementLanguage: Type.String(),
});
export type LoanTerms = Static<typeof LoanTerms>;

/**
 * POST /swx/customer/user/loan: multipart form with these text fields and one file `signature`
 * (the signature drawn in the app: PNG, JPEG or JPEG 2000). Real book only. Success 20001.
 */
export const LoanFields = Type.Object(
  {
    collateralAsset: CollateralAssetSchema,
    amount: AmountString,
    days: Type.String({ pattern: '^[0-9]{1,4}$' }),
    agreementVersion: Type.String({ minLength: 1, maxLength: 40 }),
    fullName: Type.String({ maxLength: 120 }),
    clientKey: ClientKey,
  },
  { additionalProperties: false },
);
export type LoanFields = Static<typeof LoanFields>;

export const Loan = Type.Object({
  id: IdString,
  /** principal borrowed (USDT) */
  amount: DecimalString(),
  collateralAsset: CollateralAssetSchema,
  /** collateral held now (less after a partial liquidation) */
  collateralAmount: DecimalString(),
  days: Type.Integer(),
  dailyRate: Rate,
  interestFreeDays: Type.Integer(),
  overlayRate: Rate,
  liquidationLtv: Rate,
  marginCallLtv: Rate,
  /** principal not yet repaid */
  principalOutstanding: DecimalString(),
  /** interest accrued and not yet paid */
  accruedInterest: DecimalString(),
  /** interest accrued since the start, paid or not */
  totalInterest: DecimalString(),
  /** what repays the loan in full now: principalOutstanding + accruedInterest */
  repaymentAmount: DecimalString(),
  /** what the whole term would cost without early repayment (the quote) */
  expectedRepayment: DecimalString(),
  /** null until approved */
  startTime: Type.Union([IsoTime, Type.Null()]),
  interestStart: Type.Union([IsoTime, Type.Null()]),
  dueDate: Type.Union([IsoTime, Type.Null()]),
  /** debt ÷ (collateral × feed price), 6 places; null without a current price */
  ltv: Type.Union([DecimalString(), Type.Null()]),
  /** collateral price at or below which the loan is liquidated */
  liquidationPrice: Type.Union([DecimalString(), Type.Null()]),
  /** the feed price used for ltv; null when the feed is stale */
  price: Type.Union([DecimalString(), Type.Null()]),
  status: LoanStatusSchema,
  signed: Type.Boolean(),
  agreementVersion: Type.String(),
  rejectReason: Type.Union([Type.String(), Type.Null()]),
  /** USDT returned to the borrower by a full liquidation */
  liquidationReturned: Type.Union([DecimalString(), Type.Null()]),
  createdAt: IsoTime,
  closedAt: Type.Union([IsoTime, Type.Null()]),
});
export type Loan = Static<typeof Loan>;

/** GET /swx/customer/user/listLoanRecord */
export const ListLoanQuery = Type.Object(
  { ...PageQuery, status: Type.Optional(LoanStatusSchema) },
  { additionalProperties: false },
);
export type ListLoanQuery = Static<typeof ListLoanQuery>;
export const LoanPage = Page(Loan);
export type LoanPage = Static<typeof LoanPage>;

/** One day of a loan's interest, as the scheduler recorded it. */
export const LoanAccrual = Type.Object({
  day: Type.Integer(),
  /** the day's time (start + day days) */
  time: IsoTime,
  principal: DecimalString(),
  rate: Rate,
  amount: DecimalString(),
});
export type LoanAccrual = Static<typeof LoanAccrual>;

export const LoanMovement = Type.Object({
  kind: LiteralUnion(['repayment', 'liquidation'] as const),
  time: IsoTime,
  interest: DecimalString(),
  principal: DecimalString(),
  fee: DecimalString(),
  /** collateral sold (liquidation) */
  sold: Type.Union([DecimalString(), Type.Null()]),
  price: Type.Union([DecimalString(), Type.Null()]),
  returned: Type.Union([DecimalString(), Type.Null()]),
});
export type LoanMovement = Static<typeof LoanMovement>;

/** GET /swx/customer/user/loanDetail/{id}: the loan, its daily accruals and its repayments and liquidations. */
export const LoanDetail = Type.Object({ loan: Loan, accruals: Type.Array(LoanAccrual), movements: Type.Array(LoanMovement) });
export type LoanDetail = Static<typeof LoanDetail>;
export const LoanIdParams = Type.Object({ id: IdString }, { additionalProperties: false });

/** POST /swx/customer/user/repayLoan: interest first, then principal; the whole debt repays the loan. */
export const RepayLoanBody = Type.Object(
  { id: IdString, amount: AmountString, clientKey: ClientKey },
  { additionalProperties: false },
);
export type RepayLoanBody = Static<typeof RepayLoanBody>;

// ---------------------------------------------------------------- operators (/admin-api/loans)
export const AdminLoan = Type.Object({
  ...Loan.properties,
  userId: IdString,
  username: Type.String(),
  kycStatus: Type.String(),
  fullName: Type.String(),
  agreementLanguage: Type.String(),
  /** the first of the two operators who must approve; null until then */
  firstApprovedBy: Type.Union([IdString, Type.Null()]),
  reviewedBy: Type.Union([IdString, Type.Null()]),
  reviewedAt: Type.Union([IsoTime, Type.Null()]),
});
export type AdminLoan = Static<typeof AdminLoan>;
/** The loan queue's filters: status, customer, collateral coin, amount borrowed and age (reviewQueues.ts). */
export const AdminLoanQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(LoanStatusSchema),
    userId: Type.Optional(IdString),
    coin: Type.Optional(CollateralAssetSchema),
    ...QueueFilterFields,
  },
  { additionalProperties: false },
);
export type AdminLoanQuery = Static<typeof AdminLoanQuery>;
export const AdminLoanPage = KeysetPage(AdminLoan);
export type AdminLoanPage = Static<typeof AdminLoanPage>;
export const AdminLoanDetail = Type.Object({
  loan: AdminLoan,
  accruals: Type.Array(LoanAccrual),
  movements: Type.Array(LoanMovement),
});
export type AdminLoanDetail = Static<typeof AdminLoanDetail>;
export const RejectLoanBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
export type RejectLoanBody = Static<typeof RejectLoanBody>;
