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
import { Err } from '../../src/contract/errors.ts';

const supportAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);
  const op = operatorRoutes(app);
  op.get(
    '/support/conversations',
    {
      querystring: AdminSupportQuery,
      operationId: 'listSupportConversations',
      description: 'The support queue: open conversations, waiting longest first (or closed ones, newest first), paged.',
      refusals: [],
      summary: 'The queue: open conversations waiting longest first (or closed ones, newest first)',
      result: AdminSupportPage,
    },
    (r) => app.support.queue(r.query),
  );
  op.get(
    '/support/conversations/:id',
    {
      params: SupportIdParams,
      operationId: 'getSupportConversation',
      description: "A conversation with its messages; reading marks the customer's messages read.",
      refusals: [Err.RECORD_NOT_FOUND],
      summary: 'A conversation with its messages (marks the customer’s messages read)',
      result: AdminSupportThread,
    },
    (r) => app.support.adminThread(r.id),
  );
  op.post(
    '/support/conversations/:id/messages',
    {
      params: SupportIdParams,
      body: OperatorReplyBody,
      operationId: 'answerSupportConversation',
      description: 'Answers the customer; the message reaches them live on their user channel.',
      refusals: [Err.RECORD_NOT_FOUND, Err.SUPPORT_CONVERSATION_CLOSED],
      summary: 'Answer the customer (live on their user channel); 10141 when closed',
      result: SupportMessage,
    },
    (r) => app.support.reply(r.by, r.id, r.body),
  );
  op.post(
    '/support/conversations/:id/close',
    {
      params: SupportIdParams,
      operationId: 'closeSupportConversation',
      description: 'Closes the conversation (audited; kept, read-only).',
      refusals: [Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED],
      summary: 'Close the conversation (audited; kept, read-only); 10044 when already closed',
      result: AdminSupportConversation,
    },
    (r) => app.support.adminClose(r.by, r.id),
  );
};

export default fp(supportAdminRoutes, {
  name: 'support-admin-routes',
  dependencies: ['support', 'guard', 'errors'],
  encapsulate: true,
});
