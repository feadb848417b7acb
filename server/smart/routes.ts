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
    route.open({
      operationId: 'listSmartProduct',
      description:
        'The smart plans on sale with their terms (days, daily yield, minimum and maximum), what the funded yield reserve can still back of each, and the reserve itself.',
      refusals: [],
      summary: 'Products on sale with what the reserve can back of each term, and the reserve (public)',
      response: { 200: Envelope(SmartProductList) },
    }),
    async (_req, reply) => reply.ok(await app.smart.products()),
  );

  app.post(
    `${P}/buySmart`,
    {
      ...authReal,
      ...route.signedIn({
        body: BuySmartBody,
        operationId: 'buySmart',
        examples: { body: { productId: '1', amount: '1000', days: 30, clientKey: 'c2a4e6f8-1b3d-4f5a-8c7e-9d0b1a2c3e4f' } },
        description:
          'Buys a smart plan in the real book for a principal and a term; sold only while the reserve can back its whole promised yield, and once per product. Success answers 20004; a retry with the same clientKey answers the first plan.',
        refusals: [
          Err.DEMO_NOT_ALLOWED,
          Err.SMART_NOT_ENABLED,
          Err.SMART_PRODUCT_WRONG,
          Err.NO_MATCHING_DAYS,
          Err.INVESTMENT_AMOUNT_WRONG,
          Err.ALREADY_BOUGHT,
          Err.SMART_SOLD_OUT,
          Err.INSUFFICIENT_BALANCE,
        ],
        moves:
          'the principal moves from available to the plan, and the whole promised yield is set aside from the reserve for it.',
        summary:
          'Buy a plan: principal to the plan, the whole promised yield set aside from the reserve. Success 20004; a retry with the same clientKey answers the first plan.',
        response: { 200: Envelope(SmartPlan) },
      }),
    },
    async (req, reply) => reply.ok(await app.smart.buy(userId(req), req.body), Ok.PURCHASE_SUCCESSFUL),
  );

  app.get(
    `${P}/listSmartOrder`,
    {
      ...authReal,
      ...route.signedIn({
        querystring: ListSmartOrderQuery,
        operationId: 'listSmartOrder',
        description: "The caller's smart plans, newest first, paged, with what each has paid so far (real book only).",
        refusals: [Err.DEMO_NOT_ALLOWED],
        summary: 'My plans, newest first',
        response: { 200: Envelope(SmartPlanPage) },
      }),
    },
    async (req, reply) => reply.ok(await app.smart.plans(userId(req), req.query)),
  );

  app.get(
    `${P}/smartExitQuote/:id`,
    {
      ...authReal,
      ...route.signedIn({
        params: SmartIdParams,
        operationId: 'getSmartExitQuote',
        description:
          "Exactly what leaving one of the caller's plans now would do: the penalty kept, the principal returned and the yield already paid.",
        refusals: [Err.DEMO_NOT_ALLOWED, Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED],
        summary: 'Exactly what leaving the plan now would do',
        response: { 200: Envelope(SmartExitQuote) },
      }),
    },
    async (req, reply) => reply.ok(await app.smart.exitQuote(userId(req), requestId(req.params.id))),
  );

  app.post(
    `${P}/exitSmart`,
    {
      ...authReal,
      ...route.signedIn({
        body: ExitSmartBody,
        operationId: 'exitSmart',
        examples: { body: { id: '1' } },
        description: "Leaves one of the caller's running plans early, on the terms its quote states.",
        refusals: [Err.DEMO_NOT_ALLOWED, Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED],
        moves:
          'the principal less the early-exit penalty returns to available; the penalty and the unpaid yield go back to the reserve.',
        summary: 'Leave a plan early: penalty kept, the rest of the principal back',
        response: { 200: Envelope(SmartPlan) },
      }),
    },
    async (req, reply) => reply.ok(await app.smart.exit(userId(req), requestId(req.body.id))),
  );
};

export default fp(smartRoutes, { name: 'smart-routes', dependencies: ['smart', 'guard', 'errors'], encapsulate: true });
