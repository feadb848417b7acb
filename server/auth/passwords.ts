import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import argon2 from 'argon2';
import { passwordContainsName, passwordStrongEnough } from '../../src/contract/auth.ts';
import { Err } from '../../src/contract/errors.ts';
import { contextWordIn, PASSWORD_MIN_SCORE } from '../../src/contract/passwordStrength.ts';
import { BizError } from '../platform/http/errors.ts';
import { passwordScore } from './passwordStrength.ts';

/**
 * Password hashing: argon2id at the OWASP Password Storage Cheat Sheet's first
 * configuration (m = 19 MiB, t = 2, p = 1). Why argon2id over scrypt: see docs/auth.md.
 * The parameters are stored inside each hash, so raising them later only needs
 * `needsRehash` at the next successful login.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

let dummy: Promise<string> | undefined;

/**
 * The hash of a random secret with the same parameters, made once (the 'accounts' plugin makes
 * it at start): checked instead when there is no hash, so an unknown account or one without a
 * password costs the same time as a wrong password.
 */
export function dummyHash(): Promise<string> {
  dummy ??= argon2.hash(randomBytes(32).toString('base64url'), ARGON2_OPTIONS);
  return dummy;
}

/**
 * False for a wrong password, a missing hash (unknown account, Google-only account) or a corrupt
 * hash. A missing hash is checked against `dummyHash()`, so timing does not tell the cases apart.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    await argon2.verify(await dummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, ARGON2_OPTIONS);
  } catch {
    return false;
  }
}

/**
 * Common and breached passwords that the shape rule lets through, lower-cased (the list of the
 * npm package @zxcvbn-ts/language-common, kept offline in commonPasswords.txt; regenerate with
 * scripts/commonPasswords.mjs).
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(new URL('./commonPasswords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#')),
);

export const isCommonPassword = (p: string): boolean => COMMON_PASSWORDS.has(p.toLowerCase());

/**
 * The password rules of register, change and reset, in order: the shape (10035), not a common
 * password (10057), not containing the username or the e-mail's local part (10058), not built
 * from the service's own words (10171 with the word; `words` from passwordWordsOf, issue 41), and
 * hard enough to guess: zxcvbn's score at least PASSWORD_MIN_SCORE (10170 with the score; issue 25).
 */
export function assertPasswordAllowed(
  p: string,
  names: { username?: string | null; email?: string | null },
  words: readonly string[],
): void {
  if (!passwordStrongEnough(p)) throw new BizError(Err.PASSWORD_TOO_WEAK);
  if (isCommonPassword(p)) throw new BizError(Err.PASSWORD_COMMON);
  if (passwordContainsName(p, names)) throw new BizError(Err.PASSWORD_HAS_NAME);
  const word = contextWordIn(p, words);
  if (word !== undefined) throw new BizError(Err.PASSWORD_SERVICE_WORDS, { word });
  const score = passwordScore(p, names, words);
  if (score < PASSWORD_MIN_SCORE) throw new BizError(Err.PASSWORD_GUESSABLE, { score, min: PASSWORD_MIN_SCORE });
}
