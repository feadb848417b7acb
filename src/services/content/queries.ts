import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { CONTENT_TYPES, PARAM_KEYS, type ContentListItem, type ContentType } from '../../contract/content.ts';
import type { Language } from '../../contract/constants.ts';
import { contentApi } from './api.ts';
import { keepPreviousWithin, useLanguage } from '../platform/queries/scope.ts';

/**
 * Content in the language on screen: every key carries the language, so choosing another one
 * asks again (and going back shows the cached answer at once). Content changes rarely: answers
 * stay fresh for five minutes.
 */
const FRESH = 5 * 60_000;

const content = ['content'] as const;
export const contentKeys = {
  all: content,
  list: (language: Language, type: ContentType) => [...content, language, 'list', type] as const,
  page: (language: Language, id: string) => [...content, language, 'page', id] as const,
  faq: (language: Language) => [...content, language, 'faq'] as const,
  notices: (language: Language, page: number, pageSize: number) => [...content, language, 'notices', { page, pageSize }] as const,
  socialLinks: (language: Language) => [...content, language, 'socialLinks'] as const,
  onlineService: (language: Language) => [...content, language, 'onlineService'] as const,
  param: (key: string) => [...content, 'param', key] as const,
  homeFigures: (language: Language) => [...content, language, 'homeFigures'] as const,
};

export const contentQueries = {
  /** one content list (1 company, 2 policy, 3 statements) */
  list: (language: Language, type: ContentType) =>
    queryOptions({
      queryKey: contentKeys.list(language, type),
      queryFn: ({ signal }) => contentApi.list({ language }, type, signal),
      staleTime: FRESH,
    }),
  /** a content page by id; nothing is asked for an empty id */
  page: (language: Language, id: string) =>
    queryOptions({
      queryKey: contentKeys.page(language, id),
      queryFn: ({ signal }) => contentApi.byId({ language }, id, signal),
      enabled: id !== '',
      staleTime: FRESH,
    }),
  faq: (language: Language) =>
    queryOptions({
      queryKey: contentKeys.faq(language),
      queryFn: ({ signal }) => contentApi.faq({ language }, signal),
      staleTime: FRESH,
    }),
  notices: (language: Language, page: number, pageSize: number) => {
    const queryKey = contentKeys.notices(language, page, pageSize);
    return queryOptions({
      queryKey,
      queryFn: ({ signal }) => contentApi.notices({ language }, { pageNum: page, pageSize }, signal),
      placeholderData: keepPreviousWithin(queryKey, 3),
      staleTime: FRESH,
    });
  },
  socialLinks: (language: Language) =>
    queryOptions({
      queryKey: contentKeys.socialLinks(language),
      queryFn: ({ signal }) => contentApi.socialLinks({ language }, signal),
      staleTime: FRESH,
    }),
  onlineService: (language: Language) =>
    queryOptions({
      queryKey: contentKeys.onlineService(language),
      queryFn: ({ signal }) => contentApi.onlineService({ language }, signal),
      staleTime: FRESH,
    }),
  /** a setting of the service (its value is the same in every language) */
  param: (key: string) =>
    queryOptions({ queryKey: contentKeys.param(key), queryFn: ({ signal }) => contentApi.param(key, signal), staleTime: FRESH }),
  /** home-page figures, computed by the service from its own data */
  homeFigures: (language: Language) =>
    queryOptions({
      queryKey: contentKeys.homeFigures(language),
      queryFn: ({ signal }) => contentApi.homeFigures({ language }, signal),
      staleTime: 60_000,
    }),
};

export const useContentList = (type: ContentType) => useQuery(contentQueries.list(useLanguage(), type));

/** The three content lists (footer, mobile home), as one state. */
export function useContentLists() {
  const language = useLanguage();
  return useQueries({
    queries: CONTENT_TYPES.map((type) => contentQueries.list(language, type)),
    combine: (results) => ({
      lists: results.map((r) => r.data ?? []) as [ContentListItem[], ContentListItem[], ContentListItem[]],
      isPending: results.some((r) => r.isPending),
      isError: results.some((r) => r.isError),
      refetch: () => Promise.all(results.map((r) => r.refetch())),
    }),
  });
}

export const useContentPage = (id: string | undefined) => useQuery(contentQueries.page(useLanguage(), id ?? ''));
export const useFaq = () => useQuery(contentQueries.faq(useLanguage()));
export const useNotices = (page: number, pageSize: number) => useQuery(contentQueries.notices(useLanguage(), page, pageSize));
export const useSocialLinks = () => useQuery(contentQueries.socialLinks(useLanguage()));
export const useOnlineService = () => useQuery(contentQueries.onlineService(useLanguage()));
export const useHomeFigures = () => useQuery(contentQueries.homeFigures(useLanguage()));

/** Hours withdrawals wait after a password change (the service's setting); null until known. */
export function useWithdrawHoldHours(): number | null {
  const q = useQuery(contentQueries.param(PARAM_KEYS.WITHDRAW_HOLD_HOURS));
  const hours = q.data ? Number(q.data.value) : NaN;
  return Number.isFinite(hours) ? hours : null;
}

/** Whether Google sign-in is configured on the service: the button shows only then (never a dead end). */
export function useGoogleSignIn(): boolean {
  return useQuery(contentQueries.param(PARAM_KEYS.GOOGLE_SIGN_IN)).data?.value === 'on';
}

/** The service's name and host as it publishes them (BRAND_NAME, PUBLIC_URL); undefined until known. */
export function usePasswordContext(): { brandName?: string; publicHost?: string } {
  const brandName = useQuery(contentQueries.param(PARAM_KEYS.BRAND_NAME)).data?.value;
  const publicHost = useQuery(contentQueries.param(PARAM_KEYS.PUBLIC_HOST)).data?.value;
  return { brandName, publicHost };
}
