import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import type { SmartExitQuote, SmartPlan, SmartProduct } from '../../../src/contract/smart.ts';
import { Err } from '../../../src/contract/errors.ts';
import { refused } from '../../../src/machines/platform/refusal.ts';
import { smartBuyMachine, type SmartBuyDraft } from '../../../src/machines/smart/smartBuy.ts';
import { smartExitMachine } from '../../../src/machines/smart/smartExit.ts';
import { defineModel, type Assertions } from '../paths.ts';
import { submissionCase } from '../submissionModel.ts';

/**
 * The smart plan flows: the purchase (the shared submission chart, with values its guard accepts
 * and values it refuses as sold out) and the early exit (quote, confirm, cancel, with the quote
 * and exit actors' answers delivered as fixtures).
 */
export const product: SmartProduct = {
  id: '1',
  name: 'Steady 30',
  asset: 'USDT',
  minAmount: '100.000000',
  maxAmount: '100000.000000',
  earlyExitPenalty: '0.02',
  enabled: true,
  terms: [{ days: 30, dailyRate: '0.00016', annualRate: '0.0584', coveredAmount: '5000.000000', available: true }],
};
export const buyDraft: SmartBuyDraft = { productId: '1', days: 30, amount: '1000', product, available: '2500.000000' };
export const plan = {
  id: '7',
  productId: '1',
  productName: 'Steady 30',
  amount: '1000.000000',
  days: 30,
  status: 'earning',
} as SmartPlan;

const buyCase = submissionCase({
  id: 'smartBuy',
  machine: smartBuyMachine,
  good: buyDraft,
  // more than the reserve backs on this term: refused before sending, as the service would
  refused: { values: { ...buyDraft, amount: '5000.000001' }, refusal: refused(Err.SMART_SOLD_OUT) },
  output: plan,
  serviceError: { code: Err.SMART_SOLD_OUT, message: 'Sold out: the reserve cannot cover this plan now' },
  again: true,
  confirm: true,
  keyed: true,
});

const quote: SmartExitQuote = {
  id: '7',
  principal: '1000.000000',
  penalty: '20.000000',
  refund: '980.000000',
  unpaidYieldReturned: '4.800000',
};
const exited = { ...plan, status: 'exited', penalty: '20.000000' } as SmartPlan;
const refusal = { code: Err.STATUS_TRANSITION_DENIED, message: 'This plan can no longer be exited' };
type ExitSnap = {
  context: { id: string; quote: SmartExitQuote | null; refusal: unknown; result: SmartPlan | null };
  hasTag: (t: string) => boolean;
  status: string;
};
const x = (s: unknown) => s as ExitSnap;

const exitAssertions: Assertions<typeof smartExitMachine> = {
  idle: (s, r) => {
    expect(x(s).hasTag('dialog')).toBe(false);
    expect(x(s).context.quote).toBeNull();
    expect(r.some((w) => w.startsWith('exited'))).toBe(false);
  },
  quoting: (s, r) => {
    expect(x(s).hasTag('busy')).toBe(true);
    expect(r.at(-1)).toBe('quote:7');
    expect(x(s).context.quote).toBeNull();
  },
  confirming: (s, r) => {
    // the dialog shows the service's own figures, never anything else
    expect(x(s).context.quote).toEqual(quote);
    expect(x(s).hasTag('busy')).toBe(false);
    expect(r.at(-1)).toBe('quote:7');
  },
  exiting: (s, r) => {
    // an exit is sent only from a confirmed quote
    expect(x(s).context.quote).toEqual(quote);
    expect(r.at(-1)).toBe('exit:7');
    expect(r.at(-2)).toBe('quote:7');
  },
  failed: (s, r) => {
    expect(x(s).context.refusal).toEqual(refusal);
    expect(x(s).hasTag('dialog')).toBe(true);
    expect(r.some((w) => w.startsWith('exited'))).toBe(false);
  },
  done: (s, r) => {
    expect(x(s).context.result).toEqual(exited);
    expect(r.at(-1)).toBe(`exited:${exited.id}`);
    expect(r.filter((w) => w === 'exit:7')).toHaveLength(1);
    expect(x(s).status).toBe('done');
  },
};

const exitCase = {
  name: 'smartExit',
  machine: smartExitMachine,
  input: { id: '7' },
  events: [
    { type: 'exit.start' },
    { type: 'exit.confirm' },
    { type: 'exit.cancel' },
    { type: 'xstate.done.actor.quote', output: quote },
    { type: 'xstate.error.actor.quote', error: refusal },
    { type: 'xstate.done.actor.exit', output: exited },
    { type: 'xstate.error.actor.exit', error: refusal },
  ],
  assertions: exitAssertions,
  provide: (record: (w: string) => void) =>
    smartExitMachine.provide({
      actors: {
        quote: fromPromise(({ input }) => (record(`quote:${input.id}`), new Promise<never>(() => {}))),
        exit: fromPromise(({ input }) => (record(`exit:${input.id}`), new Promise<never>(() => {}))),
      },
      actions: { exited: (_, p) => record(`exited:${p.plan.id}`) },
    }),
  // idle→quoting, quoting→confirming|failed|idle, confirming→exiting|idle, exiting→done|failed, failed→quoting|idle
  expected: { states: 6, edges: 10 },
};

export const model = defineModel(buyCase, exitCase as never);
