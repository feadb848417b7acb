/**
 * What the help centre and footer hold, independent of language: which pages exist, their type
 * and order, the FAQ entries and the notices. The texts are in one file per language beside
 * this one (en.ts, ja.ts, ...), typed by LanguagePack so none can miss an entry.
 */
import type { ContentSlug, ContentType } from '../../../src/contract/content.ts';
import type { Language } from '../../../src/contract/constants.ts';

export const PAGES: readonly { slug: ContentSlug; type: ContentType; sort: number }[] = [
  { slug: 'about-us', type: 1, sort: 10 },
  { slug: 'contact', type: 1, sort: 20 },
  { slug: 'licence-supervision', type: 1, sort: 30 },
  { slug: 'online-support', type: 1, sort: 40 },
  { slug: 'terms', type: 2, sort: 10 },
  { slug: 'privacy', type: 2, sort: 20 },
  { slug: 'cookie-policy', type: 2, sort: 30 },
  { slug: 'disclaimer', type: 2, sort: 40 },
  { slug: 'risk-warning', type: 2, sort: 50 },
  { slug: 'legal-information', type: 2, sort: 60 },
  { slug: 'about-advertising', type: 2, sort: 70 },
  { slug: 'simulated-prices-statement', type: 3, sort: 10 },
  { slug: 'demo-account-statement', type: 3, sort: 20 },
  { slug: 'fees-statement', type: 3, sort: 30 },
  { slug: 'charity-nft-statement', type: 3, sort: 40 },
];

export const FAQ_SLUGS = [
  'account', 'demo-vs-real', 'deposits', 'withdrawals-fees', 'prices', 'kyc', 'loans', 'smart-plans', 'security',
] as const;
export type FaqSlug = (typeof FAQ_SLUGS)[number];
export const FAQS: readonly { slug: FaqSlug; category: string; sort: number }[] = [
  { slug: 'account', category: 'account', sort: 10 },
  { slug: 'demo-vs-real', category: 'trading', sort: 20 },
  { slug: 'deposits', category: 'funds', sort: 30 },
  { slug: 'withdrawals-fees', category: 'funds', sort: 40 },
  { slug: 'prices', category: 'prices', sort: 50 },
  { slug: 'kyc', category: 'verification', sort: 60 },
  { slug: 'loans', category: 'loans', sort: 70 },
  { slug: 'smart-plans', category: 'smart', sort: 80 },
  { slug: 'security', category: 'account', sort: 90 },
];

/** Listed newest first: a higher sort is newer (they are all seeded at the same moment). */
export const NOTICE_SLUGS = ['welcome', 'simulated-feed', 'review-times'] as const;
export type NoticeSlug = (typeof NOTICE_SLUGS)[number];
export const NOTICES: readonly { slug: NoticeSlug; sort: number }[] = [
  { slug: 'welcome', sort: 10 },
  { slug: 'simulated-feed', sort: 20 },
  { slug: 'review-times', sort: 30 },
];

export interface Text { title: string; body: string }
export interface LanguagePack {
  pages: Record<ContentSlug, Text>;
  faq: Record<FaqSlug, { question: string; answer: string }>;
  notices: Record<NoticeSlug, Text>;
}
export type Packs = Record<Language, LanguagePack>;

/**
 * Values that texts may name as {{name}}, filled from the live parameters when a text is served,
 * so a text never states a fee or a minimum that differs from what the service applies.
 */
export const TEXT_VARIABLES = ['withdrawFeePercent', 'minDepositUSDT', 'minDepositBTC', 'minDepositETH', 'demoGrantUSDT'] as const;
