/**
 * The operators' support console on the wire (`/admin-api/support`, operator role only): the
 * queue of conversations, one conversation, a reply, closing (audited).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminSupportConversation,
  AdminSupportPage,
  AdminSupportQuery,
  AdminSupportThread,
  OperatorReplyBody,
  SupportIdParams,
  SupportMessage,
} from '../../src/contract/support.ts';
import { operatorRoutes } from '../platform/http/operatorRoutes.ts';
import { DOCS } from './adminRouteDocs.ts';

const supportAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);
  const op = operatorRoutes(app);
  op.get(
    '/support/conversations',
    { ...DOCS.listSupportConversations, querystring: AdminSupportQuery, result: AdminSupportPage },
    (r) => app.support.queue(r.query),
  );
  op.get(
    '/support/conversations/:id',
    { ...DOCS.getSupportConversation, params: SupportIdParams, result: AdminSupportThread },
    (r) => app.support.adminThread(r.id),
  );
  op.post(
    '/support/conversations/:id/messages',
    { ...DOCS.answerSupportConversation, params: SupportIdParams, body: OperatorReplyBody, result: SupportMessage },
    (r) => app.support.reply(r.by, r.id, r.body),
  );
  op.post(
    '/support/conversations/:id/close',
    { ...DOCS.closeSupportConversation, params: SupportIdParams, result: AdminSupportConversation },
    (r) => app.support.adminClose(r.by, r.id),
  );
};

export default fp(supportAdminRoutes, {
  name: 'support-admin-routes',
  dependencies: ['support', 'guard', 'errors'],
  encapsulate: true,
});
