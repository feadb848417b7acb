/**
 * The customer's side of the audit of personal data reads (issue 25 item 4):
 * GET /swx/customer/user/documentAccess lists when an operator opened one of their documents and
 * the reason category, never the operator's name (server/platform/audit/personalReads.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '../../src/contract/envelope.ts';
import { DocumentAccessPage, DocumentAccessQuery } from '../../src/contract/privacy.ts';

const documentAccessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/swx/customer/user/documentAccess',
    {
      preHandler: [app.requireUser],
      schema: {
        tags: ['user'],
        security: [{ token: [] }],
        querystring: DocumentAccessQuery,
        operationId: 'listDocumentAccess',
        description:
          "When operators opened the caller's documents (identity images, deposit proofs, the loan signature, support images), by whom and why, newest first, paged.",
        'x-refusals': [],
        summary:
          'When operators opened my documents (identity, deposit proofs, loan signature, support images) and why; newest first',
        response: { 200: Envelope(DocumentAccessPage) },
      },
    },
    async (req, reply) => reply.ok(await app.admin.documentAccess(req.user!.id, req.query)),
  );
};

export default fp(documentAccessRoutes, {
  name: 'document-access-routes',
  dependencies: ['admin', 'guard', 'errors'],
  encapsulate: true,
});
