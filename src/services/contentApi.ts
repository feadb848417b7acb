import { call } from './api.ts';
import type { ContentDetail, ContentListItem, ContentType, FaqItem, HomeFigures, NoticeItem, SocialLink } from './types.ts';

const I = '/swx/customer/index';
export const contentApi = {
  list: (type: ContentType, signal?: AbortSignal) => call<ContentListItem[]>(`${I}/listContents/${type}`, { signal }),
  byId: (id: string, signal?: AbortSignal) => call<ContentDetail>(`${I}/getContentsById/${encodeURIComponent(id)}`, { signal }),
  faq: (signal?: AbortSignal) => call<FaqItem[]>(`${I}/listFaq`, { signal }),
  notices: (q: { pageNum?: number; pageSize?: number }, signal?: AbortSignal) =>
    call<{ rows: NoticeItem[]; total: number }>(`${I}/listNotices`, { query: q, signal }),
  socialLinks: (signal?: AbortSignal) => call<SocialLink[]>(`${I}/socialLinks`, { signal, quiet: true }),
  onlineService: (signal?: AbortSignal) => call<{ url: string }>(`${I}/onlineService`, { signal, quiet: true }),
  homeFigures: (signal?: AbortSignal) => call<HomeFigures>(`${I}/homeFigures`, { signal }),
};
