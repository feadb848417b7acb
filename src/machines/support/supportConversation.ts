/**
 * Support conversation lifecycle: a conversation is open from the customer's first message until
 * an operator or the customer closes it; closed is final (the conversation is kept and read-only,
 * the customer starts a new one). Messages do not change the status. Pure definition shared by
 * browser and server: the server checks every status change and every post here, and the app asks
 * it whether to show the composer and the close button.
 */
import { setup } from 'xstate';
import { chartAllows, statusNames, type StatusOf } from '../platform/statuses.ts';

export type SupportConversationEvent =
  /** a message from either side: allowed only while open, the status stays */
  { type: 'conversation.post' } | { type: 'conversation.close' };

export const supportConversationMachine = setup({
  types: { events: {} as SupportConversationEvent },
}).createMachine({
  id: 'supportConversation',
  initial: 'open',
  states: {
    open: {
      tags: ['writable'],
      // a message keeps it open (a transition to itself, so the chart says it is allowed)
      on: { 'conversation.post': 'open', 'conversation.close': 'closed' },
    },
    closed: { type: 'final' },
  },
});

export type SupportConversationStatus = StatusOf<typeof supportConversationMachine>;
/** Every conversation status, in chart order ('open' first). */
export const SUPPORT_CONVERSATION_STATUSES = statusNames(supportConversationMachine);

/** Whether the chart lets a conversation in `status` take `event` (composer, close button). */
export const conversationAllows = (status: string, event: SupportConversationEvent['type']): boolean =>
  chartAllows(supportConversationMachine, status, { type: event } as SupportConversationEvent);
