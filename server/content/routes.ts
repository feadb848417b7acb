/**
 * Content on the wire: /swx/customer/index/{listContents, getContentsById, getParamByKey,
 * listFaq, listNotices, socialLinks, onlineService, homeFigures} and the object-body calls
 * /customer-service/{type,footer} and /settings/key. All public. Handlers call `app.content`;
 * see docs/content.md.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../src/contract/envelope.ts';
import {
  ContentByIdParams,
  ContentDetail,
  ContentList,
  CustomerServiceFooterBody,
  CustomerServiceFooterResult,
  CustomerServiceTypeBody,
  CustomerServiceTypeResult,
  FaqList,
  FaqQuery,
  HomeFigures,
  ListContentsParams,
  NoticePage,
  NoticesQuery,
  OnlineService,
  ParamByKeyParams,
  ParamValue,
  SettingsKeyBody,
  SocialLinks,
} from '../../src/contract/content.ts';
import { sendCachedJson } from '../platform/http/cachedBody.ts';
import { routeSchemas, type RouteApp } from '../platform/http/routeSchema.ts';
import { DOCS } from './routeDocs.ts';

const INDEX = '/swx/customer/index';
const NoQuery = Type.Object({}, { additionalProperties: false });
const route = routeSchemas('content');

/**
 * Texts depend on the `lang` header (then Accept-Language): caches must keep one copy per
 * language, or the reload after picking a language would get the previous one.
 */
const LANGUAGE_HEADERS = 'lang, accept-language';
const perLanguage = {
  onRequest: async (_req: FastifyRequest, reply: FastifyReply) => {
    reply.header('vary', LANGUAGE_HEADERS);
  },
};

/** Articles by type or id, and one setting by key. */
function articleRoutes(app: RouteApp) {
  app.get(
    `${INDEX}/listContents/:type`,
    {
      ...perLanguage,
      ...route.open({
        ...DOCS.listContents,
        params: ListContentsParams,
        querystring: NoQuery,
        response: { 200: Envelope(ContentList) },
      }),
    },
    async (req, reply) =>
      sendCachedJson(
        req,
        reply,
        await app.content.answer(`listContents\u0000${req.lang}\u0000${req.params.type}`, async () =>
          reply.ok(await app.content.pages(req.lang, [req.params.type])),
        ),
        { vary: LANGUAGE_HEADERS },
      ),
  );

  app.get(
    `${INDEX}/getContentsById/:id`,
    {
      ...perLanguage,
      ...route.open({
        ...DOCS.getContentsById,
        params: ContentByIdParams,
        querystring: NoQuery,
        response: { 200: Envelope(ContentDetail) },
      }),
    },
    async (req, reply) =>
      sendCachedJson(
        req,
        reply,
        await app.content.answer(`page\u0000${req.lang}\u0000${req.params.id}`, async () =>
          reply.ok(await app.content.page(req.lang, req.params.id)),
        ),
        { vary: LANGUAGE_HEADERS },
      ),
  );

  app.get(
    `${INDEX}/getParamByKey/:key`,
    route.open({
      ...DOCS.getParamByKey,
      params: ParamByKeyParams,
      querystring: NoQuery,
      response: { 200: Envelope(ParamValue) },
    }),
    async (req, reply) => reply.ok(await app.content.param(req.params.key)),
  );
}

/** FAQ, notices, social links, the online service and the home figures. */
function helpRoutes(app: RouteApp) {
  app.get(
    `${INDEX}/listFaq`,
    {
      ...perLanguage,
      ...route.open({ ...DOCS.listFaq, querystring: FaqQuery, response: { 200: Envelope(FaqList) } }),
    },
    async (req, reply) =>
      sendCachedJson(
        req,
        reply,
        await app.content.answer(`faq\u0000${req.lang}\u0000${req.query.category ?? ''}`, async () =>
          reply.ok(await app.content.faq(req.lang, req.query.category)),
        ),
        { vary: LANGUAGE_HEADERS },
      ),
  );

  app.get(
    `${INDEX}/listNotices`,
    {
      ...perLanguage,
      ...route.open({ ...DOCS.listNotices, querystring: NoticesQuery, response: { 200: Envelope(NoticePage) } }),
    },
    async (req, reply) => reply.ok(await app.content.notices(req.lang, req.query)),
  );

  app.get(
    `${INDEX}/socialLinks`,
    route.open({ ...DOCS.getSocialLinks, querystring: NoQuery, response: { 200: Envelope(SocialLinks) } }),
    async (_req, reply) => reply.ok(await app.content.socialLinks()),
  );

  app.get(
    `${INDEX}/onlineService`,
    route.open({ ...DOCS.getOnlineService, querystring: NoQuery, response: { 200: Envelope(OnlineService) } }),
    async (_req, reply) => reply.ok(await app.content.onlineService()),
  );

  app.get(
    `${INDEX}/homeFigures`,
    route.open({ ...DOCS.getHomeFigures, querystring: NoQuery, response: { 200: Envelope(HomeFigures) } }),
    async (req, reply) =>
      sendCachedJson(req, reply, await app.content.homeFiguresAnswer(req.lang, (figures) => reply.ok(figures))),
  );
}

/** The same data behind the calls that take an object body. */
function objectBodyRoutes(app: RouteApp) {
  // the same data behind the calls that take an object body
  app.post(
    '/customer-service/type',
    route.open({
      ...DOCS.getCustomerServiceLink,
      body: CustomerServiceTypeBody,
      response: { 200: Envelope(CustomerServiceTypeResult) },
    }),
    async (req, reply) => reply.ok(await app.content.supportLink(req.body.type)),
  );

  app.post(
    '/customer-service/footer',
    {
      ...perLanguage,
      ...route.open({
        ...DOCS.getFooter,
        body: CustomerServiceFooterBody,
        response: { 200: Envelope(CustomerServiceFooterResult) },
      }),
    },
    async (req, reply) => reply.ok(await app.content.footer(req.lang, req.body.type)),
  );

  app.post(
    '/settings/key',
    route.open({ ...DOCS.getSettingsKey, body: SettingsKeyBody, response: { 200: Envelope(ParamValue) } }),
    async (req, reply) => reply.ok(await app.content.param(req.body.key)),
  );
}

const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  articleRoutes(app);
  helpRoutes(app);
  objectBodyRoutes(app);
};

export default fp(contentRoutes, { name: 'content-routes', dependencies: ['content', 'errors'], encapsulate: true });
