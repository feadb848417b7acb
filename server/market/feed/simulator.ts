import { seededNormal } from './prng.ts';
import type { FeedTick } from './feed.ts';
import type { HoursKind } from '../catalogue/index.ts';
import { closedMsIn, gapSigma, isOpenFast, lastTradingTime, sessionProfile } from '../hours/tradingSessions.ts';

/**
 * The embedded price feed: geometric Brownian motion per instrument,
 *   S(t+dt) = S(t) * exp(-sigma^2 dt / 2 + sigma sqrt(dt) Z),
 * with sigma the instrument's annualised volatility (by class, see catalogue/index.ts) and
 * zero drift (the price is a martingale: no built-in trend). One step = one second. Each
 * instrument draws from its own seeded stream, so a given seed gives the same sequence for an
 * instrument whatever else is listed. Every price it makes is labelled 'simulated'.
 *
 * Market hours: an instrument whose market is closed gets no tick (its price stays). At the
 * first step after a closure the price gaps once by a draw of the same GBM over the closed time,
 * scaled by GAP_VARIANCE_SHARE (hours/tradingSessions.ts), then walks on. Session markets move faster while
 * open (sessionProfile().sigmaScale) so that their annual volatility is still the class's, and
 * trade their daily turnover over the session rather than over 24 h.
 */
export interface SimInstrument {
  code: string;
  price: number;
  volatility: number;
  /** Typical 24h turnover in the quote currency, for the simulated traded volume. */
  dailyTurnover: number;
  /** Trading hours (default 'always'). */
  hours?: HoursKind;
  /** When `price` was the price (ms): a closure between then and the first open step gaps. */
  since?: number;
}

const SECONDS_PER_YEAR = 365 * 86_400;
/** Every closure lasts at least half an hour (hours/tradingSessions.ts), so shorter pauses never hide one. */
const MIN_CLOSURE_MS = 1_800_000;

interface Stream {
  code: string;
  price: number;
  hours: HoursKind;
  /** Annual volatility while open (class volatility × the session scale). */
  sigmaYear: number;
  sigma: number;
  perSecondTurnover: number;
  /** Time of the last price (0 = unknown: no gap). */
  last: number;
  z: () => number;
}

export class Simulator {
  private readonly streams: Stream[];

  constructor(instruments: readonly SimInstrument[], seed: number | string) {
    this.streams = instruments.map((i) => {
      const hours = i.hours ?? 'always';
      const profile = sessionProfile(hours);
      const sigmaYear = i.volatility * profile.sigmaScale;
      return {
        code: i.code,
        price: i.price,
        hours,
        sigmaYear,
        sigma: sigmaYear * Math.sqrt(1 / SECONDS_PER_YEAR),
        perSecondTurnover: (i.dailyTurnover * 1000) / profile.openMsPerTradingDay,
        // a price set while closed (an anchor on a Sunday) dates from the close before it
        last: i.since ? lastTradingTime(hours, i.since) : 0,
        z: seededNormal(seed, i.code, 'live'),
      };
    });
  }

  /** Advances every instrument whose market is open by one second; one tick each, stamped `time`. */
  step(time: number): FeedTick[] {
    const out: FeedTick[] = [];
    const open: Partial<Record<HoursKind, boolean>> = {};
    for (const s of this.streams) {
      const isOpen = (open[s.hours] ??= isOpenFast(s.hours, time));
      if (!isOpen) continue;
      if (s.hours !== 'always' && s.last > 0 && time - s.last >= MIN_CLOSURE_MS) {
        const closed = closedMsIn(s.hours, s.last, time);
        if (closed > 0) {
          const g = gapSigma(s.sigmaYear, closed);
          s.price *= Math.exp(-0.5 * g * g + g * s.z());
        }
      }
      s.price *= Math.exp(-0.5 * s.sigma * s.sigma + s.sigma * s.z());
      const volume = (s.perSecondTurnover / s.price) * Math.exp(0.6 * s.z() - 0.18);
      s.last = time;
      out.push({ code: s.code, price: s.price, time, volume });
    }
    return out;
  }

  price(code: string): number | undefined {
    return this.streams.find((s) => s.code === code)?.price;
  }
}

/** Runs a simulator on a timer (times from `clock`, the platform's); returns a stop function. */
export function runSimulator(
  sim: Simulator,
  onTicks: (ticks: FeedTick[]) => void,
  periodMs: number,
  clock: () => number,
): () => void {
  const tick = () => {
    const ticks = sim.step(clock());
    if (ticks.length) onTicks(ticks);
  };
  tick();
  const timer = setInterval(tick, periodMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
