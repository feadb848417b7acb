/**
 * The texts of mail and SMS in the ten languages: src/locales/<lng>/mail.json, beside the app's
 * own texts but read only here (the app's loader, src/i18n, takes app.json and errors.json, so
 * none of it reaches the browser). A verification code is written in the language of the request
 * that asked for it; everything else in the account's language (`users.language`).
 */
import { DEFAULT_LANGUAGE, type Language } from '../../../src/contract/constants.ts';
import { interpolate, knownLanguage, readLocales } from '../http/messages.ts';

/**
 * Every text a mail is made of, by owner: the platform's own here, each domain's declared once as a
 * const list in its manifest (`mailKeys`) whose type it adds to this interface under its name by
 * declaration merging (`declare module '../platform/mail/mailText.ts'`), since the platform names
 * no domain. tests/unit/platform/mailText.test.ts checks each declared key in every language.
 */
export interface MailKeys {
  platform: (typeof PLATFORM_MAIL_KEYS)[number];
}
/**
 * The platform's own texts: the anti-phishing line that opens every message to an account, and the
 * closing sentence of every security notice, whichever domain sends it (auth, the wallet's allowlist).
 */
export const PLATFORM_MAIL_KEYS = ['antiPhishing.line', 'security.notYou'] as const;
export type MailKey = MailKeys[keyof MailKeys];

type Tree = { [k: string]: string | Tree };
const flatten = (t: Tree, prefix = ''): Record<string, string> =>
  Object.entries(t).reduce<Record<string, string>>((acc, [k, v]) => {
    if (typeof v === 'string') acc[prefix + k] = v;
    else Object.assign(acc, flatten(v, `${prefix}${k}.`));
    return acc;
  }, {});

const texts = Object.fromEntries(Object.entries(readLocales<Tree>('mail')).map(([lng, tree]) => [lng, flatten(tree)])) as Record<
  Language,
  Record<string, string>
>;

/** Chinese and Japanese sentences end in a full-width stop and follow each other without a space. */
const SENTENCE_GAP: Partial<Record<Language, string>> = { ja: '', hk: '', zh: '' };

export interface MailText {
  subject: string;
  body: string;
}

/** One text in a language (English if a language ever lacks it), placeholders filled. */
export function mailText(lng: Language, key: MailKey, params: Record<string, unknown> = {}): string {
  return interpolate(texts[lng]?.[key] ?? texts[DEFAULT_LANGUAGE][key], params);
}

/** A subject and a body made of sentences, each a key; all share the parameters. */
export function renderMail(
  lng: Language,
  subject: MailKey,
  body: readonly MailKey[],
  params: Record<string, unknown> = {},
): MailText {
  return {
    subject: mailText(lng, subject, params),
    body: body.map((k) => mailText(lng, k, params)).join(SENTENCE_GAP[lng] ?? ' '),
  };
}

/** The language stored for an account, read as one of ours (anything else: English). */
export const accountLanguage = (stored: string | null | undefined): Language => knownLanguage(stored) ?? DEFAULT_LANGUAGE;
