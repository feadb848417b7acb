import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type * as Common from '@zxcvbn-ts/language-common';
import type * as English from '@zxcvbn-ts/language-en';

/**
 * Password strength as zxcvbn estimates it (0–4: how many guesses a cracker needs, with its
 * common-password, name and word dictionaries, keyboard patterns, dates, sequences and repeats).
 * The server decides with it (register, reset, change: 10170 below the minimum); the browser
 * shows the same estimate live, loading the dictionaries only when a password field is used
 * (docs/auth.md). The breached-password list (10057) and the shape rule (10035) still apply.
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

/** What the user chose as names (username, e-mail's local part): guessed first. */
export function userInputsOf(names: { username?: string | null; email?: string | null }): string[] {
  const email = names.email?.trim() ?? '';
  return [names.username?.trim() ?? '', email.includes('@') ? email.slice(0, email.lastIndexOf('@')) : ''].filter(
    (s) => s.length >= 3,
  );
}
