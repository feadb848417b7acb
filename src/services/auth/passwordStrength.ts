import { useEffect, useState } from 'react';
import { BRAND_NAME_DEFAULT } from '../../contract/constants.ts';
import {
  contextWordsOf,
  PASSWORD_MIN_SCORE,
  strengthOptions,
  strengthScore,
  type PasswordContext,
} from '../../contract/passwordStrength.ts';
import { usePasswordContext } from '../content/index.ts';

/**
 * The live strength meter's estimate: the same zxcvbn, dictionaries and service words the server
 * decides with (src/contract/passwordStrength.ts). They weigh about a megabyte, so they load only
 * when a new-password field is first typed in, never with the home page (docs/performance.md budget).
 */
type Estimate = (password: string, inputs: string[]) => number;
let loading: Promise<Estimate> | undefined;

export function loadEstimator(): Promise<Estimate> {
  loading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, english]) => {
    const estimator = new core.ZxcvbnFactory(strengthOptions(common, english));
    return (password: string, inputs: string[]) => estimator.check(password, inputs).score;
  });
  return loading;
}

export { PASSWORD_MIN_SCORE };

type Names = { username?: string; email?: string };

/** The score the meter shows: 0 for a password built from the service's words, else zxcvbn's. */
export async function estimatePassword(password: string, names: Names, context: PasswordContext): Promise<number> {
  return strengthScore(await loadEstimator(), password, names, contextWordsOf(context));
}

/**
 * The service's words as it publishes them; before they arrive, the name the app shows and the
 * host the page came from (the same unless the API lives elsewhere).
 */
function useContext(): PasswordContext {
  const published = usePasswordContext();
  return {
    brandName: published.brandName ?? BRAND_NAME_DEFAULT,
    publicHost: published.publicHost ?? (typeof location === 'undefined' ? '' : location.hostname),
  };
}

/** zxcvbn's score (0–4) of `password` once the estimator has loaded; undefined before, or when empty. */
export function usePasswordStrength(password: string, names: Names = {}): number | undefined {
  // the score is kept with the password it was computed for: a stale one is never shown
  const [scored, setScored] = useState<{ password: string; score: number } | undefined>(undefined);
  const { brandName, publicHost } = useContext();
  const { username, email } = names;
  useEffect(() => {
    if (!password) return;
    let live = true;
    void estimatePassword(password, { username, email }, { brandName, publicHost }).then((score) => {
      if (live) setScored({ password, score });
    });
    return () => {
      live = false;
    };
  }, [password, username, email, brandName, publicHost]);
  return password && scored?.password === password ? scored.score : undefined;
}
