import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkUserEvent, refusedUserEvents } from '../../../src/services/platform/userEventCheck.ts';

/**
 * A user event is checked where the browser receives it (src/services/platform/userSocket.ts hands
 * every `{"type":"user"}` message to checkUserEvent): its parameters against the contract's schema
 * for its kind. A malformed one is refused, reported and counted; a well-formed one passes as sent.
 */
describe('user events checked against their schema on arrival', () => {
  afterEach(() => vi.restoreAllMocks());

  it('passes a well-formed event', () => {
    const before = refusedUserEvents();
    const event = {
      kind: 'deposit.approved',
      params: { id: '12', coin: 'USDT', amount: '250.5' },
      refType: 'deposit',
      refId: '12',
      id: '99',
    };
    expect(checkUserEvent(event)).toEqual(event);
    expect(refusedUserEvents()).toBe(before);
  });

  it('refuses an event whose parameters break its schema, says so and counts it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const before = refusedUserEvents();
    // an amount as a number (money travels as decimal strings), a parameter missing, parameters that are no object
    const malformed = [
      { kind: 'deposit.approved', params: { id: '12', coin: 'USDT', amount: 250.5 }, refType: 'deposit', refId: '12' },
      { kind: 'deposit.approved', params: { id: '12', coin: 'USDT' } },
      { kind: 'withdrawal.approved', params: [1, 2] },
      { kind: 5, params: {} },
      null,
    ];
    for (const raw of malformed) expect(checkUserEvent(raw), JSON.stringify(raw)).toBeNull();
    expect(refusedUserEvents()).toBe(before + malformed.length);
    expect(warn).toHaveBeenCalledTimes(malformed.length);
    expect(String(warn.mock.calls[0][0])).toMatch(/refused/);
  });

  it('keeps a kind this build does not know (a newer service may send it)', () => {
    const before = refusedUserEvents();
    expect(checkUserEvent({ kind: 'loan.forgiven', params: { id: '3' } })).toMatchObject({ kind: 'loan.forgiven' });
    expect(refusedUserEvents()).toBe(before);
  });
});
