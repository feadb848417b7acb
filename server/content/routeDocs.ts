/**
 * What the content's routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  listContents: {
    operationId: 'listContents',
    summary: 'Content pages of one type (1 company, 2 policy, 3 footer/statement) in the request language',
    description: "The content pages of one type (1 company, 2 policy, 3 footer and statements) in the request's language.",
    refusals: [],
  },
  getContentsById: {
    operationId: 'getContentsById',
    summary: 'One content page with its body as sanitised HTML; 10043 when unknown',
    description: "One content page with its body as sanitised HTML, in the request's language.",
    refusals: [Err.RECORD_NOT_FOUND],
  },
  getParamByKey: {
    operationId: 'getParamByKey',
    summary: 'A public system parameter; 10018 when unknown',
    description: 'A public system parameter by its key.',
    refusals: [Err.SYSTEM_PARAM_FAILED],
  },
  listFaq: {
    operationId: 'listFaq',
    summary: 'FAQ entries in the request language, optionally of one category',
    description: "The FAQ entries in the request's language, optionally of one category.",
    refusals: [],
  },
  listNotices: {
    operationId: 'listNotices',
    summary: 'Notices, newest first, paged',
    description: 'Notices, newest first, paged.',
    refusals: [],
  },
  getSocialLinks: {
    operationId: 'getSocialLinks',
    summary: 'Configured social links (discord, twitter, telegram)',
    description: 'The configured social links (discord, twitter, telegram).',
    refusals: [],
  },
  getOnlineService: {
    operationId: 'getOnlineService',
    summary: 'The online-service url (opened in a new tab)',
    description: 'The online-service url, which the app opens in a new tab.',
    refusals: [Err.SYSTEM_PARAM_FAILED],
  },
  getHomeFigures: {
    operationId: 'getHomeFigures',
    summary: 'Home-page figures computed from the platform data',
    description:
      "The home page figures (instruments listed, registered users, 24h volume, the fee ceiling), computed from the platform's own data when asked.",
    refusals: [],
  },
  getCustomerServiceLink: {
    operationId: 'getCustomerServiceLink',
    summary: 'A support link by type: online_service, discord, twitter or telegram; 10018 when not configured',
    description: 'A support link by type: online_service, discord, twitter or telegram.',
    refusals: [Err.SYSTEM_PARAM_FAILED],
  },
  getFooter: {
    operationId: 'getFooter',
    summary: 'Footer pages (all types, or one) and social links',
    description: 'The footer pages (of all types, or of one) and the social links.',
    refusals: [],
  },
  getSettingsKey: {
    operationId: 'getSettingsKey',
    summary: 'A public system parameter by key (as getParamByKey); 10018 when unknown',
    description: 'A public system parameter by key, as getParamByKey answers it.',
    refusals: [Err.SYSTEM_PARAM_FAILED],
  },
} as const satisfies Record<string, RouteDoc>;
