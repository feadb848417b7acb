/**
 * Smart plans on the wire (docs/smart-plans.md): fixed-term plans paying a fixed daily rate from
 * the platform's yield reserve. Shared by browser and server: TypeBox only.
 * Rates are decimal fractions ("0.0001" = 0.01 % a day); money is a decimal string in USDT.
 */
import { Type, type Static } from 'typebox';
import { SMART_PLAN_STATUSES } from '../machines/smart/smartPlan.ts';
import { AmountString, DecimalString, IdString, IsoTime, LiteralUnion, Page, PageQuery } from './envelope.ts';

export { SMART_PLAN_STATUSES, type SmartPlanStatus } from '../machines/smart/smartPlan.ts';
export const SmartPlanStatusSchema = LiteralUnion(SMART_PLAN_STATUSES);

/** Smart plans are held in USDT only. */
export const SMART_ASSET = 'USDT' as const;
/** Days in the simple annual equivalent shown beside every daily rate (no compounding: payouts are not reinvested). */
export const DAYS_PER_YEAR = 365;
export const DAY_MS = 86_400_000;
/** Bounds an operator may set: a term of 1 to 3650 days, a daily rate up to 1 %, a penalty up to 50 %. */
export const TERM_DAYS_MAX = 3650;
export const DAILY_RATE_MAX = '0.01';
export const PENALTY_MAX = '0.5';

const Rate = Type.String({ pattern: '^0(\\.[0-9]{1,10})?$', maxLength: 12 });
const ClientKey = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]{8,64}$' });

/** One term of a product, with what the reserve can still back of it. */
export const SmartTerm = Type.Object({
  days: Type.Integer({ minimum: 1 }),
  dailyRate: Rate,
  /** dailyRate × 365, as a fraction (simple, not compounded) */
  annualRate: DecimalString(),
  /** the largest principal the reserve can still back on this term (capped at maxAmount); "0" when it cannot back the minimum */
  coveredAmount: DecimalString(),
  /** false when the reserve cannot back even the minimum amount: sold out */
  available: Type.Boolean(),
});
export type SmartTerm = Static<typeof SmartTerm>;

export const SmartProduct = Type.Object({
  id: IdString,
  name: Type.String(),
  asset: Type.Literal(SMART_ASSET),
  minAmount: DecimalString(),
  maxAmount: DecimalString(),
  terms: Type.Array(SmartTerm),
  /** share of the principal kept on early exit, as a fraction ("0.02" = 2 %) */
  earlyExitPenalty: Rate,
  enabled: Type.Boolean(),
});
export type SmartProduct = Static<typeof SmartProduct>;

/**
 * The yield reserve, public: what is left to back new plans, what is set aside for running
 * plans, and how much of the yield still owed is set aside (always 1 = 100 % by construction;
 * shown so anyone can see it).
 */
export const ReserveSummary = Type.Object({
  asset: Type.Literal(SMART_ASSET),
  /** the reserve not yet promised to any plan */
  balance: DecimalString(),
  /** promised to running plans and set aside (the committed-yield account) */
  committedYield: DecimalString(),
  /** still owed to running plans, computed from the plans themselves */
  outstandingYield: DecimalString(),
  /** committedYield ÷ outstandingYield ("1" when nothing is owed) */
  coverage: DecimalString(),
  runningPlans: Type.Integer(),
  /**
   * House capital operators have put in the reserve (fundings less withdrawals, all confirmed by a
   * second operator): a figure they declare, with the evidence each funding records.
   */
  declaredCapital: DecimalString(),
  /** Holdings of the asset attested for the platform; null while none are attested. */
  attestedHoldings: Type.Union([DecimalString(), Type.Null()]),
  /** How much of the declared capital the attested holdings cover: the smaller of the two ("0" while none are attested). */
  attestedCapital: DecimalString(),
  attestedAt: Type.Union([IsoTime, Type.Null()]),
});
export type ReserveSummary = Static<typeof ReserveSummary>;

/** GET /swx/customer/order/listSmartProduct (public) */
export const SmartProductList = Type.Object({ products: Type.Array(SmartProduct), reserve: ReserveSummary });
export type SmartProductList = Static<typeof SmartProductList>;

/** POST /swx/customer/order/buySmart (real book only). Success 20004. */
export const BuySmartBody = Type.Object(
  {
    productId: IdString,
    amount: AmountString,
    days: Type.Integer({ minimum: 1, maximum: 100000 }),
    clientKey: ClientKey,
  },
  { additionalProperties: false },
);
export type BuySmartBody = Static<typeof BuySmartBody>;

export const SmartPlan = Type.Object({
  id: IdString,
  productId: IdString,
  productName: Type.String(),
  amount: DecimalString(),
  days: Type.Integer(),
  /** locked at purchase: editing the product never changes it */
  dailyRate: Rate,
  /** one day's payout: amount × dailyRate, rounded down to 6 places */
  dailyEarning: DecimalString(),
  earlyExitPenalty: Rate,
  startTime: IsoTime,
  endTime: IsoTime,
  /** the next payout's time; null once the plan is no longer earning */
  nextEarningTime: Type.Union([IsoTime, Type.Null()]),
  /** paid on the current UTC day */
  todayEarnings: DecimalString(),
  totalEarned: DecimalString(),
  /**
   * dailyEarning × days: the whole promised yield, set aside at purchase. After an early exit the
   * realised yield (equal to totalEarned): the days not paid were given back to the reserve.
   */
  expectedProfit: DecimalString(),
  daysPaid: Type.Integer(),
  status: SmartPlanStatusSchema,
  /** set on early exit */
  penalty: Type.Union([DecimalString(), Type.Null()]),
  closedAt: Type.Union([IsoTime, Type.Null()]),
});
export type SmartPlan = Static<typeof SmartPlan>;

