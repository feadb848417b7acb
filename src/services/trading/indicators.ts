/**
 * Chart indicators (docs/trading.md, "Indicators"): simple and exponential moving averages,
 * Bollinger bands and the relative strength index over candle closes. Pure functions of numbers
 * (they are drawn, never used for money): each answers one value per input point, null until
 * the window is full, so a series lines up with the candles it was computed from.
 */

export type Series = (number | null)[];

/** The mean of the last `period` values at each point. */
export function sma(values: readonly number[], period: number): Series {
  const out: Series = [];
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i];
    if (i >= period) sum -= values[i - period];
    out.push(i >= period - 1 ? sum / period : null);
  }
  return out;
}

/** Exponential moving average, k = 2 / (period + 1), seeded with the SMA of the first `period` values. */
export function ema(values: readonly number[], period: number): Series {
  const out: Series = [];
  const k = 2 / (period + 1);
  let prev: number | null = null;
  for (let i = 0; i < values.length; i++) {
    if (i < period - 1) out.push(null);
    else if (prev === null) {
      let s = 0;
      for (let j = i - period + 1; j <= i; j++) s += values[j];
      prev = s / period;
      out.push(prev);
    } else {
      prev = values[i] * k + prev * (1 - k);
      out.push(prev);
    }
  }
  return out;
}

export interface Bands {
  middle: Series;
  upper: Series;
  lower: Series;
}

/** Bollinger bands: the SMA and ± `width` population standard deviations of the same window. */
export function bollinger(values: readonly number[], period = 20, width = 2): Bands {
  const middle = sma(values, period);
  const upper: Series = [];
  const lower: Series = [];
  for (let i = 0; i < values.length; i++) {
    const m = middle[i];
    if (m === null) {
      upper.push(null);
      lower.push(null);
      continue;
    }
    let v = 0;
    for (let j = i - period + 1; j <= i; j++) v += (values[j] - m) ** 2;
    const sd = Math.sqrt(v / period);
    upper.push(m + width * sd);
    lower.push(m - width * sd);
  }
  return { middle, upper, lower };
}

/**
 * Wilder's RSI: the first average gain and loss are the plain means of the first `period`
 * changes, later ones smoothed (avg × (period − 1) + change) / period; 100 without losses.
 */
export function rsi(values: readonly number[], period = 14): Series {
  const out: Series = values.map(() => null);
  if (values.length <= period) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const d = values[i] - values[i - 1];
    if (d > 0) gain += d;
    else loss -= d;
  }
  gain /= period;
  loss /= period;
  const value = () => (loss === 0 ? 100 : 100 - 100 / (1 + gain / loss));
  out[period] = value();
  for (let i = period + 1; i < values.length; i++) {
    const d = values[i] - values[i - 1];
    gain = (gain * (period - 1) + Math.max(d, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-d, 0)) / period;
    out[i] = value();
  }
  return out;
}

/** The indicators a user can switch on, in the order the toggles show them. */
export const INDICATORS = ['sma', 'ema', 'bollinger', 'rsi', 'volume'] as const;
export type Indicator = (typeof INDICATORS)[number];
/** Windows used (the usual defaults). */
export const INDICATOR_PERIODS = { sma: 20, ema: 50, bollinger: 20, rsi: 14 } as const;

const STORE_KEY = 'chartIndicators';

/** The user's choice, remembered on this device; garbage reads as none. */
export function readIndicators(storage: { getItem(key: string): string | null }): Indicator[] {
  try {
    const v = JSON.parse(storage.getItem(STORE_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? INDICATORS.filter((i) => v.includes(i)) : [];
  } catch {
    return [];
  }
}

export function writeIndicators(storage: { setItem(key: string, value: string): void }, on: readonly Indicator[]): void {
  storage.setItem(STORE_KEY, JSON.stringify(INDICATORS.filter((i) => on.includes(i))));
}
