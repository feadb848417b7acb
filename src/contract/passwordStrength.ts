import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type * as Common from '@zxcvbn-ts/language-common';
import type * as English from '@zxcvbn-ts/language-en';

/**
 * Password strength as zxcvbn estimates it (0–4: how many guesses a cracker needs, with its
 * common-password, name and word dictionaries, keyboard patterns, dates, sequences and repeats).
 * The server decides with it (register, reset, change: 10170 below the minimum); the browser
 * shows the same estimate live, loading the dictionaries only when a password field is used
 * (docs/auth.md). The breached-password list (10057), the shape rule (10035) and the service's own
 * words (10171, below) still apply.
 */
export const PASSWORD_MIN_SCORE = 3;

type FactoryOptions = ConstructorParameters<typeof ZxcvbnFactory>[0];

/** The estimator's options: the common and the English dictionaries and the keyboard graphs. */
export function strengthOptions(common: typeof Common, english: typeof English): FactoryOptions {
  return {
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  };
}

/**
 * The service's own words (NIST SP 800-63B, 5.1.1.2: refuse context-specific words such as the
 * service's name): a probe's first guesses are `Trade2024!`, `Crypto123` or the brand with digits.
 */
export const PASSWORD_DOMAIN_WORDS = ['trade', 'trading', 'exchange', 'crypto', 'bitcoin', 'wallet'] as const;

/** Where the service's words come from: its name (BRAND_NAME) and the host it is reached at (PUBLIC_URL). */
export interface PasswordContext {
  brandName: string;
  publicHost: string;
}

/**
 * The context-specific words, lower-case: the brand whole and joined ("trading platform",
 * "tradingplatform") and each of its words, the host's labels (not `www`, not numbers), and
 * the domain's words. Both sides build the list here: the server decides with it, the browser's
 * live estimate shows the same.
 */
export function contextWordsOf(ctx: PasswordContext): string[] {
  const brand = ctx.brandName.trim().toLowerCase();
  const brandWords = brand.split(/[^\p{L}\p{N}]+/u);
  const labels = ctx.publicHost
    .toLowerCase()
    .split('.')
    .filter((l) => l !== 'www' && !/^[0-9]+$/.test(l));
  const words = [brand, brandWords.join(''), ...brandWords, ...labels, ...PASSWORD_DOMAIN_WORDS];
  return [...new Set(words.filter((w) => w.length >= 3))];
}

/** What the user chose as names (username, e-mail's local part), then the service's words: guessed first. */
export function userInputsOf(
  names: { username?: string | null; email?: string | null },
  context: readonly string[] = [],
): string[] {
  const email = names.email?.trim() ?? '';
  const own = [names.username?.trim() ?? '', email.includes('@') ? email.slice(0, email.lastIndexOf('@')) : ''];
  return [...own.filter((s) => s.length >= 3), ...context];
}

/** The usual letter-for-symbol swaps (`Tr@d3`, `W4ll3t`, `Bitco1n`). */
const LEET: Record<string, string> = { a: 'a@4', e: 'e3', i: 'i1!|', l: 'l1|', o: 'o0', s: 's$5', t: 't7+', b: 'b8', g: 'g9' };
const escape = (c: string) => c.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&');
const leetPattern = (word: string) => [...word].map((c) => `[${[...new Set(LEET[c] ?? c)].map(escape).join('')}]`).join('');

/** Fewer letters than this besides the service's words: the password is those words dressed up. */
export const CONTEXT_REST_MIN_LETTERS = 5;

/**
 * The service's word a password is built from, or undefined: once every context word of 4 or more
 * letters (in any case, with the usual symbol swaps) is taken out, fewer than
 * CONTEXT_REST_MIN_LETTERS letters remain (`Crypto-Wallet-2026`, `Trading@Platform1`). A passphrase
 * that merely mentions one of them keeps its other words and is left to the estimate (10170).
 */
export function contextWordIn(password: string, context: readonly string[]): string | undefined {
  const words = context.filter((w) => [...w].length >= 4 && !/\s/.test(w)).sort((a, b) => b.length - a.length);
  let rest = password.toLowerCase();
  let first: string | undefined;
  for (const word of words) {
    const re = new RegExp(leetPattern(word), 'gu');
    if (!re.test(rest)) continue;
    first ??= word;
    rest = rest.replace(re, ' ');
  }
  return first !== undefined && (rest.match(/\p{L}/gu)?.length ?? 0) < CONTEXT_REST_MIN_LETTERS ? first : undefined;
}

/**
 * The score both sides show and decide with: 0 for a password built from the service's words,
 * else zxcvbn's estimate with the names and the service's words as its first guesses.
 */
export function strengthScore(
  estimate: (password: string, inputs: string[]) => number,
  password: string,
  names: { username?: string | null; email?: string | null },
  context: readonly string[],
): number {
  if (contextWordIn(password, context) !== undefined) return 0;
  return estimate(password, userInputsOf(names, context));
}
