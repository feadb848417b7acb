import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { checkModel } from '../pathRunner.ts';
import { email, model, noPhone, provide } from './codeSender.model.ts';

describe('code sender machine', () => {
  checkModel(model);

  it('the button can send exactly when the target can receive a code', () => {
    const a = createActor(provide(() => {})).start();
    expect(a.getSnapshot().can({ type: 'code.send', target: noPhone })).toBe(false);
    expect(a.getSnapshot().can({ type: 'code.send', target: { ...email, email: 'alice@' } })).toBe(false);
    expect(a.getSnapshot().can({ type: 'code.send', target: { ...noPhone, phone: '7700 900123' } })).toBe(true);
    expect(a.getSnapshot().can({ type: 'code.send', target: email })).toBe(true);
  });

  it('counts down one second a tick, then allows a resend', () => {
    const clock = new SimulatedClock();
    const a = createActor(
      provide(() => {}),
      { clock },
    ).start();
    a.send({ type: 'code.send', target: email });
    a.send({ type: 'xstate.done.actor.sendCode', output: { sentTo: 'a***@example.test', resendAfterSeconds: 2 } } as never);
    expect(a.getSnapshot().context.secondsLeft).toBe(2);
    clock.increment(1000);
    expect(a.getSnapshot().context.secondsLeft).toBe(1);
    clock.increment(1000);
    expect(a.getSnapshot().value).toBe('idle');
    expect(a.getSnapshot().can({ type: 'code.send', target: email })).toBe(true);
  });
});
