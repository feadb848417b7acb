/**
 * Options products (docs/trading.md): one per listed instrument, derived from the catalogue by
 * the instrument's type, so a newly listed instrument is tradable without configuration. The
 * figures per type are the defaults below; a product is "tradable" while its market is open
 * and its price fresh.
 */
import Decimal from 'decimal.js';
import { Err } from '../../src/contract/errors.ts';
import type { InstrumentType } from '../../src/contract/market.ts';
import { MAX_OPEN_POSITIONS, type OptionsProduct } from '../../src/contract/trading.ts';
import { BizError } from '../platform/http/errors.ts';
import type { MarketService } from '../market/index.ts';
import type { LiveQuote } from '../market/index.ts';

/** Period choices of every product, in seconds: 1 min, 5 min, 15 min, 1 h, 4 h, 1 day. */
export const PERIODS = [60, 300, 900, 3600, 14_400, 86_400] as const;
export const STOP_OUT_LEVEL = '0.9';
/** A stop-loss or take-profit at least 0.1 % away from the price. */
export const MIN_DISTANCE = '0.001';

interface TypeRules {
  contractSize: string;
  leverage: number[];
  feeRate: string;
  maxNotional: string;
}

const BY_TYPE: Record<InstrumentType, TypeRules> = {
  crypto: { contractSize: '1', leverage: [1, 2, 5, 10, 20], feeRate: '0.0005', maxNotional: '1000000' },
  forex: { contractSize: '100000', leverage: [1, 10, 30, 50], feeRate: '0.00002', maxNotional: '5000000' },
  stock: { contractSize: '1', leverage: [1, 2, 5], feeRate: '0.0002', maxNotional: '1000000' },
  etf: { contractSize: '1', leverage: [1, 2, 5], feeRate: '0.0002', maxNotional: '1000000' },
  futures: { contractSize: '1', leverage: [1, 5, 10], feeRate: '0.0002', maxNotional: '5000000' },
};

/** The highest trading fee rate of any product: the home page's "fees at most" (never the withdrawal fee). */
export function tradingFeeCeiling(): Decimal {
  return Decimal.max(...Object.values(BY_TYPE).map((r) => r.feeRate));
}

/**
 * USD per point of each futures contract (the exchange's contract multiplier). Grain prices are
 * quoted in cents per bushel and softs in cents per pound, so their multipliers are per cent.
 * An unlisted root trades at 1 per point.
 */
export const FUTURES_MULTIPLIER: Record<string, string> = {
  ES: '50',
  NQ: '20',
  YM: '5',
  RTY: '50',
  NKD: '5',
  CL: '1000',
  BZ: '1000',
  NG: '10000',
  RB: '42000',
  HO: '42000',
  GC: '100',
  SI: '5000',
  HG: '25000',
  PL: '50',
  PA: '100',
  ZC: '50',
  ZW: '50',
  ZS: '50',
  KC: '375',
  SB: '1120',
  CC: '10',
  CT: '500',
  LE: '400',
  ZN: '1000',
  ZB: '1000',
  '6E': '125000',
  '6J': '12500000',
};

/** BTC and ETH trade in hundredths of a coin; other coins in their quantity step. */
const CRYPTO_LOT_STEP: Record<string, string> = { BTCUSDT: '0.01', ETHUSDT: '0.01' };

/** Significant digits kept of a conversion rate. */
const RATE_DIGITS = 12;

/**
 * USDT per unit of `ccy` from the live prices: 1 for USD and USDT, else a USD pair either way
 * round (EURUSD, or 1 / USDJPY). Undefined when the feed has no such pair.
 */
export function usdRate(market: MarketService, ccy: string): string | undefined {
  if (ccy === 'USD' || ccy === 'USDT') return '1';
  const direct = market.get(`${ccy}USD`);
  if (direct) return market.formatPrice(direct);
  const inverse = market.get(`USD${ccy}`);
  if (inverse && inverse.price > 0)
    return new Decimal(1).div(market.formatPrice(inverse)).toSignificantDigits(RATE_DIGITS).toFixed();
  return undefined;
}

export interface ProductOptions {
  maxOpenPositions?: number;
}

/** The product of a listed instrument as the rules see it now. */
export function productOf(market: MarketService, q: LiveQuote, opts: ProductOptions = {}): OptionsProduct {
  const info = q.info;
  const rules = BY_TYPE[info.type];
  const contractSize = info.type === 'futures' ? (FUTURES_MULTIPLIER[info.code] ?? '1') : rules.contractSize;
  const lotStep =
    info.type === 'crypto'
      ? (CRYPTO_LOT_STEP[info.code] ?? new Decimal(info.quantityStep).toFixed())
      : info.type === 'forex'
        ? '0.01'
        : '1';
  const quoteRate = usdRate(market, info.quote);
  const now = market.now();
  return {
    code: info.code,
    type: info.type,
    contractSize,
    lotStep,
    leverageChoices: rules.leverage,
    periodChoices: [...PERIODS],
    feeRate: rules.feeRate,
    maxNotional: rules.maxNotional,
    stopOutLevel: STOP_OUT_LEVEL,
    minDistance: MIN_DISTANCE,
    pricePrecision: info.pricePrecision,
    tradable: quoteRate !== undefined && market.isOpen(q, now) && !market.isStale(q, now),
    quoteRate: quoteRate ?? '1',
    maxOpenPositions: opts.maxOpenPositions ?? MAX_OPEN_POSITIONS,
  };
}

/** The product of `code`, or 10014 for an instrument that is not listed. */
export function requireProduct(
  market: MarketService,
  code: string,
  opts: ProductOptions = {},
): { product: OptionsProduct; quote: LiveQuote } {
  const q = market.get(code);
  if (!q) throw new BizError(Err.OPTIONS_PRODUCT_WRONG, { code });
  return { product: productOf(market, q, opts), quote: q };
}
