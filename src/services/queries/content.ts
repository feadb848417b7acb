import { useQueries, useQuery } from '@tanstack/react-query';
import { CONTENT_TYPES, PARAM_KEYS, type ContentListItem, type ContentType } from '../../contract/content.ts';
import type { Language } from '../../contract/constants.ts';
import { contentApi } from '../contentApi.ts';
import { keepPreviousWithin, useLanguage } from './scope.ts';

/**
 * Content in the language on screen: every key carries the language, so choosing another one
 * asks again (and going back shows the cached answer at once). Content changes rarely: answers
 * stay fresh for five minutes.
 */
const FRESH = 5 * 60_000;

export const contentKeys = {
  all: ['content'] as const,
  language: (language: Language) => ['content', language] as const,
  list: (language: Language, type: ContentType) => ['content', language, 'list', type] as const,
  page: (language: Language, id: string) => ['content', language, 'page', id] as const,
  faq: (language: Language) => ['content', language, 'faq'] as const,
  notices: (language: Language, page: number, pageSize: number) => ['content', language, 'notices', { page, pageSize }] as const,
  socialLinks: (language: Language) => ['content', language, 'socialLinks'] as const,
  onlineService: (language: Language) => ['content', language, 'onlineService'] as const,
  param: (key: string) => ['content', 'param', key] as const,
  homeFigures: (language: Language) => ['content', language, 'homeFigures'] as const,
};

const listQuery = (language: Language, type: ContentType) => ({
  queryKey: contentKeys.list(language, type),
  queryFn: ({ signal }: { signal: AbortSignal }) => contentApi.list({ language }, type, signal),
  staleTime: FRESH,
});

/** One content list (1 company, 2 policy, 3 statements). */
export function useContentList(type: ContentType) {
  return useQuery(listQuery(useLanguage(), type));
}

/** The three content lists (footer, mobile home), as one state. */
export function useContentLists() {
  const language = useLanguage();
  return useQueries({
    queries: CONTENT_TYPES.map((type) => listQuery(language, type)),
    combine: (results) => ({
      lists: results.map((r) => r.data ?? []) as [ContentListItem[], ContentListItem[], ContentListItem[]],
      isPending: results.some((r) => r.isPending),
      isError: results.some((r) => r.isError),
      refetch: () => Promise.all(results.map((r) => r.refetch())),
    }),
  });
}

/** A content page by id; nothing is asked for an empty id. */
export function useContentPage(id: string | undefined) {
  const language = useLanguage();
  return useQuery({
    queryKey: contentKeys.page(language, id ?? ''),
    queryFn: ({ signal }) => contentApi.byId({ language }, id ?? '', signal),
    enabled: !!id,
    staleTime: FRESH,
  });
}

export function useFaq() {
  const language = useLanguage();
  return useQuery({ queryKey: contentKeys.faq(language), queryFn: ({ signal }) => contentApi.faq({ language }, signal), staleTime: FRESH });
}

export function useNotices(page: number, pageSize: number) {
  const language = useLanguage();
  const queryKey = contentKeys.notices(language, page, pageSize);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => contentApi.notices({ language }, { pageNum: page, pageSize }, signal),
    placeholderData: keepPreviousWithin(queryKey, 3),
    staleTime: FRESH,
  });
}

export function useSocialLinks() {
  const language = useLanguage();
  return useQuery({ queryKey: contentKeys.socialLinks(language), queryFn: ({ signal }) => contentApi.socialLinks({ language }, signal), staleTime: FRESH });
}

export function useOnlineService() {
  const language = useLanguage();
  return useQuery({ queryKey: contentKeys.onlineService(language), queryFn: ({ signal }) => contentApi.onlineService({ language }, signal), staleTime: FRESH });
}

/** Home-page figures, computed by the service from its own data. */
export function useHomeFigures() {
  const language = useLanguage();
  return useQuery({ queryKey: contentKeys.homeFigures(language), queryFn: ({ signal }) => contentApi.homeFigures({ language }, signal), staleTime: 60_000 });
}

/** Hours withdrawals wait after a password change (the service's setting); null until known. */
export function useWithdrawHoldHours(): number | null {
  const q = useQuery({
    queryKey: contentKeys.param(PARAM_KEYS.WITHDRAW_HOLD_HOURS),
    queryFn: ({ signal }) => contentApi.param(PARAM_KEYS.WITHDRAW_HOLD_HOURS, signal),
    staleTime: FRESH,
  });
  const hours = q.data ? Number(q.data.value) : NaN;
  return Number.isFinite(hours) ? hours : null;
}

/** Whether Google sign-in is configured on the service: the button shows only then (never a dead end). */
export function useGoogleSignIn(): boolean {
  const q = useQuery({
    queryKey: contentKeys.param(PARAM_KEYS.GOOGLE_SIGN_IN),
    queryFn: ({ signal }) => contentApi.param(PARAM_KEYS.GOOGLE_SIGN_IN, signal),
    staleTime: FRESH,
  });
  return q.data?.value === 'on';
}
