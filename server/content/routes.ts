import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../src/contract/envelope.ts';
import {
  CONTENT_TYPES, ContentByIdParams, ContentDetail, ContentList, CustomerServiceFooterBody, CustomerServiceFooterResult,
  CustomerServiceTypeBody, CustomerServiceTypeResult, FaqList, FaqQuery, HomeFigures, ListContentsParams, NoticePage,
  NoticesQuery, OnlineService, PARAM_KEYS, ParamByKeyParams, ParamValue, SettingsKeyBody, SocialLinks,
} from '../../src/contract/content.ts';
import { Err } from '../../src/contract/errors.ts';
import { BizError } from '../http/errors.ts';
import { listFaq, listNotices, listPages, pageById } from './repo.ts';
import { publicParam, socialLinks } from './params.ts';
import { homeFigures } from './figures.ts';

const INDEX = '/swx/customer/index';
const NoQuery = Type.Object({}, { additionalProperties: false });
const tags = ['content'];

/**
 * Texts depend on the `lang` header (then Accept-Language): caches must keep one copy per
 * language, or the language picker's reload (spec section 2) would get the previous language.
 */
const varyByLanguage = (reply: FastifyReply) => reply.header('vary', 'lang, accept-language');

/** Help centre, footer pages, parameters, social links and home figures. All public. */
export default async function contentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(`${INDEX}/listContents/:type`, {
    schema: { tags, summary: 'Content pages of one type (1 company, 2 policy, 3 footer/statement) in the request language', params: ListContentsParams, querystring: NoQuery, response: { 200: Envelope(ContentList) } },
  }, async (req, reply) => {
    varyByLanguage(reply);
    return reply.ok(await listPages(app.db, req.lang, [req.params.type]));
  });

  app.get(`${INDEX}/getContentsById/:id`, {
    schema: { tags, summary: 'One content page with its body as sanitised HTML; 10043 when unknown', params: ContentByIdParams, querystring: NoQuery, response: { 200: Envelope(ContentDetail) } },
  }, async (req, reply) => {
    varyByLanguage(reply);
    return reply.ok(await pageById(app.db, req.lang, req.params.id));
  });

  app.get(`${INDEX}/getParamByKey/:key`, {
    schema: { tags, summary: 'A public system parameter; 10018 when unknown', params: ParamByKeyParams, querystring: NoQuery, response: { 200: Envelope(ParamValue) } },
  }, async (req, reply) => reply.ok({ key: req.params.key, value: await publicParam(app.db, req.params.key) }));

  app.get(`${INDEX}/listFaq`, {
    schema: { tags, summary: 'FAQ entries in the request language, optionally of one category', querystring: FaqQuery, response: { 200: Envelope(FaqList) } },
  }, async (req, reply) => {
    varyByLanguage(reply);
    return reply.ok(await listFaq(app.db, req.lang, req.query.category));
  });

  app.get(`${INDEX}/listNotices`, {
    schema: { tags, summary: 'Notices, newest first, paged', querystring: NoticesQuery, response: { 200: Envelope(NoticePage) } },
  }, async (req, reply) => {
    varyByLanguage(reply);
    return reply.ok(await listNotices(app.db, req.lang, req.query.pageNum ?? 1, req.query.pageSize ?? 20));
  });

  app.get(`${INDEX}/socialLinks`, {
    schema: { tags, summary: 'Configured social links (discord, twitter, telegram)', querystring: NoQuery, response: { 200: Envelope(SocialLinks) } },
  }, async (_req, reply) => reply.ok(await socialLinks(app.db)));

  app.get(`${INDEX}/onlineService`, {
    schema: { tags, summary: 'The online-service url (opened in a new tab)', querystring: NoQuery, response: { 200: Envelope(OnlineService) } },
  }, async (_req, reply) => reply.ok({ url: await publicParam(app.db, PARAM_KEYS.ONLINE_SERVICE_URL) }));

  app.get(`${INDEX}/homeFigures`, {
    schema: { tags, summary: 'Home-page figures computed from the platform data', querystring: NoQuery, response: { 200: Envelope(HomeFigures) } },
  }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.ok(await homeFigures(app));
  });

  // ---- spec section 7, "other calls": object bodies mapped onto the same data ----

  app.post('/customer-service/type', {
    schema: { tags, summary: 'A support link by type: online_service, discord, twitter or telegram; 10018 when not configured', body: CustomerServiceTypeBody, response: { 200: Envelope(CustomerServiceTypeResult) } },
  }, async (req, reply) => {
    const { type } = req.body;
    if (type === 'online_service') return reply.ok({ type, url: await publicParam(app.db, PARAM_KEYS.ONLINE_SERVICE_URL) });
    const link = (await socialLinks(app.db)).find((l) => l.type === type);
    if (!link) throw new BizError(Err.SYSTEM_PARAM_FAILED);
    return reply.ok({ type, url: link.url });
  });

  app.post('/customer-service/footer', {
    schema: { tags, summary: 'Footer pages (all types, or one) and social links', body: CustomerServiceFooterBody, response: { 200: Envelope(CustomerServiceFooterResult) } },
  }, async (req, reply) => {
    varyByLanguage(reply);
    const types = req.body.type ? [req.body.type] : CONTENT_TYPES;
    const [items, social] = await Promise.all([listPages(app.db, req.lang, types), socialLinks(app.db)]);
    return reply.ok({ items, social });
  });

  app.post('/settings/key', {
    schema: { tags, summary: 'A public system parameter by key (as getParamByKey); 10018 when unknown', body: SettingsKeyBody, response: { 200: Envelope(ParamValue) } },
  }, async (req, reply) => reply.ok({ key: req.body.key, value: await publicParam(app.db, req.body.key) }));
}
