import { useEffect, useState } from 'react';
import { PASSWORD_MIN_SCORE, strengthOptions, userInputsOf } from '../../contract/passwordStrength.ts';

/**
 * The live strength meter's estimate: the same zxcvbn and dictionaries the server decides with
 * (src/contract/passwordStrength.ts). They weigh about a megabyte, so they load only when a
 * new-password field is first typed in, never with the home page (docs/performance.md budget).
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

/** zxcvbn's score (0–4) of `password` once the estimator has loaded; undefined before, or when empty. */
export function usePasswordStrength(password: string, names: { username?: string; email?: string } = {}): number | undefined {
  // the score is kept with the password it was computed for: a stale one is never shown
  const [scored, setScored] = useState<{ password: string; score: number } | undefined>(undefined);
  const inputs = userInputsOf(names).join('\n');
  useEffect(() => {
    if (!password) return;
    let live = true;
    void loadEstimator().then((estimate) => {
      if (live) setScored({ password, score: estimate(password, inputs ? inputs.split('\n') : []) });
    });
    return () => {
      live = false;
    };
  }, [password, inputs]);
  return password && scored?.password === password ? scored.score : undefined;
}
