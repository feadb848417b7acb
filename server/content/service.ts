import type { Language } from '../../src/contract/constants.ts';
import {
  CONTENT_TYPES,
  CUSTOMER_SERVICE_TYPES,
  PARAM_KEYS,
  type ContentDetail,
  type ContentListItem,
  type ContentType,
  type FaqItem,
  type HomeFigures,
  type NoticeItem,
  type ParamValue,
  type SocialLink,
} from '../../src/contract/content.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/client.ts';
import { BizError } from '../platform/http/errors.ts';
import { cachedJson, type CachedBody } from '../platform/http/cachedBody.ts';
import { ContentCache } from './cache.ts';
import { homeFigures, type Market } from './figures.ts';
import { publicParam, socialLinks } from './params.ts';
import { listFaq, listNotices, listPages, pageById } from './repo.ts';

/** Texts change only when the content is (re)seeded; a direct edit in the database shows within this. */
export const CONTENT_MAX_AGE_MS = 60_000;
/** The registered-user count and fee ceiling of the home figures are read again at most this often. */
export const FIGURES_MAX_AGE_MS = 1000;

/** The online-service parameter or one of the social links. */
export type SupportLinkType = (typeof CUSTOMER_SERVICE_TYPES)[number];

/**
 * Help centre, footer pages, public parameters, social links and home figures (`app.content`).
 * Texts come in the asked language, English where a translation is missing.
 */
export class ContentService {
  /** Lists, pages and their serialised answers per language (docs/performance.md). */
  private readonly cache = new ContentCache();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly market: Market,
  ) {}

  /** Forgets every cached text and answer: the content changed (seed, or a change heard on the bus). */
  invalidate(): void {
    this.cache.invalidate();
  }

  private texts<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.get(`t\u0000${key}`, load, { maxAgeMs: CONTENT_MAX_AGE_MS });
  }

  /**
   * The serialised answer under `key` (which names the route, language and query), built once
   * by `build` from the cached texts; `dep` as in ContentCache.
   */
  answer(key: string, build: () => Promise<unknown>, opts: { maxAgeMs?: number; dep?: unknown } = {}): Promise<CachedBody> {
    return this.cache.get(`a\u0000${key}`, async () => cachedJson(await build()), {
      maxAgeMs: opts.maxAgeMs ?? CONTENT_MAX_AGE_MS,
      dep: opts.dep,
    });
  }

  pages(lang: Language, types: readonly ContentType[]): Promise<ContentListItem[]> {
    return this.texts(`pages\u0000${lang}\u0000${types.join(',')}`, () => listPages(this.db, lang, types));
  }

  /** One page with its body as sanitised HTML; 10043 when unknown. */
  page(lang: Language, id: string): Promise<ContentDetail> {
    return this.texts(`page\u0000${lang}\u0000${id}`, () => pageById(this.db, lang, id));
  }

  faq(lang: Language, category?: string): Promise<FaqItem[]> {
    return this.texts(`faq\u0000${lang}\u0000${category ?? ''}`, () => listFaq(this.db, lang, category));
  }

  notices(lang: Language, q: { pageNum?: number; pageSize?: number }): Promise<{ rows: NoticeItem[]; total: number }> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 20;
    return this.texts(`notices\u0000${lang}\u0000${pageNum}\u0000${pageSize}`, () =>
      listNotices(this.db, lang, pageNum, pageSize),
    );
  }

  /** A public parameter; 10018 when unknown or private. */
  async param(key: string): Promise<ParamValue> {
    return { key, value: await publicParam(this.db, key) };
  }

  socialLinks(): Promise<SocialLink[]> {
    return socialLinks(this.db);
  }

  async onlineService(): Promise<{ url: string }> {
    return { url: await publicParam(this.db, PARAM_KEYS.ONLINE_SERVICE_URL) };
  }

  /** A support link by type; 10018 when that link is not configured. */
  async supportLink(type: SupportLinkType): Promise<{ type: SupportLinkType; url: string }> {
    if (type === 'online_service') return { type, ...(await this.onlineService()) };
    const link = (await this.socialLinks()).find((l) => l.type === type);
    if (!link) throw new BizError(Err.SYSTEM_PARAM_FAILED);
    return { type, url: link.url };
  }

  /** Footer pages (all types, or one) with the social links. */
  async footer(lang: Language, type?: ContentType): Promise<{ items: ContentListItem[]; social: SocialLink[] }> {
    const [items, social] = await Promise.all([this.pages(lang, type ? [type] : CONTENT_TYPES), this.socialLinks()]);
    return { items, social };
  }

  /**
   * The home figures: read again when the market's statistics changed (once per feed step) and
   * at most every FIGURES_MAX_AGE_MS, whatever the number of visitors.
   */
  homeFigures(): Promise<HomeFigures> {
    return this.cache.get('figures', () => homeFigures(this.db, this.config, this.market), {
      maxAgeMs: FIGURES_MAX_AGE_MS,
      dep: this.market.stats(),
    });
  }

  /** The home figures' serialised answer, built once per set of figures and language. */
  homeFiguresAnswer(lang: Language, build: (figures: HomeFigures) => unknown): Promise<CachedBody> {
    const figures = this.homeFigures();
    return this.answer(`figures\u0000${lang}`, async () => build(await figures), { maxAgeMs: FIGURES_MAX_AGE_MS, dep: figures });
  }
}
