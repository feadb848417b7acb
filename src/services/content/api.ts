import type { Language } from '../../contract/constants.ts';
import { call } from '../platform/api.ts';
import type {
  ContentDetail,
  ContentListItem,
  ContentType,
  FaqItem,
  HomeFigures,
  NoticeItem,
  SocialLink,
} from '../platform/types.ts';

/** Content answers depend on the `lang` header: every read takes the language it is for. */
const I = '/swx/customer/index';
type Lang = { language: Language };
export const contentApi = {
  list: ({ language }: Lang, type: ContentType, signal?: AbortSignal) =>
    call<ContentListItem[]>(`${I}/listContents/${type}`, { signal, scope: { language } }),
  byId: ({ language }: Lang, id: string, signal?: AbortSignal) =>
    call<ContentDetail>(`${I}/getContentsById/${encodeURIComponent(id)}`, { signal, scope: { language } }),
  faq: ({ language }: Lang, signal?: AbortSignal) => call<FaqItem[]>(`${I}/listFaq`, { signal, scope: { language } }),
  notices: ({ language }: Lang, q: { pageNum?: number; pageSize?: number }, signal?: AbortSignal) =>
    call<{ rows: NoticeItem[]; total: number }>(`${I}/listNotices`, { query: q, signal, scope: { language } }),
  socialLinks: ({ language }: Lang, signal?: AbortSignal) =>
    call<SocialLink[]>(`${I}/socialLinks`, { signal, scope: { language } }),
  onlineService: ({ language }: Lang, signal?: AbortSignal) =>
    call<{ url: string }>(`${I}/onlineService`, { signal, scope: { language } }),
  param: (key: string, signal?: AbortSignal) =>
    call<{ key: string; value: string }>(`${I}/getParamByKey/${encodeURIComponent(key)}`, { signal }),
  homeFigures: ({ language }: Lang, signal?: AbortSignal) =>
    call<HomeFigures>(`${I}/homeFigures`, { signal, scope: { language } }),
};
