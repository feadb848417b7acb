import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { strengthOptions, userInputsOf } from '../../src/contract/passwordStrength.ts';

/**
 * The server's strength estimator (src/contract/passwordStrength.ts), built once: the
 * dictionaries load with the module.
 */
const estimator = new ZxcvbnFactory(strengthOptions(common, english));

/** zxcvbn's score, 0–4, of `password` for an account with these names. */
export function passwordScore(password: string, names: { username?: string | null; email?: string | null }): number {
  return estimator.check(password, userInputsOf(names)).score;
}
