import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import type { TargetValues } from '../../../src/machines/auth/credentials.ts';
import { codeSenderMachine } from '../../../src/machines/auth/codeSender.ts';
import { defineModel } from '../paths.ts';

/**
 * The send-code button (codeSender): generated paths over sending to a target that can receive a
 * code and to one that cannot (the guard ignores it), the service's answer or refusal delivered
 * as fixtures, and the countdown's ticks sent as the delayed events themselves (the test clock
 * never advances). The countdown is in the graph's state identity, so each second is a state.
 */
export const email: TargetValues = { channel: 'email', email: 'alice@example.test', phone: '', areaCode: '+44' };
export const noPhone: TargetValues = { channel: 'phone', email: '', phone: ' ', areaCode: '+44' };
const TICK = 'xstate.after.tick.codeSender.coolingDown';

export const provide = (record: (w: string) => void) =>
  codeSenderMachine.provide({
    actors: { sendCode: fromPromise(({ input }) => (record(`send:${JSON.stringify(input)}`), new Promise<never>(() => {}))) },
  });

const events = [
  { type: 'code.send', target: email },
  { type: 'code.send', target: noPhone },
  { type: 'xstate.done.actor.sendCode', output: { sentTo: 'a***@example.test', resendAfterSeconds: 2 } },
  { type: 'xstate.error.actor.sendCode', error: new Error('Wait a minute before asking for another code') },
  { type: TICK },
] as const;

export const model = defineModel({
  machine: codeSenderMachine,
  events,
  provide,
  contextKey: (s) => String(s.context.secondsLeft),
  assertions: {
    idle: (s, r) => {
      expect(s.context.secondsLeft).toBe(0);
      expect(s.hasTag('busy')).toBe(false);
      // a refused send says why; a finished countdown keeps where the code went
      if (s.context.error) expect(s.context.error).toBe('Wait a minute before asking for another code');
      // only the target that can receive a code was ever sent to, as the service takes it
      expect(r.every((w) => w === `send:${JSON.stringify({ email: 'alice@example.test' })}`)).toBe(true);
    },
    sending: (s, r) => {
      expect(s.hasTag('busy')).toBe(true);
      expect(r.at(-1)).toBe(`send:${JSON.stringify({ email: 'alice@example.test' })}`);
    },
    coolingDown: (s) => {
      expect(s.hasTag('busy')).toBe(true);
      expect([1, 2]).toContain(s.context.secondsLeft);
      expect(s.context.sentTo).toBe('a***@example.test');
      expect(s.context.error).toBeNull();
    },
  },
  // idle→sending, sending→coolingDown|idle, coolingDown#2→coolingDown#1, coolingDown#1→idle
  expected: { states: 3, edges: 5 },
});
