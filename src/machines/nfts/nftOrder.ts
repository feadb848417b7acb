import { assign, fromPromise, setup } from 'xstate';
import type { Nft } from '../../contract/nfts.ts';
import { keyFor, type KeptKey } from '../platform/clientKey.ts';
import { refusalOf, refused, type Refusal } from '../platform/refusal.ts';

/**
 * Buying or bidding on one NFT, always through a confirmation dialog:
 *
 *   ready.{idle, failed, done} ─order.start→ confirming, or ready.failed when the amount is unfit
 *                                             (10042 / 10130 / 10132, nothing sent)
 *   confirming ─order.confirm→ sending ─done→ ready.done    ─error→ ready.failed (the dialog stays open)
 *              └─order.cancel→ ready.idle
 *   ready.failed ─order.confirm [no answer came]→ sending again (the same client key) · ─order.cancel→ ready.idle
 *
 * "Try again" is offered only when no answer came (a network failure or a timeout: the request
 * may have arrived, so the same key goes again); a coded refusal is the service's answer, and
 * sending it again would only be refused again. The dialog asks `can({ type: 'order.confirm' })`
 * (and `order.cancel`) for its buttons rather than repeating this rule.
 *
 * The client key (clientKey.ts) follows the NFT and the amount: "try again", or cancelling and
 * starting the same order again, sends the same key, so a request whose answer was lost is
 * answered by the service with the first result instead of bidding twice; another amount or the
 * next order after a success has a new key. `send` is
 * supplied by the flow's actor factory (src/services/nfts/flows.ts), as is `ordered`
 * (refresh the screens). The dialog is open in every state tagged 'dialog'.
 */
export interface NftOrderValues {
  kind: 'buy' | 'bid';
  amount: string;
}
export interface NftOrderContext {
  id: string;
  values: NftOrderValues | null;
  /** for the client-side check: the buy-now price, or the least the next bid may be */
  minimum: string | null;
  clientKey: KeptKey | null;
  refusal: Refusal | null;
  result: Nft | null;
}
export type NftOrderEvent =
  /** `available`: the spendable real USDT as last read (a bid or buy above it is refused before the dialog) */
  | { type: 'order.start'; values: NftOrderValues; minimum: string | null; available?: string | null }
  | { type: 'order.confirm' }
  | { type: 'order.cancel' };

const AMOUNT = /^[0-9]{1,20}(\.[0-9]{1,6})?$/;

/** A decimal string compared without floats: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const [ai, af = ''] = a.split('.');
  const [bi, bf = ''] = b.split('.');
  const ia = ai.replace(/^0+(?=\d)/, '');
  const ib = bi.replace(/^0+(?=\d)/, '');
  if (ia.length !== ib.length) return ia.length < ib.length ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const x = ia + af.padEnd(width, '0');
  const y = ib + bf.padEnd(width, '0');
  return x === y ? 0 : x < y ? -1 : 1;
}

/** Why the amount cannot go, in the service's order: malformed 10042, a buy not at the price 10132, a bid below the minimum 10130. */
export function orderProblem(v: NftOrderValues, minimum: string | null, available: string | null = null): Refusal | null {
  const amount = v.amount.trim();
  if (!AMOUNT.test(amount) || compareDecimal(amount, '0') <= 0) return refused(10042);
  if (minimum !== null && v.kind === 'buy' && compareDecimal(amount, minimum) !== 0) return refused(10132, { price: minimum });
  if (minimum !== null && v.kind === 'bid' && compareDecimal(amount, minimum) < 0) return refused(10130, { min: minimum });
  // the service's 10011, said with the numbers: no confirmation screen for a hold that cannot happen
  if (available !== null && compareDecimal(amount, available) > 0) {
    return {
      code: 10011,
      key: 'app:nfts.bidAboveAvailable',
      params: { amount: `${amount} USDT`, available: `${available} USDT` },
    };
  }
  return null;
}

export const nftOrderMachine = setup({
  types: {
    input: {} as { id: string },
    context: {} as NftOrderContext,
    events: {} as NftOrderEvent,
  },
  actors: {
    send: fromPromise<Nft, { id: string; values: NftOrderValues; clientKey: string }>(async () => {
      throw new Error('send not provided');
    }),
  },
  actions: {
    ordered: (_, _params: { nft: Nft }) => {},
    /** the same order keeps its key; another one gets a new key */
    keyFor: assign({ clientKey: ({ context }) => keyFor(context.clientKey, [context.id, context.values]) }),
  },
  guards: {
    fit: (_, p: { values: NftOrderValues; minimum: string | null; available: string | null }) =>
      orderProblem(p.values, p.minimum, p.available) === null,
    /** an order was sent and no answer came (no catalogue code): the same request may go again */
    retryable: ({ context }) => context.values !== null && context.refusal !== null && context.refusal.code === null,
  },
}).createMachine({
  id: 'nftOrder',
  context: ({ input }) => ({ id: input.id, values: null, minimum: null, clientKey: null, refusal: null, result: null }),
  initial: 'ready',
  states: {
    ready: {
      initial: 'idle',
      // in any resting state: to the dialog with a new client key, or failed with the amount's problem
      on: {
        'order.start': [
          {
            guard: {
              type: 'fit',
              params: ({ event }) => ({ values: event.values, minimum: event.minimum, available: event.available ?? null }),
            },
            target: 'confirming',
            actions: assign(({ event }) => ({
              values: { ...event.values, amount: event.values.amount.trim() },
              minimum: event.minimum,
              refusal: null,
            })),
          },
          {
            target: '.failed',
            reenter: true,
            actions: assign(({ event }) => ({
              values: null,
              refusal: orderProblem(event.values, event.minimum, event.available ?? null),
            })),
          },
        ],
      },
      states: {
        idle: {},
        failed: {
          // a refusal before sending shows beside the form; one after sending in the dialog, with "try again" (same key)
          on: {
            'order.confirm': { guard: 'retryable', target: '#nftOrder.sending' },
            'order.cancel': { target: 'idle', actions: assign({ values: null, refusal: null }) },
          },
        },
        done: {},
      },
    },
    confirming: {
      tags: ['dialog'],
      on: { 'order.confirm': 'sending', 'order.cancel': { target: 'ready.idle', actions: assign({ values: null }) } },
    },
    sending: {
      tags: ['dialog', 'busy'],
      entry: 'keyFor',
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ id: context.id, values: context.values!, clientKey: context.clientKey!.key }),
        onDone: {
          target: 'ready.done',
          actions: [
            assign({ result: ({ event }) => event.output, values: null, clientKey: null }),
            { type: 'ordered', params: ({ event }) => ({ nft: event.output }) },
          ],
        },
        onError: { target: 'ready.failed', actions: assign({ refusal: ({ event }) => refusalOf(event.error) }) },
      },
    },
  },
});
