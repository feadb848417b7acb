/**
 * The platform's one clock (`app.clock`). Every domain reads the time here instead of
 * `Date.now()` / `new Date()`, so that a test which pins or moves the clock (config.clock) moves
 * it for the whole platform at once: sessions, codes, limits' windows, market hours, trading
 * expiries, smart payouts, loan accruals, NFT auctions. Shared infrastructure: imports no domain.
 * The only file of server/ allowed to read the system time (eslint.config.js).
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** The same instant as a Date (a fresh object each call). */
  date(): Date;
}

/** Where the time comes from: ms since the epoch. */
export type TimeSource = () => number;

export const systemTime: TimeSource = () => Date.now();

/** The clock over `source` (the system time unless a test gives its own). */
export function createClock(source: TimeSource = systemTime): Clock {
  return { now: source, date: () => new Date(source()) };
}

/**
 * Elapsed time for pacing (a socket's batch gap, its message window, a cache entry's age): a
 * monotonic reading in ms, independent of the platform clock, because a test that pins the clock
 * must not freeze a connection's pacing. Never business time.
 */
export const monotonicMs = (): number => performance.now();

/**
 * The machine's wall-clock time in ms, for operational records only (when a job last ran, for
 * the jobs table and the metrics): an operator reads them against their own watch, so a test's
 * pinned clock must not move them. Never business time.
 */
export const wallClockMs = (): number => Date.now();
