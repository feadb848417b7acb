import type { HoursKind } from '../catalogue/index.ts';

/**
 * Trading hours. Times are read on the America/New_York wall clock (DST handled by Intl), where
 * the US sessions are defined:
 *  - always:    crypto, 24/7
 *  - forex:     Sunday 17:00 to Friday 17:00 New York time (24/5)
 *  - us-equity: Monday-Friday 09:30-16:00 (regular session; exchange holidays are not modelled)
 *  - futures:   CME Globex, Sunday 18:00 to Friday 17:00 with a daily break 17:00-18:00
 */
const nyFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const DAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Weekday (0 = Sunday) and minute of day on the New York clock. */
export function newYorkClock(date: Date): { day: number; minute: number } {
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const p of nyFormat.formatToParts(date)) {
    if (p.type === 'weekday') day = DAYS[p.value] ?? 0;
    else if (p.type === 'hour') hour = Number(p.value);
    else if (p.type === 'minute') minute = Number(p.value);
  }
  return { day, minute: hour * 60 + minute };
}

const H = (h: number, m = 0) => h * 60 + m;

export function isOpenAt(hours: HoursKind, date: Date): boolean {
  if (hours === 'always') return true;
  const { day, minute } = newYorkClock(date);
  return isOpenClock(hours, day, minute);
}

/** The session rules on the New York clock (weekday 0 = Sunday, minute of day). */
export function isOpenClock(hours: HoursKind, day: number, minute: number): boolean {
  switch (hours) {
    case 'always':
      return true;
    case 'forex':
      if (day === 6) return false;
      if (day === 0) return minute >= H(17);
      if (day === 5) return minute < H(17);
      return true;
    case 'us-equity':
      return day >= 1 && day <= 5 && minute >= H(9, 30) && minute < H(16);
    case 'futures':
      if (day === 6) return false;
      if (day === 0) return minute >= H(18);
      if (day === 5) return minute < H(17);
      return minute < H(17) || minute >= H(18);
  }
}

/** True when the instrument's market is in session at `date`. */
export function isMarketOpen(instrument: { hours: HoursKind }, date: Date): boolean {
  return isOpenAt(instrument.hours, date);
}
