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
import { Ok } from '../../src/contract/errors.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import { requestId } from '../platform/http/validation.ts';
import { alertToWire } from './service.ts';
import { routeSchemas } from '../platform/http/routeSchema.ts';
import { DOCS } from './routeDocs.ts';

const route = routeSchemas('alerts');

const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = { preHandler: app.requireUser };

  app.get(
    ALERT_PATHS.list,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.listAlerts, querystring: ListAlertsQuery, response: { 200: Envelope(PriceAlertList) } }),
    },
    async (req, reply) => reply.ok(await app.alerts.list(req.user!.id, req.query.code)),
  );

  app.post(
    ALERT_PATHS.create,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.createAlert, body: CreateAlertBody, response: { 200: Envelope(PriceAlertWire) } }),
    },
    async (req, reply) => reply.ok(alertToWire(await app.alerts.create(req.user!.id, req.body))),
  );

  app.post(
    ALERT_PATHS.update,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.updateAlert, body: UpdateAlertBody, response: { 200: Envelope(PriceAlertWire) } }),
    },
    async (req, reply) => reply.ok(alertToWire(await app.alerts.update(req.user!.id, req.body)), Ok.MODIFIED),
  );

  app.post(
    ALERT_PATHS.remove,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.deleteAlert, body: DeleteAlertBody, response: { 200: Envelope(Type.Null()) } }),
    },
    async (req, reply) => {
      await app.alerts.remove(req.user!.id, requestId(req.body.id));
      return reply.ok(null);
    },
  );
};

export default fp(alertRoutes, { name: 'alert-routes', dependencies: ['alerts', 'guard', 'errors'], encapsulate: true });
