/**
 * The rules of two-factor sign-in and the anti-phishing phrase that the browser and the server
 * both apply, without TypeBox (so the app's bundle takes them without the schema builders).
 * Schemas: src/contract/twoFactor.ts. docs/security.md, "Two-factor sign-in".
 */

/** The header that carries a step-up code (a withdrawal, a password change, an operator's money review). */
export const STEP_UP_HEADER = 'x-two-factor-code';
/** How long the second step of a sign-in waits for its code. */
export const CHALLENGE_MINUTES = 5;
/** Recovery codes made at each enrolment (and each renewal); each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** The anti-phishing phrase: its length and alphabet (10218 otherwise). */
export const PHRASE_MIN = 4;
export const PHRASE_MAX = 32;
export const PHRASE_RE = /^[\p{L}\p{N} ._-]+$/u;

/** The phrase, trimmed, when it may be used; null otherwise (the form checks the same). */
export function phraseAllowed(text: string): string | null {
  const p = text.trim().replace(/\s+/g, ' ');
  return p.length >= PHRASE_MIN && p.length <= PHRASE_MAX && PHRASE_RE.test(p) ? p : null;
}

/** Six digits from the authenticator app (spaces tolerated by the forms, not here). */
export const TOTP_RE = /^[0-9]{6}$/;
/** A recovery code as shown: four groups of four letters or digits, dashes optional. */
export const RECOVERY_RE = /^[A-Za-z2-7]{4}-?[A-Za-z2-7]{4}-?[A-Za-z2-7]{4}-?[A-Za-z2-7]{4}$/;

/** The password step's answer when two-factor sign-in is on (a challenge, not a session). */
export const isChallenge = <T extends object>(r: T): r is Extract<T, { twoFactorRequired: true }> => 'twoFactorRequired' in r;
