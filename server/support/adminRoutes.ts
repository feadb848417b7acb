/**
 * The operators' support console on the wire (`/admin-api/support`, operator role only): the
 * queue of conversations, one conversation, a reply, closing (audited).
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '../../src/contract/envelope.ts';
import {
  AdminSupportConversation,
  AdminSupportPage,
  AdminSupportQuery,
  AdminSupportThread,
  OperatorReplyBody,
  SupportIdParams,
  SupportMessage,
} from '../../src/contract/support.ts';
import { requestId } from '../platform/http/validation.ts';
import { operatorRoute } from '../platform/http/routeSchema.ts';

const supportAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);
  const operatorId = (req: FastifyRequest) => req.user!.id;

  app.get(
    '/support/conversations',
    operatorRoute({
      querystring: AdminSupportQuery,
      summary: 'The queue: open conversations waiting longest first (or closed ones, newest first)',
      response: { 200: Envelope(AdminSupportPage) },
    }),
    async (req, reply) => reply.ok(await app.support.queue(req.query)),
  );

  app.get(
    '/support/conversations/:id',
    operatorRoute({
      params: SupportIdParams,
      summary: 'A conversation with its messages (marks the customer’s messages read)',
      response: { 200: Envelope(AdminSupportThread) },
    }),
    async (req, reply) => reply.ok(await app.support.adminThread(requestId(req.params.id))),
  );

  app.post(
    '/support/conversations/:id/messages',
    operatorRoute({
      params: SupportIdParams,
      body: OperatorReplyBody,
      summary: 'Answer the customer (live on their user channel); 10141 when closed',
      response: { 200: Envelope(SupportMessage) },
    }),
    async (req, reply) => reply.ok(await app.support.reply(operatorId(req), requestId(req.params.id), req.body)),
  );

  app.post(
    '/support/conversations/:id/close',
    operatorRoute({
      params: SupportIdParams,
      summary: 'Close the conversation (audited; kept, read-only); 10044 when already closed',
      response: { 200: Envelope(AdminSupportConversation) },
    }),
    async (req, reply) => reply.ok(await app.support.adminClose(operatorId(req), requestId(req.params.id))),
  );
};

export default fp(supportAdminRoutes, {
  name: 'support-admin-routes',
  dependencies: ['support', 'guard', 'errors'],
  encapsulate: true,
});
