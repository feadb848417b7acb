/**
 * Smart plans on the wire: /swx/customer/order/{listSmartProduct, buySmart, listSmartOrder,
 * smartExitQuote/:id, exitSmart}. Handlers parse and call `app.smart`; see docs/smart-plans.md.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Err, Ok } from '../../src/contract/errors.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import {
  BuySmartBody,
  ExitSmartBody,
  ListSmartOrderQuery,
  SmartExitQuote,
  SmartIdParams,
  SmartPlan,
  SmartPlanPage,
  SmartProductList,
} from '../../src/contract/smart.ts';
import { BizError } from '../platform/http/errors.ts';
import { requestId } from '../platform/http/validation.ts';
import { routeSchemas } from '../platform/http/routeSchema.ts';
import { DOCS } from './routeDocs.ts';

const P = '/swx/customer/order';
const route = routeSchemas('smart');

/** Plans hold real money only: the demo book is refused (10033) before anything is read. */
const realBookOnly = async (req: FastifyRequest) => {
  if (req.book !== 'real') throw new BizError(Err.DEMO_NOT_ALLOWED);
};

const smartRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const userId = (req: FastifyRequest) => req.user!.id;
  const authReal = { preHandler: [app.requireUser, realBookOnly] };

  app.get(
    `${P}/listSmartProduct`,
    route.open({ ...DOCS.listSmartProduct, response: { 200: Envelope(SmartProductList) } }),
    async (_req, reply) => reply.ok(await app.smart.products()),
  );

  app.post(
    `${P}/buySmart`,
    {
      ...authReal,
      ...route.signedIn({ ...DOCS.buySmart, body: BuySmartBody, response: { 200: Envelope(SmartPlan) } }),
    },
    async (req, reply) => reply.ok(await app.smart.buy(userId(req), req.body), Ok.PURCHASE_SUCCESSFUL),
  );

  app.get(
    `${P}/listSmartOrder`,
    {
      ...authReal,
      ...route.signedIn({ ...DOCS.listSmartOrder, querystring: ListSmartOrderQuery, response: { 200: Envelope(SmartPlanPage) } }),
    },
    async (req, reply) => reply.ok(await app.smart.plans(userId(req), req.query)),
  );

  app.get(
    `${P}/smartExitQuote/:id`,
    {
      ...authReal,
      ...route.signedIn({ ...DOCS.getSmartExitQuote, params: SmartIdParams, response: { 200: Envelope(SmartExitQuote) } }),
    },
    async (req, reply) => reply.ok(await app.smart.exitQuote(userId(req), requestId(req.params.id))),
  );

  app.post(
    `${P}/exitSmart`,
    {
      ...authReal,
      ...route.signedIn({ ...DOCS.exitSmart, body: ExitSmartBody, response: { 200: Envelope(SmartPlan) } }),
    },
    async (req, reply) => reply.ok(await app.smart.exit(userId(req), requestId(req.body.id))),
  );
};

export default fp(smartRoutes, { name: 'smart-routes', dependencies: ['smart', 'guard', 'errors'], encapsulate: true });
