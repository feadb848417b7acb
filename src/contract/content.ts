/**
 * Content calls: content pages (company, policy, footer/statement), FAQ, notices, public system
 * parameters, social links, the online-service url and the home-page figures.
 * Shared by browser and server: no DOM, no Node imports.
 *
 * Every text comes in the language of the request (`lang` header, then Accept-Language, then en).
 * Bodies are sanitised HTML made by the server from a small markdown subset (docs/content.md):
 * only <h2> <h3> <p> <ul> <ol> <li> <strong> <em> <a href="https://…|/…"> <br>, every other
 * character escaped, so the app may insert them as HTML as they are.
 */
import { Type, type Static } from 'typebox';
import { IdString, IsoTime, Page, PageQuery, DecimalString } from './envelope.ts';

/** Content types (docs/products.md, section 8): 1 company, 2 policy, 3 footer/statement. */
export const CONTENT_TYPES = [1, 2, 3] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const ContentTypeSchema = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

/**
 * Language picker (docs/products.md, section 2): after choosing a language the app reloads the content
 * list of type 1 when the language is zh and type 2 otherwise (with the new `lang` header).
 */
export const pickerContentType = (lng: string): ContentType => (lng === 'zh' ? 1 : 2);

/** Stable names of the seeded pages, so the app can link e.g. the risk warning without an id. */
export const CONTENT_SLUGS = [
  // type 1 company
  'about-us',
  'contact',
  'licence-supervision',
  'online-support',
  // type 2 policy
  'terms',
  'privacy',
  'cookie-policy',
  'disclaimer',
  'risk-warning',
  'legal-information',
  'about-advertising',
  // type 3 footer / statement
  'simulated-prices-statement',
  'demo-account-statement',
  'fees-statement',
  'charity-nft-statement',
] as const;
export type ContentSlug = (typeof CONTENT_SLUGS)[number];

// ---- GET /swx/customer/index/listContents/:type ----------------------------------------------
export const ListContentsParams = Type.Object({ type: ContentTypeSchema }, { additionalProperties: false });
export const ContentListItem = Type.Object({
  id: IdString,
  title: Type.String(),
  type: ContentTypeSchema,
  slug: Type.String(),
});
export type ContentListItem = Static<typeof ContentListItem>;
export const ContentList = Type.Array(ContentListItem);

// ---- GET /swx/customer/index/getContentsById/:id ----------------------------------------------
export const ContentByIdParams = Type.Object({ id: IdString }, { additionalProperties: false });
export const ContentDetail = Type.Object({
  id: IdString,
  title: Type.String(),
  type: ContentTypeSchema,
  slug: Type.String(),
  /** Sanitised HTML (see the header of this file). */
  body: Type.String(),
  /** The language the text is in (en when the requested language has no translation). */
  lang: Type.String(),
  updatedAt: IsoTime,
});
export type ContentDetail = Static<typeof ContentDetail>;

// ---- GET /swx/customer/index/getParamByKey/:key ; POST /settings/key {key} -------------------
export const ParamKey = Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$', maxLength: 64 });
export const ParamByKeyParams = Type.Object({ key: ParamKey }, { additionalProperties: false });
export const SettingsKeyBody = Type.Object({ key: ParamKey }, { additionalProperties: false });
/** Public parameters only; an unknown or private key is refused with 10018. */
export const ParamValue = Type.Object({ key: Type.String(), value: Type.String() });
export type ParamValue = Static<typeof ParamValue>;
/** Keys seeded from the service configuration (docs/content.md lists them). */
export const PARAM_KEYS = {
  WITHDRAW_FEE_RATE: 'withdraw_fee_rate',
  ONLINE_SERVICE_URL: 'online_service_url',
  DISCORD_URL: 'discord_url',
  TWITTER_URL: 'twitter_url',
  TELEGRAM_URL: 'telegram_url',
  PRICE_FEED: 'price_feed',
  /** 'on' when Google sign-in is configured (OIDC issuer and client), else 'off': the app shows the button only then */
  GOOGLE_SIGN_IN: 'google_sign_in',
  /** hours withdrawals wait after a password change or reset (config.withdrawHoldAfterResetHours): the change-password form says so */
  WITHDRAW_HOLD_HOURS: 'withdraw_hold_hours',
  /** the service's name (BRAND_NAME) and PUBLIC_URL's host: the words the live password estimate refuses, as the service does */
  BRAND_NAME: 'brand_name',
  PUBLIC_HOST: 'public_host',
} as const;

