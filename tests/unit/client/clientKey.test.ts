import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { isRetryOf, keyFor, type KeptKey } from '../../../src/machines/platform/clientKey.ts';
import { submissionMachine } from '../../../src/machines/platform/submission.ts';
import type { Keyed } from '../../../src/machines/platform/clientKey.ts';

/**
 * The one client-key helper of every money flow (src/machines/platform/clientKey.ts): a retry of the same
 * submission carries the same key, a new submission a new key; and the submission chart's `keyed`
 * option applies it (made on sending, kept through failures, forgotten after a success).
 */
describe('the client-key helper', () => {
  const counter = () => {
    let n = 0;
    return () => `key-${String(++n).padStart(4, '0')}`;
  };

  it('a retry of the same submission reuses the key', () => {
    const make = counter();
    const first = keyFor(null, ['USDT-TRC20', 'TXaddr', '20'], make);
    const retry = keyFor(first, ['USDT-TRC20', 'TXaddr', '20'], make);
    expect(first.key).toBe('key-0001');
    expect(retry).toBe(first);
    expect(isRetryOf(first, ['USDT-TRC20', 'TXaddr', '20'])).toBe(true);
  });

  it('a new submission gets a new key: other values, or the same values after a success', () => {
    const make = counter();
    const first = keyFor(null, { amount: '20' }, make);
    const other = keyFor(first, { amount: '30' }, make);
    expect(other.key).not.toBe(first.key);
    expect(isRetryOf(first, { amount: '30' })).toBe(false);
    // back to the first values: a new submission too (the key of 20 was not kept)
    expect(keyFor(other, { amount: '20' }, make).key).toBe('key-0003');
    // a success forgets the kept key (null): the same values again are a new submission
    expect(keyFor(null, { amount: '30' }, make).key).toBe('key-0004');
    expect(isRetryOf(null, { amount: '30' })).toBe(false);
  });

  it("keys are random by default and fit the services' pattern", () => {
    const a = keyFor(null, 1);
    const b = keyFor(null, 1);
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});

describe('a keyed submission flow', () => {
  type Values = { amount: string };
  const machine = submissionMachine<'pay', Values, string, Keyed<Values>>({
    id: 'pay',
    again: true,
    keyed: (v) => v.amount.trim(),
  });
  const run = () => {
    const sent: Keyed<Values>[] = [];
    const actor = createActor(
      machine.provide({
        actors: {
          submit: fromPromise<string, Keyed<Values>>(async ({ input }) => (sent.push(input), new Promise<never>(() => {}))),
        },
      }),
    ).start();
    const fail = () => actor.send({ type: 'xstate.error.actor.submit', error: { code: null, message: 'timeout' } } as never);
    const succeed = () => actor.send({ type: 'xstate.done.actor.submit', output: 'ok' } as never);
    const kept = (): KeptKey | null => actor.getSnapshot().context.clientKey;
    return { actor, sent, fail, succeed, kept };
  };

  it('sends the values with a key; a retry after a failure sends the same key', async () => {
    const { actor, sent, fail, kept } = run();
    actor.send({ type: 'pay.submit', values: { amount: '20' } });
    await Promise.resolve();
    fail();
    // the spacing differs, the submission does not
    actor.send({ type: 'pay.submit', values: { amount: ' 20 ' } });
    await Promise.resolve();
    expect(sent.map((s) => s.amount)).toEqual(['20', ' 20 ']);
    expect(sent[1].clientKey).toBe(sent[0].clientKey);
    expect(kept()?.key).toBe(sent[0].clientKey);
  });

  it('other values, or the next payment after a success, get a new key', async () => {
    const { actor, sent, fail, succeed, kept } = run();
    actor.send({ type: 'pay.submit', values: { amount: '20' } });
    await Promise.resolve();
    fail();
    actor.send({ type: 'pay.submit', values: { amount: '30' } });
    await Promise.resolve();
    expect(sent[1].clientKey).not.toBe(sent[0].clientKey);
    succeed();
    expect(kept()).toBeNull();
    actor.send({ type: 'pay.reset' });
    actor.send({ type: 'pay.submit', values: { amount: '30' } });
    await Promise.resolve();
    expect(new Set(sent.map((s) => s.clientKey)).size).toBe(3);
  });

  it('a flow that is not keyed sends its values alone', async () => {
    const plain = submissionMachine<'plain', Values, string>({ id: 'plain' });
    const sent: unknown[] = [];
    const actor = createActor(
      plain.provide({
        actors: { submit: fromPromise<string, Values>(async ({ input }) => (sent.push(input), new Promise<never>(() => {}))) },
      }),
    ).start();
    actor.send({ type: 'plain.submit', values: { amount: '20' } });
    await Promise.resolve();
    expect(sent).toEqual([{ amount: '20' }]);
    expect(actor.getSnapshot().context.clientKey).toBeNull();
  });
});
