/**
 * The support chat on the wire for customers: /swx/customer/support/{listConversation, unread,
 * conversation/:id, openConversation, sendMessage, sendImage, closeConversation, attachment/:id}.
 * Logged-in users only, in either book. Handlers parse and call `app.support`; see docs/support.md.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '../../src/contract/envelope.ts';
import {
  CloseConversationBody,
  OpenConversationBody,
  SendSupportImageFields,
  SendSupportMessageBody,
  SupportConversation,
  SupportConversationList,
  SupportIdParams,
  SupportMessage,
  SupportThread,
  SupportUnread,
} from '../../src/contract/support.ts';
import { BinaryFile } from '../platform/http/files.ts';
import { requestId } from '../platform/http/validation.ts';
import { imageFormReader } from '../platform/uploads/form.ts';
import { attachmentHeaders } from '../platform/uploads/store.ts';
import { acceptMultipart } from '../platform/http/external.ts';
import { routeSchemas, type RouteApp } from '../platform/http/routeSchema.ts';
import { DOCS } from './routeDocs.ts';

const route = routeSchemas('support');

const P = '/swx/customer/support';
const readImageForm = imageFormReader(SendSupportImageFields, ['image'] as const);

const userId = (req: FastifyRequest) => req.user!.id;

/** The customer's conversations: listed, unread, one with its messages, opened. */
function conversationRoutes(app: RouteApp) {
  const auth = { preHandler: [app.requireUser] };

  app.get(
    `${P}/listConversation`,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.listConversation, response: { 200: Envelope(SupportConversationList) } }),
    },
    async (req, reply) => reply.ok(await app.support.list(userId(req))),
  );

  app.get(
    `${P}/unread`,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.getSupportUnread, response: { 200: Envelope(SupportUnread) } }),
    },
    async (req, reply) => reply.ok({ unread: await app.support.unread(userId(req)) }),
  );

  app.get(
    `${P}/conversation/:id`,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.getConversation, params: SupportIdParams, response: { 200: Envelope(SupportThread) } }),
    },
    async (req, reply) => reply.ok(await app.support.thread(userId(req), requestId(req.params.id))),
  );

  app.post(
    `${P}/openConversation`,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.openConversation, body: OpenConversationBody, response: { 200: Envelope(SupportThread) } }),
    },
    async (req, reply) => reply.ok(await app.support.open(userId(req), req.body)),
  );
}

/** Messages and images sent, a conversation closed, an attachment read back. */
function messageRoutes(app: RouteApp) {
  const auth = { preHandler: [app.requireUser] };

  app.post(
    `${P}/sendMessage`,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.sendMessage, body: SendSupportMessageBody, response: { 200: Envelope(SupportMessage) } }),
    },
    async (req, reply) => reply.ok(await app.support.send(userId(req), req.body)),
  );

  app.post(
    `${P}/sendImage`,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.sendImage, consumes: ['multipart/form-data'], response: { 200: Envelope(SupportMessage) } }),
    },
    async (req, reply) => {
      const { fields, files } = await readImageForm(req, app.config.uploadMaxBytes);
      return reply.ok(await app.support.sendImage(userId(req), fields, files.image));
    },
  );

  app.post(
    `${P}/closeConversation`,
    {
      ...auth,
      ...route.signedIn({
        ...DOCS.closeConversation,
        body: CloseConversationBody,
        response: { 200: Envelope(SupportConversation) },
      }),
    },
    async (req, reply) => reply.ok(await app.support.closeOwn(userId(req), requestId(req.body.id))),
  );

  app.get(
    `${P}/attachment/:id`,
    {
      ...auth,
      ...route.signedIn({
        ...DOCS.getSupportAttachment,
        params: SupportIdParams,
        response: {
          200: BinaryFile('The image as re-encoded on upload (JPEG or PNG), as a download', ['image/jpeg', 'image/png']),
        },
      }),
    },
    async (req, reply) => {
      const { mime, bytes, filename } = await app.support.attachment(req.user!, requestId(req.params.id));
      return reply.type(mime).headers(attachmentHeaders(filename)).send(bytes);
    },
  );
}

const supportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await acceptMultipart(app); // this plugin's upload route(s)
  conversationRoutes(app);
  messageRoutes(app);
};

export default fp(supportRoutes, { name: 'support-routes', dependencies: ['support', 'guard', 'errors'], encapsulate: true });