/** GET /swx/customer/order/listSmartOrder */
export const ListSmartOrderQuery = Type.Object(
  { ...PageQuery, status: Type.Optional(SmartPlanStatusSchema) },
  { additionalProperties: false },
);
export type ListSmartOrderQuery = Static<typeof ListSmartOrderQuery>;
export const SmartPlanPage = Page(SmartPlan);
export type SmartPlanPage = Static<typeof SmartPlanPage>;

/** GET /swx/customer/order/smartExitQuote/{id}: exactly what exitSmart would do now. */
export const SmartExitQuote = Type.Object({
  id: IdString,
  principal: DecimalString(),
  penalty: DecimalString(),
  refund: DecimalString(),
  unpaidYieldReturned: DecimalString(),
});
export type SmartExitQuote = Static<typeof SmartExitQuote>;

/** POST /swx/customer/order/exitSmart → the plan */
export const ExitSmartBody = Type.Object({ id: IdString }, { additionalProperties: false });
export type ExitSmartBody = Static<typeof ExitSmartBody>;
export const SmartIdParams = Type.Object({ id: IdString }, { additionalProperties: false });

// ---------------------------------------------------------------- operators (/admin-api/smart)
/** Networks on which house capital in USDT may be held on chain. */
export const CAPITAL_NETWORKS = ['TRC20', 'ERC20'] as const;
/**
 * Where the capital of a reserve movement is held: an on-chain address with the transaction that
 * moved it, or a bank reference. The service checks each field (10267 names the one that fails).
 */
export const CapitalEvidence = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('chain'),
      network: LiteralUnion(CAPITAL_NETWORKS),
      address: Type.String({ minLength: 1, maxLength: 100 }),
      txHash: Type.String({ minLength: 1, maxLength: 100 }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { kind: Type.Literal('bank'), reference: Type.String({ minLength: 1, maxLength: 100 }) },
    { additionalProperties: false },
  ),
]);
export type CapitalEvidence = Static<typeof CapitalEvidence>;

export const RESERVE_MOVEMENT_KINDS = ['fund', 'withdraw'] as const;
export const RESERVE_MOVEMENT_STATUSES = ['proposed', 'confirmed', 'rejected'] as const;

/**
 * POST /admin-api/smart/reserve: proposes house money into (`fund`, the default) or out of
 * (`withdraw`) the reserve (audited). Nothing moves until another operator confirms it
 * (POST /admin-api/smart/reserve/:id/confirm). At most RESERVE_FUNDING_MAX each (10265).
 */
export const FundReserveBody = Type.Object(
  {
    kind: Type.Optional(LiteralUnion(RESERVE_MOVEMENT_KINDS)),
    amount: AmountString,
    note: Type.String({ minLength: 1, maxLength: 500 }),
    evidence: CapitalEvidence,
    clientKey: Type.Optional(ClientKey),
  },
  { additionalProperties: false },
);
export type FundReserveBody = Static<typeof FundReserveBody>;

export const ReserveFunding = Type.Object({
  id: IdString,
  kind: LiteralUnion(RESERVE_MOVEMENT_KINDS),
  status: LiteralUnion(RESERVE_MOVEMENT_STATUSES),
  amount: DecimalString(),
  note: Type.String(),
  /** the proposer */
  operatorId: IdString,
  operatorName: Type.String(),
  /** null for fundings made before evidence was recorded */
  evidence: Type.Union([CapitalEvidence, Type.Null()]),
  decidedBy: Type.Union([IdString, Type.Null()]),
  decidedByName: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.Union([IsoTime, Type.Null()]),
  createdAt: IsoTime,
});
export type ReserveFunding = Static<typeof ReserveFunding>;
/** GET /admin-api/smart/reserve: the figures, the bound, and recent movements (proposed ones first). */
export const AdminReserve = Type.Object({
  ...ReserveSummary.properties,
  fundingMax: DecimalString(),
  fundings: Type.Array(ReserveFunding),
});
export type AdminReserve = Static<typeof AdminReserve>;

export const SmartTermInput = Type.Object(
  { days: Type.Integer({ minimum: 1, maximum: TERM_DAYS_MAX }), dailyRate: Rate },
  { additionalProperties: false },
);
/** PUT /admin-api/smart/products/:id (audited); running plans keep what they bought. */
export const UpdateSmartProductBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 60 }),
    minAmount: AmountString,
    maxAmount: AmountString,
    terms: Type.Array(SmartTermInput, { minItems: 1, maxItems: 10 }),
    earlyExitPenalty: Rate,
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type UpdateSmartProductBody = Static<typeof UpdateSmartProductBody>;
export const AdminSmartProducts = Type.Object({ rows: Type.Array(SmartProduct) });
export type AdminSmartProducts = Static<typeof AdminSmartProducts>;

/** GET /admin-api/smart/users?q=: users by name, e-mail or id, with their smart flag. */
export const SmartUserQuery = Type.Object({ q: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });
export const SmartUser = Type.Object({
  id: IdString,
  username: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  smartEnabled: Type.Boolean(),
});
export type SmartUser = Static<typeof SmartUser>;
export const SmartUserList = Type.Object({ rows: Type.Array(SmartUser) });
export type SmartUserList = Static<typeof SmartUserList>;
/** PUT /admin-api/smart/users/:id (audited) */
export const SetSmartEnabledBody = Type.Object({ smartEnabled: Type.Boolean() }, { additionalProperties: false });
