/**
 * The customer's side of the audit of personal data reads (issue 25 item 4):
 * GET /swx/customer/user/documentAccess lists when an operator opened one of their documents and
 * the reason category, never the operator's name (server/platform/audit/personalReads.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '../../src/contract/envelope.ts';
import { DocumentAccessPage, DocumentAccessQuery } from '../../src/contract/privacy.ts';
import { DOCS } from './accessRouteDocs.ts';
import { docSchema } from '../platform/http/openApi.ts';

const documentAccessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/swx/customer/user/documentAccess',
    {
      preHandler: [app.requireUser],
      schema: {
        ...docSchema(DOCS.listDocumentAccess),
        tags: ['user'],
        security: [{ token: [] }],
        querystring: DocumentAccessQuery,
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
