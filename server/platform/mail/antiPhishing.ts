/**
 * The anti-phishing phrase (issue 29 item 5): a phrase the user chooses, which every mail and SMS
 * from the platform to them carries in its first line, in the message's language. A message that
 * claims to be from us without it is fake. The outbox (which operators read) keeps the line with
 * the phrase masked: whoever reads the outbox could otherwise forge a convincing mail.
 */
import { eq, or, sql } from 'drizzle-orm';
import type { Language } from '../../../src/contract/constants.ts';
import { Err } from '../../../src/contract/errors.ts';
import { PHRASE_MAX, PHRASE_MIN, phraseAllowed } from '../../../src/contract/twoFactor.ts';
import type { DbOrTx } from '../db/client.ts';
import { antiPhishingPhrases } from './phrasesSchema.ts';
import { users } from '../identity/schema.ts';
import { BizError } from '../http/errors.ts';
import { accountLanguage, mailText } from './mailText.ts';

export const PHRASE_MASK = '••••';

export async function phraseOf(db: DbOrTx, userId: bigint): Promise<string | null> {
  const [row] = await db
    .select({ phrase: antiPhishingPhrases.phrase })
    .from(antiPhishingPhrases)
    .where(eq(antiPhishingPhrases.userId, userId));
  return row?.phrase ?? null;
}

/** Sets (or with null removes) the phrase; 10218 when it is not one we accept. */
export async function setPhrase(db: DbOrTx, userId: bigint, text: string | null): Promise<string | null> {
  if (text === null || text.trim() === '') {
    await db.delete(antiPhishingPhrases).where(eq(antiPhishingPhrases.userId, userId));
    return null;
  }
  const phrase = phraseAllowed(text);
  if (!phrase) throw new BizError(Err.ANTI_PHISHING_PHRASE_INVALID, { min: PHRASE_MIN, max: PHRASE_MAX });
  await db
    .insert(antiPhishingPhrases)
    .values({ userId, phrase })
    .onConflictDoUpdate({ target: antiPhishingPhrases.userId, set: { phrase, updatedAt: sql`now()` } });
  return phrase;
}

/**
 * The first line of a message to `recipient` (an e-mail or a +phone) when its account has a
 * phrase: `sent` with the phrase, `kept` with it masked (for the outbox). In `language` when the
 * message is written in a given one (a code: the request's), else in the account's.
 */
export async function phraseLine(
  db: DbOrTx,
  recipient: string,
  language?: Language,
): Promise<{ sent: string; kept: string } | null> {
  const [row] = await db
    .select({ phrase: antiPhishingPhrases.phrase, language: users.language })
    .from(antiPhishingPhrases)
    .innerJoin(users, eq(users.id, antiPhishingPhrases.userId))
    .where(or(sql`lower(${users.email}) = lower(${recipient})`, eq(users.phone, recipient)))
    .limit(1);
  if (!row) return null;
  const lng = language ?? accountLanguage(row.language);
  return {
    sent: mailText(lng, 'antiPhishing.line', { phrase: row.phrase }),
    kept: mailText(lng, 'antiPhishing.line', { phrase: PHRASE_MASK }),
  };
}
