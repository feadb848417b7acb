import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { contextWordsOf, strengthOptions, strengthScore } from '../../src/contract/passwordStrength.ts';
import type { Config } from '../platform/config.ts';

/**
 * The server's strength estimator (src/contract/passwordStrength.ts), built once: the
 * dictionaries load with the module.
 */
const estimator = new ZxcvbnFactory(strengthOptions(common, english));
const estimate = (password: string, inputs: string[]) => estimator.check(password, inputs).score;

/** The service's own words: BRAND_NAME, PUBLIC_URL's host labels and the domain's words. */
export function passwordWordsOf(config: Pick<Config, 'brandName' | 'publicUrl'>): readonly string[] {
  return contextWordsOf({ brandName: config.brandName, publicHost: new URL(config.publicUrl).hostname });
}

/** zxcvbn's score, 0–4, of `password` for an account with these names, on a service with these words. */
export function passwordScore(
  password: string,
  names: { username?: string | null; email?: string | null },
  words: readonly string[],
): number {
  return strengthScore(estimate, password, names, words);
}
