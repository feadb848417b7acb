import type { Language } from '../../src/contract/constants.ts';
import {
  CONTENT_TYPES, CUSTOMER_SERVICE_TYPES, PARAM_KEYS,
  type ContentDetail, type ContentListItem, type ContentType, type FaqItem, type HomeFigures, type NoticeItem, type ParamValue,
  type SocialLink,
} from '../../src/contract/content.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { BizError } from '../http/errors.ts';
import { homeFigures, type Market } from './figures.ts';
import { publicParam, socialLinks } from './params.ts';
import { listFaq, listNotices, listPages, pageById } from './repo.ts';

/** The online-service parameter or one of the social links. */
export type SupportLinkType = (typeof CUSTOMER_SERVICE_TYPES)[number];

/**
 * Help centre, footer pages, public parameters, social links and home figures (`app.content`).
 * Texts come in the asked language, English where a translation is missing.
 */
export class ContentService {
  constructor(private readonly db: Db, private readonly config: Config, private readonly market: Market) {}

  pages(lang: Language, types: readonly ContentType[]): Promise<ContentListItem[]> {
    return listPages(this.db, lang, types);
  }

  /** One page with its body as sanitised HTML; 10043 when unknown. */
  page(lang: Language, id: string): Promise<ContentDetail> {
    return pageById(this.db, lang, id);
  }

  faq(lang: Language, category?: string): Promise<FaqItem[]> {
    return listFaq(this.db, lang, category);
  }

  notices(lang: Language, q: { pageNum?: number; pageSize?: number }): Promise<{ rows: NoticeItem[]; total: number }> {
    return listNotices(this.db, lang, q.pageNum ?? 1, q.pageSize ?? 20);
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

  homeFigures(): Promise<HomeFigures> {
    return homeFigures(this.db, this.config, this.market);
  }
}
