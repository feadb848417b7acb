import type { InstrumentType } from '../../../src/contract/market.ts';
import { CRYPTO } from './crypto.ts';
import { FOREX } from './forex.ts';
import { STOCKS } from './stocks.ts';
import { ETFS } from './etfs.ts';
import { FUTURES } from './futures.ts';

/** Which trading-hours rule applies (server/market/hours/hours.ts). */
export type HoursKind = 'always' | 'forex' | 'us-equity' | 'futures';

/** One listed instrument as the catalogue defines it (the seeder copies it into `instruments`). */
export interface CatalogueEntry {
  code: string;
  type: InstrumentType;
  /** Base symbol (BTC for BTCUSDT, EUR for EURUSD, AAPL): drives the logo. */
  base: string;
  /** Quote currency (USDT, USD, JPY...). */
  quote: string;
  name: string;
  refPrice: number;
  pricePrecision: number;
  quantityStep: string;
  hours: HoursKind;
  /** Annualised volatility used by the simulator (GBM sigma). */
  volatility: number;
  /** Typical 24h turnover in the quote currency, for simulated volume. */
  dailyTurnover: number;
  /** Position in the default list order. */
  sortOrder: number;
}

/** Significant digits kept for crypto prices: about 5, at least 2 decimals, at most 12. */
export function cryptoPrecision(price: number): number {
  return Math.min(12, Math.max(2, 4 - Math.floor(Math.log10(price))));
}
/** Smallest order step worth about 1-10 quote units. */
export function cryptoQuantityStep(price: number): string {
  const exp = Math.floor(Math.log10(1 / price));
  return exp >= 0 ? String(10 ** Math.min(exp, 6)) : (10 ** exp).toFixed(-exp);
}

const STABLE = new Set(['USDC', 'FDUSD', 'TUSD', 'USTC']);
const CRYPTO_MAJORS: Record<string, number> = { BTC: 0.55, ETH: 0.7, WBTC: 0.55, WBETH: 0.7, BNB: 0.6, PAXG: 0.15 };

function cryptoEntries(): CatalogueEntry[] {
  return CRYPTO.map(([base, name, refPrice], i) => ({
    code: `${base}USDT`,
    type: 'crypto',
    base,
    quote: 'USDT',
    name,
    refPrice,
    pricePrecision: STABLE.has(base) && base !== 'USTC' ? 4 : cryptoPrecision(refPrice),
    quantityStep: cryptoQuantityStep(refPrice),
    hours: 'always',
    volatility: STABLE.has(base) && base !== 'USTC' ? 0.01 : (CRYPTO_MAJORS[base] ?? 0.95),
    // Turnover falls with rank like real exchange volume: ~2 bn USDT for the first pair.
    dailyTurnover: 2e9 / (i + 1) ** 1.15,
    sortOrder: i,
  }));
}

function forexEntries(): CatalogueEntry[] {
  return FOREX.map(([code, name, refPrice], i) => ({
    code,
    type: 'forex',
    base: code.slice(0, 3),
    quote: code.slice(3),
    name,
    refPrice,
    pricePrecision: code.endsWith('JPY') ? 3 : 5,
    quantityStep: '0.01',
    hours: 'forex',
    volatility: i < 7 ? 0.08 : 0.1,
    dailyTurnover: (i < 7 ? 4e9 : 8e8) * (code.endsWith('JPY') ? 150 : 1),
    sortOrder: 1000 + i,
  }));
}

function equityEntries(
  rows: ReadonlyArray<readonly [string, string, number]>,
  type: 'stock' | 'etf',
  offset: number,
): CatalogueEntry[] {
  return rows.map(([code, name, refPrice], i) => ({
    code,
    type,
    base: code,
    quote: 'USD',
    name,
    refPrice,
    pricePrecision: 2,
    quantityStep: '1',
    hours: 'us-equity',
    volatility:
      type === 'stock' ? (['TSLA', 'NVDA', 'AMD'].includes(code) ? 0.5 : 0.28) : ['ARKK', 'SLV'].includes(code) ? 0.35 : 0.16,
    dailyTurnover: (type === 'stock' ? 6e9 : 4e9) / (i + 1) ** 0.8,
    sortOrder: offset + i,
  }));
}

const FUTURES_VOL: Record<string, number> = {
  ES: 0.17,
  NQ: 0.22,
  YM: 0.16,
  RTY: 0.24,
  NKD: 0.22,
  CL: 0.35,
  BZ: 0.33,
  NG: 0.6,
  RB: 0.35,
  HO: 0.33,
  GC: 0.15,
  SI: 0.28,
  HG: 0.24,
  PL: 0.26,
  PA: 0.4,
  ZN: 0.07,
  ZB: 0.12,
  '6E': 0.08,
  '6J': 0.1,
};

function futuresEntries(): CatalogueEntry[] {
  return FUTURES.map(([code, name, refPrice, pricePrecision], i) => ({
    code,
    type: 'futures',
    base: code,
    quote: 'USD',
    name,
    refPrice,
    pricePrecision,
    quantityStep: '1',
    hours: 'futures',
    volatility: FUTURES_VOL[code] ?? 0.25,
    dailyTurnover: 3e9 / (i + 1) ** 0.9,
    sortOrder: 4000 + i,
  }));
}

/** The whole catalogue, built once. Codes are unique across types. */
export const CATALOGUE: readonly CatalogueEntry[] = [
  ...cryptoEntries(),
  ...forexEntries(),
  ...equityEntries(STOCKS, 'stock', 2000),
  ...equityEntries(ETFS, 'etf', 3000),
  ...futuresEntries(),
];

export const CATALOGUE_BY_CODE: ReadonlyMap<string, CatalogueEntry> = new Map(CATALOGUE.map((e) => [e.code, e]));
