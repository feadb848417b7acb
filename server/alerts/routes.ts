/**
 * Price alerts on the wire: /swx/customer/alerts/{list, create, update, delete} (docs/alerts.md).
 * Alerts belong to the user, not to a book: a price is the same in both.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ALERT_PATHS,
  CreateAlertBody,
  DeleteAlertBody,
  ListAlertsQuery,
  PriceAlertList,
  PriceAlertWire,
  UpdateAlertBody,
} from '../../src/contract/alerts.ts';
import { Err, Ok } from '../../src/contract/errors.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import { requestId } from '../platform/http/validation.ts';
import { alertToWire } from './service.ts';
import { routeSchemas } from '../platform/http/routeSchema.ts';

const route = routeSchemas('alerts');

const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = { preHandler: app.requireUser };

  app.get(
    ALERT_PATHS.list,
    {
      ...auth,
      ...route.signedIn({
        querystring: ListAlertsQuery,
        response: { 200: Envelope(PriceAlertList) },
        operationId: 'listAlerts',
        description:
          "The caller's price alerts (of one instrument with `code`), oldest first, with the limit and how many are active.",
        refusals: [],
        summary: 'My price alerts (of one instrument with `code`), oldest first, with the limit and how many are active',
      }),
    },
    async (req, reply) => reply.ok(await app.alerts.list(req.user!.id, req.query.code)),
  );

  app.post(
    ALERT_PATHS.create,
    {
      ...auth,
      ...route.signedIn({
        body: CreateAlertBody,
        response: { 200: Envelope(PriceAlertWire) },
        operationId: 'createAlert',
        description:
          'Creates a price alert: above or below a price level, or a 24-hour move of at least a percentage; it fires once, as a notification (and mail when asked). A retry with the same clientKey answers the first.',
        refusals: [
          Err.INSTRUMENT_NOT_FOUND,
          Err.ALERT_LIMIT_REACHED,
          Err.ALERT_PRICE_WRONG,
          Err.ALERT_LEVEL_REACHED,
          Err.ALERT_PERCENT_WRONG,
          Err.ALERT_MOVE_REACHED,
          Err.PRICE_UNAVAILABLE,
        ],
        summary:
          'A price alert: above / below a price level, or a 24-hour move of at least `value` %. Refused when the level is already reached (10297, 10299) or with 50 active (10295).',
      }),
    },
    async (req, reply) => reply.ok(alertToWire(await app.alerts.create(req.user!.id, req.body))),
  );

  app.post(
    ALERT_PATHS.update,
    {
      ...auth,
      ...route.signedIn({
        body: UpdateAlertBody,
        response: { 200: Envelope(PriceAlertWire) },
        operationId: 'updateAlert',
        description: "New terms for the caller's active alert, checked as at creation. Success answers 20005.",
        refusals: [
          Err.RECORD_NOT_FOUND,
          Err.ALERT_ALREADY_FIRED,
          Err.ALERT_PRICE_WRONG,
          Err.ALERT_LEVEL_REACHED,
          Err.ALERT_PERCENT_WRONG,
          Err.ALERT_MOVE_REACHED,
          Err.PRICE_UNAVAILABLE,
        ],
        summary: 'New terms for my active alert, checked as at creation (10300 once fired). Success 20005.',
      }),
    },
    async (req, reply) => reply.ok(alertToWire(await app.alerts.update(req.user!.id, req.body)), Ok.MODIFIED),
  );

  app.post(
    ALERT_PATHS.remove,
    {
      ...auth,
      ...route.signedIn({
        body: DeleteAlertBody,
        response: { 200: Envelope(Type.Null()) },
        operationId: 'deleteAlert',
        description: "Deletes one of the caller's alerts, active or fired.",
        refusals: [Err.RECORD_NOT_FOUND],
        summary: "Delete my alert (active or fired; 10043 for anyone else's)",
      }),
    },
    async (req, reply) => {
      await app.alerts.remove(req.user!.id, requestId(req.body.id));
      return reply.ok(null);
    },
  );
};

export default fp(alertRoutes, { name: 'alert-routes', dependencies: ['alerts', 'guard', 'errors'], encapsulate: true });
