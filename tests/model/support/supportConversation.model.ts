import { expect } from 'vitest';
import { supportConversationMachine, type SupportConversationEvent } from '../../../src/machines/support/supportConversation.ts';
import { defineModel } from '../paths.ts';

/**
 * The support conversation lifecycle the server checks every post and close against
 * (server/support): messages keep a conversation open; closing is final, so a closed
 * conversation takes no message and is not closed twice.
 */
type Snap = { hasTag: (t: string) => boolean; status: string; can: (e: SupportConversationEvent) => boolean };
const open = (s: Snap) => {
  expect(s.hasTag('writable')).toBe(true);
  expect(s.status).toBe('active');
  expect(s.can({ type: 'conversation.post' })).toBe(true);
  expect(s.can({ type: 'conversation.close' })).toBe(true);
};
const closed = (s: Snap) => {
  expect(s.hasTag('writable')).toBe(false);
  expect(s.status).toBe('done');
};

const events: SupportConversationEvent[] = [{ type: 'conversation.post' }, { type: 'conversation.close' }];

export const model = defineModel({
  name: 'supportConversation',
  machine: supportConversationMachine,
  events,
  assertions: { open, closed },
  provide: () => supportConversationMachine,
  expected: { states: 2, edges: 2 },
});
