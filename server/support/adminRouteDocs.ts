/**
 * What the support console's routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  listSupportConversations: {
    operationId: 'listSupportConversations',
    summary: 'The queue: open conversations waiting longest first (or closed ones, newest first)',
    description: 'The support queue: open conversations, waiting longest first (or closed ones, newest first), paged.',
    refusals: [],
  },
  getSupportConversation: {
    operationId: 'getSupportConversation',
    summary: 'A conversation with its messages (marks the customer’s messages read)',
    description: "A conversation with its messages; reading marks the customer's messages read.",
    refusals: [Err.RECORD_NOT_FOUND],
  },
  answerSupportConversation: {
    operationId: 'answerSupportConversation',
    summary: 'Answer the customer (live on their user channel); 10141 when closed',
    description: 'Answers the customer; the message reaches them live on their user channel.',
    refusals: [Err.RECORD_NOT_FOUND, Err.SUPPORT_CONVERSATION_CLOSED],
  },
  closeSupportConversation: {
    operationId: 'closeSupportConversation',
    summary: 'Close the conversation (audited; kept, read-only); 10044 when already closed',
    description: 'Closes the conversation (audited; kept, read-only).',
    refusals: [Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED],
  },
} as const satisfies Record<string, RouteDoc>;
