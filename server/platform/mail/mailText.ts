/**
 * The texts of mail and SMS in the ten languages: src/locales/<lng>/mail.json, beside the app's
 * own texts but read only here (the app's loader, src/i18n, takes app.json and errors.json, so
 * none of it reaches the browser). A verification code is written in the language of the request
 * that asked for it; everything else in the account's language (`users.language`).
 */
import { DEFAULT_LANGUAGE, type Language } from '../../../src/contract/constants.ts';
import { interpolate, knownLanguage, readLocales } from '../http/messages.ts';

/** Every text a mail is made of; tests/unit/platform/mailText.test.ts checks each is in every language. */
export const MAIL_KEYS = [
  'code.subject',
  'code.register',
  'code.login',
  'code.reset',
  'security.subject',
  'security.password_changed',
  'security.password_reset',
  'security.google_linked',
  'security.hold',
  'security.notYou',
  'security.passkey_added',
  'security.passkey_removed',
  'allowlist.subject',
  'allowlist.added',
  'allowlist.turningOff',
  'loan.margin_call.subject',
  'loan.margin_call.body',
  'loan.liquidated_partly.subject',
  'loan.liquidated_partly.body',
  'loan.liquidated.subject',
  'loan.liquidated.body',
  'alert.subject',
  'alert.above',
  'alert.below',
  'alert.move',
  'alert.end',
  'antiPhishing.line',
  'security.two_factor_enabled',
  'security.two_factor_disabled',
] as const;
export type MailKey = (typeof MAIL_KEYS)[number];

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
