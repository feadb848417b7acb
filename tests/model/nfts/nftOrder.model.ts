import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import type { Nft } from '../../../src/contract/nfts.ts';
import { Err } from '../../../src/contract/errors.ts';
import { nftOrderMachine, type NftOrderContext, type NftOrderEvent } from '../../../src/machines/nfts/nftOrder.ts';
import { expectKeyRule, type KeyEntry } from '../clientKeyRule.ts';
import { defineModel, type Assertions } from '../paths.ts';

/**
 * Bidding on an NFT through the confirmation dialog: an amount the guard accepts and one it
 * refuses (below the minimum: 10130 before anything is sent), the service's answer, its refusal
 * and no answer at all delivered as fixtures; nothing is sent without a confirmation, "try again"
 * is open (`can`, which the dialog's buttons ask) only when no answer came, and the client keys follow the
 * rule of every money flow (clientKeyRule.ts): "try again", or the same order started again after
 * a cancel, keeps the key; the next order after a success gets a new one.
 */
const nft = { id: '5', name: 'Kite Day', status: 'auction', currentBid: '52.500000' } as Nft;
const refusal = { code: Err.NFT_ALREADY_LEADING, message: 'You already hold the highest bid on this NFT' };
/** no answer came (a timeout, the network): no catalogue code */
const noAnswer = { message: 'The service did not answer' };
type Snap = { context: NftOrderContext; hasTag: (t: string) => boolean; can: (e: NftOrderEvent) => boolean };
const x = (s: unknown) => s as Snap;
const entries = (r: string[]): KeyEntry[] =>
  r.flatMap((w): KeyEntry[] =>
    w.startsWith('send:')
      ? [{ key: w.split(':')[3], values: w.split(':').slice(1, 3).join(':') }]
      : w.startsWith('ordered:')
        ? ['success']
        : [],
  );
/** What the dialog's buttons ask the machine: confirm (or "try again") and cancel. */
const buttons = (s: unknown) => ({ confirm: x(s).can({ type: 'order.confirm' }), cancel: x(s).can({ type: 'order.cancel' }) });
/** the rule over the run; the machine keeps the last send's key until a success */
const keysHold = (r: string[], s: unknown) => {
  expectKeyRule(entries(r));
  const last = entries(r).at(-1);
  expect(x(s).context.clientKey?.key ?? null).toBe(last !== undefined && last !== 'success' ? last.key : null);
};

const assertions: Assertions<typeof nftOrderMachine> = {
  'ready:idle': (s, r) => {
    expect(x(s).hasTag('dialog')).toBe(false);
    expect(x(s).context.values).toBeNull();
    expect(x(s).context.refusal).toBeNull();
    keysHold(r, s);
  },
  confirming: (s, r) => {
    expect(x(s).hasTag('dialog')).toBe(true);
    expect(x(s).context.values).toEqual({ kind: 'bid', amount: '55.125' });
    expect(buttons(s)).toEqual({ confirm: true, cancel: true });
    keysHold(r, s);
  },
  sending: (s, r) => {
    // sent only from the dialog, with the order's key
    expect(r.at(-1)).toBe(`send:5:55.125:${x(s).context.clientKey?.key}`);
    // nothing to press while the request is in flight
    expect(buttons(s)).toEqual({ confirm: false, cancel: false });
    keysHold(r, s);
  },
  'ready:failed': (s, r) => {
    const c = x(s).context;
    if (c.values === null) {
      // refused before sending: the guard's catalogue code, nothing sent after it, nothing to try again
      expect(c.refusal).toMatchObject({ code: Err.NFT_BID_TOO_LOW, params: { min: '55.125' } });
      expect(buttons(s)).toEqual({ confirm: false, cancel: true });
    } else {
      expect(c.refusal).toEqual(c.refusal?.code === null ? { code: null, message: noAnswer.message } : refusal);
      expect(r.at(-1)?.startsWith('send:5:55.125:')).toBe(true);
      // "try again" only when no answer came: the service's refusal would only come again
      expect(buttons(s)).toEqual({ confirm: c.refusal?.code === null, cancel: true });
    }
    keysHold(r, s);
  },
  'ready:done': (s, r) => {
    expect(x(s).context.result).toEqual(nft);
    expect(r.at(-1)).toBe('ordered:5');
    keysHold(r, s);
  },
};

const events = [
  { type: 'order.start', values: { kind: 'bid', amount: ' 55.125 ' }, minimum: '55.125' },
  { type: 'order.start', values: { kind: 'bid', amount: '55.12' }, minimum: '55.125' },
  { type: 'order.confirm' },
  { type: 'order.cancel' },
  { type: 'xstate.done.actor.send', output: nft },
  { type: 'xstate.error.actor.send', error: refusal },
  { type: 'xstate.error.actor.send', error: noAnswer },
];

export const model = defineModel({
  name: 'nftOrder',
  machine: nftOrderMachine,
  input: { id: '5' },
  events,
  assertions,
  provide: (record) =>
    nftOrderMachine.provide({
      actors: {
        send: fromPromise(
          ({ input }) => (record(`send:${input.id}:${input.values.amount}:${input.clientKey}`), new Promise<never>(() => {})),
        ),
      },
      actions: { ordered: (_, p) => record(`ordered:${p.nft.id}`) },
    }),
  // the retry guard reads whether an answer came
  contextKey: (s) =>
    `${s.context.values === null ? 'none' : 'values'}|${s.context.refusal === null ? '-' : s.context.refusal.code === null ? 'noAnswer' : 'refused'}`,
  simplePaths: false,
});
