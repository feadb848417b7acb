/**
 * The pages the page-load benchmarks (bench:lighthouse, bench:vitals) measure, and the signed-in
 * customer they use for the pages behind the login. BENCH_PAGES picks them by name, comma
 * separated (home, market, currency, balance); all four by default.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { registeredCustomer } from '../tests/browser/harness.ts';

export interface BenchPage {
  name: string;
  path: string;
  /** opened with a customer's session in the browser's storage */
  signedIn: boolean;
}

export const PAGES: readonly BenchPage[] = [
  { name: 'home', path: '/', signedIn: false },
  { name: 'market', path: '/market', signedIn: false },
  { name: 'currency', path: '/cruuency?code=BTCUSDT', signedIn: false },
  { name: 'balance', path: '/profile/balance', signedIn: true },
];

/** The pages BENCH_PAGES names (every page when unset). */
export function chosenPages(): BenchPage[] {
  const names = (process.env.BENCH_PAGES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!names.length) return [...PAGES];
  const unknown = names.filter((n) => !PAGES.some((p) => p.name === n));
  if (unknown.length)
    throw new Error(`BENCH_PAGES: unknown ${unknown.join(', ')} (pages: ${PAGES.map((p) => p.name).join(', ')})`);
  return PAGES.filter((p) => names.includes(p.name));
}

/** A new customer's session token, registered through the API the ordinary way. */
export async function customerToken(base: string): Promise<string> {
  const stamp = `bench${crypto.randomBytes(4).toString('hex')}`;
  return (await registeredCustomer(base, stamp, `Qv8-${crypto.randomBytes(9).toString('base64url')}-Lm`)).token;
}

/** What the login page leaves in localStorage (tests/browser/platform/honest.test.ts, useToken). */
export const sessionStorageEntries = (token: string): [string, string][] => [
  ['token', JSON.stringify(token)],
  ['isLogin', 'true'],
];

/** The one-minute load average, to print beside the figures (a shared machine moves them). */
export const loadAverage = (): string => os.loadavg()[0].toFixed(2);
