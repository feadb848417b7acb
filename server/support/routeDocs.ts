/**
 * What the support chat's routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  listConversation: {
    operationId: 'listConversation',
    summary: 'My conversations, open first, with the unread count',
    description: "The caller's support conversations, open first, each with its unread count.",
    refusals: [],
  },
  getSupportUnread: {
    operationId: 'getSupportUnread',
    summary: 'Operator messages I have not read (the badge on the service button)',
    description: 'How many operator messages the caller has not read (the badge on the service button).',
    refusals: [],
  },
  getConversation: {
    operationId: 'getConversation',
    summary: 'One of my conversations with its messages (marks them read); 10043 for anyone else’s',
    description: "One of the caller's conversations with its messages; reading marks the operator's messages read.",
    refusals: [Err.RECORD_NOT_FOUND],
  },
  openConversation: {
    operationId: 'openConversation',
    summary:
      'A new conversation with its first message; a retry with the same clientKey answers the first. 10142 too many open, 10140 too fast',
    description: 'Opens a new conversation with its first message; a retry with the same clientKey answers the first.',
    refusals: [Err.SUPPORT_TOO_MANY_OPEN, Err.SUPPORT_TOO_FAST],
  },
  sendMessage: {
    operationId: 'sendMessage',
    summary:
      'A message into one of my open conversations (10141 closed, 10140 too fast); a retry with the same clientKey answers the first',
    description: "A message into one of the caller's open conversations; operators see it live.",
    refusals: [Err.RECORD_NOT_FOUND, Err.SUPPORT_CONVERSATION_CLOSED, Err.SUPPORT_TOO_FAST],
  },
  sendImage: {
    operationId: 'sendImage',
    summary:
      'An image (JPEG/PNG/JPEG 2000, checked and re-encoded like deposit proofs) with fields conversationId, clientKey and an optional text',
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
  },
  closeConversation: {
    operationId: 'closeConversation',
    summary: 'Close one of my conversations (kept, read-only)',
    description: "Closes one of the caller's conversations (kept, read-only).",
    refusals: [Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED],
  },
  getSupportAttachment: {
    operationId: 'getSupportAttachment',
    summary: 'An attached image: the conversation’s customer or an operator only',
    description: "An attached image, as a download: only the conversation's customer or an operator.",
    refusals: [Err.RECORD_NOT_FOUND],
  },
} as const satisfies Record<string, RouteDoc>;
