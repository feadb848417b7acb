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
import { Err } from '../../src/contract/errors.ts';

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
      ...route.signedIn({
        operationId: 'listConversation',
        description: "The caller's support conversations, open first, each with its unread count.",
        refusals: [],
        summary: 'My conversations, open first, with the unread count',
        response: { 200: Envelope(SupportConversationList) },
      }),
    },
    async (req, reply) => reply.ok(await app.support.list(userId(req))),
  );

  app.get(
    `${P}/unread`,
    {
      ...auth,
      ...route.signedIn({
        operationId: 'getSupportUnread',
        description: 'How many operator messages the caller has not read (the badge on the service button).',
        refusals: [],
        summary: 'Operator messages I have not read (the badge on the service button)',
        response: { 200: Envelope(SupportUnread) },
      }),
    },
    async (req, reply) => reply.ok({ unread: await app.support.unread(userId(req)) }),
  );

  app.get(
    `${P}/conversation/:id`,
    {
      ...auth,
      ...route.signedIn({
        params: SupportIdParams,
        operationId: 'getConversation',
        description: "One of the caller's conversations with its messages; reading marks the operator's messages read.",
        refusals: [Err.RECORD_NOT_FOUND],
        summary: 'One of my conversations with its messages (marks them read); 10043 for anyone else’s',
        response: { 200: Envelope(SupportThread) },
      }),
    },
    async (req, reply) => reply.ok(await app.support.thread(userId(req), requestId(req.params.id))),
  );

  app.post(
    `${P}/openConversation`,
    {
      ...auth,
      ...route.signedIn({
        body: OpenConversationBody,
        operationId: 'openConversation',
        description: 'Opens a new conversation with its first message; a retry with the same clientKey answers the first.',
        refusals: [Err.SUPPORT_TOO_MANY_OPEN, Err.SUPPORT_TOO_FAST],
        summary:
          'A new conversation with its first message; a retry with the same clientKey answers the first. 10142 too many open, 10140 too fast',
        response: { 200: Envelope(SupportThread) },
      }),
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
      ...route.signedIn({
        body: SendSupportMessageBody,
        operationId: 'sendMessage',
        description: "A message into one of the caller's open conversations; operators see it live.",
        refusals: [Err.RECORD_NOT_FOUND, Err.SUPPORT_CONVERSATION_CLOSED, Err.SUPPORT_TOO_FAST],
        summary:
          'A message into one of my open conversations (10141 closed, 10140 too fast); a retry with the same clientKey answers the first',
        response: { 200: Envelope(SupportMessage) },
      }),
    },
    async (req, reply) => reply.ok(await app.support.send(userId(req), req.body)),
  );

  app.post(
    `${P}/sendImage`,
    {
      ...auth,
      ...route.signedIn({
        consumes: ['multipart/form-data'],
        operationId: 'sendImage',
        description:
          "An image into one of the caller's open conversations (multipart; JPEG, PNG or JPEG 2000, checked and re-encoded like deposit proofs).",
        refusals: [
          Err.RECORD_NOT_FOUND,
          Err.SUPPORT_CONVERSATION_CLOSED,
          Err.SUPPORT_TOO_FAST,
          Err.UPLOAD_REQUIRED,
          Err.IMAGE_FORMAT_WRONG,
          Err.IMAGE_TOO_LARGE,
          Err.IMAGE_DIMENSIONS_TOO_LARGE,
        ],
        summary:
          'An image (JPEG/PNG/JPEG 2000, checked and re-encoded like deposit proofs) with fields conversationId, clientKey and an optional text',
        response: { 200: Envelope(SupportMessage) },
      }),
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
        body: CloseConversationBody,
        operationId: 'closeConversation',
        description: "Closes one of the caller's conversations (kept, read-only).",
        refusals: [Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED],
        summary: 'Close one of my conversations (kept, read-only)',
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
        params: SupportIdParams,
        operationId: 'getSupportAttachment',
        description: "An attached image, as a download: only the conversation's customer or an operator.",
        refusals: [Err.RECORD_NOT_FOUND],
        summary: 'An attached image: the conversation’s customer or an operator only',
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
