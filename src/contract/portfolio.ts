/**
 * The portfolio on the wire (docs/portfolio.md): per book, what the user owns at the current
 * prices, each part listed, and the equity history of stored daily snapshots.
 *
 * equity = available + held + positions + plans + nfts − debt, where
 * - available, held: the ledger's balances (held = withdrawal and bid holds, loan collateral),
 *   every asset valued in USDT at the current price;
 * - positions: what closing every open position now would pay back (margin + pnl − closing fee,
 *   the server's own settlement at the instrument's last price);
 * - plans: the smart plans' principal; nfts: owned NFTs at their last sale price;
 * - debt: the open loans' principal and unpaid interest.
 */
import { Type, type Static } from 'typebox';
import { IdString, IsoTime } from './envelope.ts';
import { BookSchema } from './wallet.ts';

export const PORTFOLIO_PATHS = {
  summary: '/swx/customer/portfolio/summary',
  history: '/swx/customer/portfolio/history',
} as const;

/** The history ranges the page offers, in days. */
export const HISTORY_DAYS = [7, 30, 90] as const;
export type HistoryDays = (typeof HISTORY_DAYS)[number];

export const PORTFOLIO_PARTS = ['available', 'held', 'positions', 'plans', 'nfts', 'debt'] as const;
export type PortfolioPart = (typeof PORTFOLIO_PARTS)[number];

const Money = Type.String();

export const PortfolioPosition = Type.Object({
  id: IdString,
  code: Type.String(),
  direction: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  lots: Type.String(),
  /** the price it is valued at: the instrument's last price */
  price: Type.String(),
  /** what closing it now would pay back */
  value: Money,
  /** its result after both fees at that price */
  net: Money,
});

export const Portfolio = Type.Object({
  book: BookSchema,
  at: IsoTime,
  parts: Type.Object({ available: Money, held: Money, positions: Money, plans: Money, nfts: Money, debt: Money }),
  equity: Money,
  /** open positions' result after both fees at the current prices */
  unrealisedNet: Money,
  positions: Type.Array(PortfolioPosition),
  /** false when an asset had no current price (it then counts as 0) */
  complete: Type.Boolean(),
});
export type Portfolio = Static<typeof Portfolio>;

export const PortfolioQuery = Type.Object({ book: Type.Optional(BookSchema) }, { additionalProperties: false });
export const HistoryQuery = Type.Object(
  {
    book: Type.Optional(BookSchema),
    days: Type.Union([Type.Literal(7), Type.Literal(30), Type.Literal(90)]),
  },
  { additionalProperties: false },
);

export const EquityPoint = Type.Object({
  /** yyyy-mm-dd (UTC); the last point is today's, at the current prices */
  day: Type.String(),
  equity: Money,
  source: Type.Union([Type.Literal('snapshot'), Type.Literal('now')]),
});
export type EquityPoint = Static<typeof EquityPoint>;

export const EquityHistory = Type.Object({ book: BookSchema, days: Type.Integer(), points: Type.Array(EquityPoint) });
export type EquityHistory = Static<typeof EquityHistory>;