// ---- GET /swx/customer/index/listFaq ---------------------------------------------------------
export const FAQ_CATEGORIES = ['account', 'trading', 'funds', 'prices', 'verification', 'loans', 'smart'] as const;
export const FaqQuery = Type.Object(
  {
    category: Type.Optional(
      Type.Union([
        Type.Literal('account'),
        Type.Literal('trading'),
        Type.Literal('funds'),
        Type.Literal('prices'),
        Type.Literal('verification'),
        Type.Literal('loans'),
        Type.Literal('smart'),
      ]),
    ),
  },
  { additionalProperties: false },
);
export const FaqItem = Type.Object({
  id: IdString,
  category: Type.String(),
  question: Type.String(),
  /** Sanitised HTML. */
  answer: Type.String(),
});
export type FaqItem = Static<typeof FaqItem>;
export const FaqList = Type.Array(FaqItem);

// ---- GET /swx/customer/index/listNotices?pageNum&pageSize (newest first) -----------------------
export const NoticesQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export const NoticeItem = Type.Object({
  id: IdString,
  title: Type.String(),
  /** Sanitised HTML. */
  body: Type.String(),
  publishedAt: IsoTime,
});
export type NoticeItem = Static<typeof NoticeItem>;
export const NoticePage = Page(NoticeItem);

// ---- GET /swx/customer/index/socialLinks -----------------------------------------------------
export const SOCIAL_TYPES = ['discord', 'twitter', 'telegram'] as const;
export const SocialTypeSchema = Type.Union([Type.Literal('discord'), Type.Literal('twitter'), Type.Literal('telegram')]);
export const SocialLink = Type.Object({
  type: SocialTypeSchema,
  url: Type.String(),
});
export type SocialLink = Static<typeof SocialLink>;
/** Only the links the operator configured; empty when none are. */
export const SocialLinks = Type.Array(SocialLink);

// ---- GET /swx/customer/index/onlineService ; POST /customer-service/type {type} ----------------
export const OnlineService = Type.Object({ url: Type.String() });
export const CUSTOMER_SERVICE_TYPES = ['online_service', ...SOCIAL_TYPES] as const;
export const CustomerServiceTypeBody = Type.Object(
  { type: Type.Union([Type.Literal('online_service'), SocialTypeSchema]) },
  { additionalProperties: false },
);
/** 10018 when the requested link is not configured. */
export const CustomerServiceTypeResult = Type.Object({ type: Type.String(), url: Type.String() });

// ---- POST /customer-service/footer {type?} -----------------------------------------------------
/** Without `type`: every footer page (types 1, 2 and 3) in display order. */
export const CustomerServiceFooterBody = Type.Object({ type: Type.Optional(ContentTypeSchema) }, { additionalProperties: false });
export const CustomerServiceFooterResult = Type.Object({ items: ContentList, social: SocialLinks });

// ---- GET /swx/customer/index/homeFigures ------------------------------------------------------
/** Computed from the platform's own data at request time; never typed in. */
export const HomeFigures = Type.Object({
  /** Count of registered user accounts (operators excluded). */
  registeredUsers: Type.Integer(),
  /** Instruments listed, per market type; total 0 and byType [] when none are listed. */
  instruments: Type.Object({
    total: Type.Integer(),
    byType: Type.Array(Type.Object({ type: Type.String(), count: Type.Integer() })),
  }),
  /** Traded value over the last 24 hours in USDT; null when the market has no statistics yet. */
  volume24hUsdt: Type.Union([DecimalString(), Type.Null()]),
  /** The highest configured fee rate (a fraction, "0.01" = 1 %): "fees at most ..." */
  feeCeiling: Type.Object({ rate: DecimalString(), percent: DecimalString() }),
  /** Whether prices come from the built-in simulator (the app must label them). */
  simulatedPrices: Type.Boolean(),
  computedAt: IsoTime,
});
export type HomeFigures = Static<typeof HomeFigures>;
