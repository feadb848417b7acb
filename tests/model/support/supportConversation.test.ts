import { describe, expect, it } from 'vitest';
import {
  conversationAllows,
  supportConversationMachine,
  SUPPORT_CONVERSATION_STATUSES,
} from '../../../src/machines/support/supportConversation.ts';
import { nextStatus } from '../../../server/platform/statusTransitions.ts';
import { Err } from '../../../src/contract/errors.ts';
import { checkModel } from '../pathRunner.ts';
import { model } from './supportConversation.model.ts';

describe('support conversation lifecycle', () => {
  checkModel(model);

  it('the statuses are the chart’s states, open first', () => {
    expect(SUPPORT_CONVERSATION_STATUSES).toEqual(['open', 'closed']);
  });

  it('the server closes only an open conversation; the app shows the composer only while open', () => {
    expect(nextStatus(supportConversationMachine, 'open', { type: 'conversation.close' })).toBe('closed');
    expect(() => nextStatus(supportConversationMachine, 'closed', { type: 'conversation.close' })).toThrow(
      expect.objectContaining({ code: Err.STATUS_TRANSITION_DENIED }),
    );
    expect(conversationAllows('open', 'conversation.post')).toBe(true);
    expect(conversationAllows('closed', 'conversation.post')).toBe(false);
    expect(conversationAllows('closed', 'conversation.close')).toBe(false);
    expect(conversationAllows('nonsense', 'conversation.post')).toBe(false);
  });
});
