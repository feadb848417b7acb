import { seededNormal } from './prng.ts';
import type { FeedTick } from './feed.ts';

/**
 * The embedded price feed: geometric Brownian motion per instrument,
 *   S(t+dt) = S(t) * exp(-sigma^2 dt / 2 + sigma sqrt(dt) Z),
 * with sigma the instrument's annualised volatility (by class, see catalogue/index.ts) and
 * zero drift (the price is a martingale: no built-in trend). One step = one second. Each
 * instrument draws from its own seeded stream, so a given seed gives the same sequence for an
 * instrument whatever else is listed. Every price it makes is labelled 'simulated'.
 */
export interface SimInstrument {
  code: string;
  price: number;
  volatility: number;
  /** Typical 24h turnover in the quote currency, for the simulated traded volume. */
  dailyTurnover: number;
}

const SECONDS_PER_YEAR = 365 * 86_400;

export class Simulator {
  private readonly streams: Array<{ code: string; price: number; sigma: number; perSecondTurnover: number; z: () => number }>;

  constructor(instruments: readonly SimInstrument[], seed: number | string) {
    this.streams = instruments.map((i) => ({
      code: i.code,
      price: i.price,
      sigma: i.volatility * Math.sqrt(1 / SECONDS_PER_YEAR),
      perSecondTurnover: i.dailyTurnover / 86_400,
      z: seededNormal(seed, i.code, 'live'),
    }));
  }

  /** Advances every instrument by one second and returns one tick each, stamped `time`. */
  step(time: number): FeedTick[] {
    const out: FeedTick[] = new Array(this.streams.length);
    for (let k = 0; k < this.streams.length; k++) {
      const s = this.streams[k];
      s.price *= Math.exp(-0.5 * s.sigma * s.sigma + s.sigma * s.z());
      const volume = (s.perSecondTurnover / s.price) * Math.exp(0.6 * s.z() - 0.18);
      out[k] = { code: s.code, price: s.price, time, volume };
    }
    return out;
  }

  price(code: string): number | undefined {
    return this.streams.find((s) => s.code === code)?.price;
  }
}

/** Runs a simulator on a one-second timer; returns a stop function. */
export function runSimulator(sim: Simulator, onTicks: (ticks: FeedTick[]) => void, periodMs = 1000): () => void {
  const tick = () => onTicks(sim.step(Date.now()));
  tick();
  const timer = setInterval(tick, periodMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
