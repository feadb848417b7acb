/**
 * Identity verification rules shared by the form (browser) and the service: the country list,
 * the age rule, which images a document type needs. No DOM, no Node imports.
 */

/** A person must be at least this old on the day they submit. */
export const KYC_MIN_AGE = 18;
/** Oldest birth date taken: anything older is a typing mistake. */
export const KYC_MAX_AGE = 120;
/** Submissions after a rejection; one more is refused (10115) and support decides. */
export const KYC_MAX_RESUBMISSIONS = 5;
/** The promise shown while a submission waits: an operator decides within this many hours. */
export const KYC_REVIEW_HOURS = 48;

export const KYC_SEXES = ['male', 'female'] as const;
export type KycSex = (typeof KYC_SEXES)[number];
export const KYC_DOCUMENT_TYPES = ['id_card', 'passport', 'driver_licence'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];
/** The images of a submission, in the order of the form (and of the multipart body). */
export const KYC_IMAGE_KINDS = ['front', 'back', 'handheld', 'signature'] as const;
export type KycImageKind = (typeof KYC_IMAGE_KINDS)[number];

/** A passport has one page to show; the other documents have a back. */
export const needsBack = (doc: KycDocumentType) => doc !== 'passport';
/** The images a submission of this document type must carry. */
export const requiredImages = (doc: KycDocumentType): KycImageKind[] =>
  KYC_IMAGE_KINDS.filter((k) => k !== 'back' || needsBack(doc));

/**
 * ISO 3166-1 alpha-2: every officially assigned code (249). Names come from the platform's Intl
 * (Intl.DisplayNames) in the reader's language, so no name list is kept here.
 */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH ' +
  'CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN ' +
  'GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI ' +
  'LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM ' +
  'PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD ' +
  'TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const COUNTRY_SET = new Set(COUNTRY_CODES);
export const isCountryCode = (c: string) => COUNTRY_SET.has(c);

/**
 * The country codes sorted by their name in `locale` (a BCP 47 tag), each with that name. The
 * list a user picks from; the value sent is always the code.
 */
export function countryOptions(locale: string): Array<{ code: string; name: string }> {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
}

/** 'YYYY-MM-DD' as a calendar date (UTC), or null when it is no real date (2023-02-30). */
export function parseBirthDate(s: string): { y: number; m: number; d: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return { y, m: mo, d };
}

/** Full years between the birth date and `today` (UTC calendar days): the age on that day. */
export function ageOn(birth: { y: number; m: number; d: number }, today: Date): number {
  const [ty, tm, td] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  return ty - birth.y - (tm < birth.m || (tm === birth.m && td < birth.d) ? 1 : 0);
}

/** Why a birth date cannot be taken, or null: 'invalid' (no date, in the future, too old) or 'underage'. */
export function birthDateProblem(s: string, today: Date): 'invalid' | 'underage' | null {
  const b = parseBirthDate(s);
  if (!b) return 'invalid';
  const age = ageOn(b, today);
  if (age < 0 || age > KYC_MAX_AGE || Date.UTC(b.y, b.m - 1, b.d) > today.getTime()) return 'invalid';
  return age < KYC_MIN_AGE ? 'underage' : null;
}
