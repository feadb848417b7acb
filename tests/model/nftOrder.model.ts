import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import type { Nft } from '../../src/contract/nfts.ts';
import { Err } from '../../src/contract/errors.ts';
import { nftOrderMachine, type NftOrderContext } from '../../src/machines/nftOrder.ts';
import { defineModel, type Assertions } from './paths.ts';

/**
 * Bidding on an NFT through the confirmation dialog: an amount the guard accepts and one it
 * refuses (below the minimum: 10130 before anything is sent), the service's answer and refusal
 * delivered as fixtures; nothing is sent without a confirmation, and "try again" keeps the key.
 */
const nft = { id: '5', name: 'Kite Day', status: 'auction', currentBid: '52.500000' } as Nft;
const refusal = { code: Err.NFT_ALREADY_LEADING, message: 'You already hold the highest bid on this NFT' };
type Snap = { context: NftOrderContext; hasTag: (t: string) => boolean };
const x = (s: unknown) => s as Snap;

const assertions: Assertions<typeof nftOrderMachine> = {
  'ready:idle': (s) => {
    expect(x(s).hasTag('dialog')).toBe(false);
    expect(x(s).context.values).toBeNull();
    expect(x(s).context.refusal).toBeNull();
  },
  confirming: (s) => {
    expect(x(s).hasTag('dialog')).toBe(true);
    expect(x(s).context.values).toEqual({ kind: 'bid', amount: '55.125' });
    expect(x(s).context.clientKey).toMatch(/^[0-9a-f-]{36}$/);
  },
  sending: (s, r) => {
    // sent only from the dialog, with the key made when it opened
    expect(r.at(-1)).toBe(`send:5:55.125:${x(s).context.clientKey}`);
  },
  'ready:failed': (s, r) => {
    const c = x(s).context;
    if (c.values === null) {
      // refused before sending: the guard's catalogue code, nothing sent after it
      expect(c.refusal).toMatchObject({ code: Err.NFT_BID_TOO_LOW, params: { min: '55.125' } });
    } else {
      expect(c.refusal).toEqual(refusal);
      expect(r.at(-1)?.startsWith('send:5:55.125:')).toBe(true);
    }
  },
  'ready:done': (s, r) => {
    expect(x(s).context.result).toEqual(nft);
    expect(r.at(-1)).toBe('ordered:5');
  },
};

const events = [
    { type: 'order.start', values: { kind: 'bid', amount: ' 55.125 ' }, minimum: '55.125' },
    { type: 'order.start', values: { kind: 'bid', amount: '55.12' }, minimum: '55.125' },
    { type: 'order.confirm' },
    { type: 'order.cancel' },
    { type: 'xstate.done.actor.send', output: nft },
    { type: 'xstate.error.actor.send', error: refusal },
];

export const model = defineModel({
  name: 'nftOrder',
  machine: nftOrderMachine,
  input: { id: '5' },
  events,
  assertions,
  provide: (record) =>
    nftOrderMachine.provide({
      actors: { send: fromPromise(({ input }) => (record(`send:${input.id}:${input.values.amount}:${input.clientKey}`), new Promise<never>(() => {}))) },
      actions: { ordered: (_, p) => record(`ordered:${p.nft.id}`) },
    }),
  contextKey: (s) => (s.context.values === null ? 'none' : 'values'),
  simplePaths: false,
});
