import { Err } from '../../contract/errors.ts';
import type { AntiPhishing } from '../../contract/twoFactor.ts';
import { PHRASE_MAX, PHRASE_MIN, RECOVERY_RE, TOTP_RE, phraseAllowed } from '../../contract/twoFactorRules.ts';
import { problem, refused, type Refusal } from '../platform/refusal.ts';
import { submissionMachine } from '../platform/submission.ts';
import { loginCode } from './twoFactorLogin.ts';

/**
 * The two small forms of the security screen beside the enrolment (twoFactorEnrol.ts):
 * turning two-factor off (the password AND a current code or a recovery code) and the
 * anti-phishing phrase. Their checks are the contract's rules, so nothing unfit is sent.
 */
export interface TwoFactorOffValues {
  password: string;
  code: string;
}

export function twoFactorOffRefusal(v: TwoFactorOffValues): Refusal | null {
  if (!v.password) return problem('auth.errors.passwordRequired');
  const code = loginCode(v.code);
  if (!code) return problem('twoFactor.codeRequired');
  if (!TOTP_RE.test(code) && !RECOVERY_RE.test(code)) return problem('twoFactor.codeShape');
  return null;
}

export const twoFactorOffMachine = submissionMachine<'twoFactorOff', TwoFactorOffValues, null>({
  id: 'twoFactorOff',
  check: twoFactorOffRefusal,
});

export interface AntiPhishingValues {
  /** empty removes the phrase */
  phrase: string;
}

export function antiPhishingRefusal(v: AntiPhishingValues): Refusal | null {
  if (v.phrase.trim() === '') return null;
  return phraseAllowed(v.phrase)
    ? null
    : refused(Err.ANTI_PHISHING_PHRASE_INVALID, { min: String(PHRASE_MIN), max: String(PHRASE_MAX) });
}

export const antiPhishingMachine = submissionMachine<'antiPhishing', AntiPhishingValues, AntiPhishing>({
  id: 'antiPhishing',
  check: antiPhishingRefusal,
  again: true,
});
