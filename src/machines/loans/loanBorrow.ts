import Decimal from 'decimal.js';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { Err } from '../../contract/errors.ts';
import type { CollateralAsset, Loan, LoanTerms } from '../../contract/loans.ts';
import { amountFor, collateralFor } from '../../contract/loanMath.ts';
import { keyFor, type KeptKey } from '../platform/clientKey.ts';
import { refusalOf, refused, type Refusal } from '../platform/refusal.ts';

/**
 * Borrowing USDT against BTC or ETH (docs/loans.md), from the calculator to the signed application:
 *
 *   editing ─borrow.continue [fit]→ confirming ─borrow.submit [signed]→ submitting ─done→ done
 *      │  └─[else]→ editing (problem: 10047 no price, 10120 amount, 10011 collateral)   └─error→ refused
 *   confirming, refused ─borrow.back→ editing (the pad is drawn again: signature and name cleared)
 *   refused ─borrow.submit [signed]→ submitting · ─borrow.name / borrow.signature→ confirming
 *   done ─borrow.again→ editing
 *
 * The calculator's amount and collateral follow each other at the price the event carries (the
 * live feed price is the view's, not state). `confirming` is the agreement to read with the drawn
 * signature and the typed full name; an unsigned submit names 10122 and sends nothing. The client
 * key (clientKey.ts) follows the application (asset, amount, term, agreement, name): every retry of
 * an application whose answer was lost is answered with the first loan; another application, or
 * the next one after a success, has a new key. `submit` (the multipart call) and `submitted`
 * (refresh the loans) are supplied by src/services/platform/loanFlows.ts.
 */
export type BorrowTerms = Pick<
  LoanTerms,
  'days' | 'minAmount' | 'maxAmount' | 'initialLtv' | 'agreementVersion' | 'collateralAssets'
>;
/** The drawn signature as the flow keeps it (a PNG Blob in the browser). */
export interface SignatureImage {
  size: number;
  type: string;
}

export interface BorrowValues {
  collateralAsset: CollateralAsset;
  amount: string;
  days: number;
  agreementVersion: string;
  fullName: string;
  signature: SignatureImage;
}

export interface LoanBorrowContext {
  terms: BorrowTerms;
  asset: CollateralAsset;
  days: number;
  /** the calculator's fields as typed (or computed from the other one) */
  amount: string;
  collateral: string;
  /** the collateral the service will lock, fixed when the calculator is left */
  collateralNeeded: string;
  fullName: string;
  signature: SignatureImage | null;
  clientKey: KeptKey | null;
  /** what to fix before anything is sent */
  problem: Refusal | null;
  /** the service's refusal */
  refusal: Refusal | null;
  result: Loan | null;
}

export type LoanBorrowEvent =
  | { type: 'borrow.asset'; asset: CollateralAsset }
  | { type: 'borrow.days'; days: number }
  | { type: 'borrow.amount'; value: string; price: string | null }
  | { type: 'borrow.collateral'; value: string; price: string | null }
  /** `available`: the collateral asset available in the real book (null while unknown: the service decides) */
  | { type: 'borrow.continue'; price: string | null; available: string | null }
  | { type: 'borrow.name'; value: string }
  | { type: 'borrow.signature'; image: SignatureImage | null }
  | { type: 'borrow.back' }
  | { type: 'borrow.submit' }
  | { type: 'borrow.again' };

const DECIMAL = /^[0-9]{1,20}(\.[0-9]{1,18})?$/;
const asDecimal = (v: string) => (DECIMAL.test(v.trim()) ? new Decimal(v.trim()) : null);

/** The amount the service accepts (10120 otherwise): within the terms, at most 6 decimals. */
export function borrowAmount(amount: string, terms: Pick<BorrowTerms, 'minAmount' | 'maxAmount'>): string | null {
  const a = asDecimal(amount);
  return a !== null && a.gte(terms.minAmount) && a.lte(terms.maxAmount) && a.decimalPlaces() <= 6 ? a.toFixed() : null;
}

/** Why the calculator's choice cannot go to signing, in the service's order, or null. */
export function borrowProblem(
  c: Pick<LoanBorrowContext, 'terms' | 'amount' | 'days'>,
  price: string | null,
  available: string | null,
): Refusal | null {
  const amount = borrowAmount(c.amount, c.terms);
  if (!c.terms.days.includes(c.days)) return refused(Err.LOAN_PERIOD_WRONG);
  if (amount === null) return refused(Err.LOAN_AMOUNT_WRONG, { min: c.terms.minAmount, max: c.terms.maxAmount });
  if (price === null) return refused(Err.PRICE_UNAVAILABLE);
  if (available !== null && new Decimal(available).lt(collateralFor(amount, price, c.terms.initialLtv)))
    return refused(Err.INSUFFICIENT_BALANCE);
  return null;
}

/** Signed: a drawn signature and a typed full name (10122 otherwise). */
export const signProblem = (c: Pick<LoanBorrowContext, 'signature' | 'fullName'>): Refusal | null =>
  c.signature && c.fullName.trim().length >= 2 ? null : refused(Err.LOAN_NOT_SIGNED);

const collateralOf = (value: string, price: string | null, ltv: string) => {
  const a = asDecimal(value);
  return a && price && a.gt(0) ? collateralFor(a.toFixed(), price, ltv) : '';
};
const amountOf = (value: string, price: string | null, ltv: string) => {
  const c = asDecimal(value);
  return c && price && c.gt(0)
    ? new Decimal(amountFor(c.toFixed(), price, ltv)).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2)
    : '';
};
const unsigned = { fullName: '', signature: null, problem: null, refusal: null } as const;

const valuesOf = (c: LoanBorrowContext): BorrowValues => ({
  collateralAsset: c.asset,
  amount: c.amount,
  days: c.days,
  agreementVersion: c.terms.agreementVersion,
  fullName: c.fullName.trim(),
  signature: c.signature!,
});
/** What makes one application (the drawn signature aside: redrawing it is the same application). */
const applicationOf = (v: BorrowValues) => [v.collateralAsset, v.amount, v.days, v.agreementVersion, v.fullName];

export const loanBorrowMachine = setup({
  types: {
    input: {} as { terms: BorrowTerms },
    context: {} as LoanBorrowContext,
    events: {} as LoanBorrowEvent,
  },
  actors: {
    submit: fromPromise<Loan, { values: BorrowValues; clientKey: string }>(async () => {
      throw new Error('submit not provided');
    }),
  },
  actions: {
    /** what follows an application (supplied by the flow's actor factory) */
    submitted: (_, _params: { loan: Loan }) => {},
    sign: assign(({ event }) => {
      assertEvent(event, ['borrow.name', 'borrow.signature']);
      return event.type === 'borrow.name' ? { fullName: event.value, problem: null } : { signature: event.image, problem: null };
    }),
    /** the same application keeps its key; another one gets a new key */
    keyFor: assign({ clientKey: ({ context }) => keyFor(context.clientKey, applicationOf(valuesOf(context))) }),
  },
  guards: {
    fit: ({ context }, p: { price: string | null; available: string | null }) =>
      borrowProblem(context, p.price, p.available) === null,
    signed: ({ context }) => signProblem(context) === null,
  },
}).createMachine({
  id: 'loanBorrow',
  context: ({ input }) => ({
    terms: input.terms,
    asset: input.terms.collateralAssets[0] ?? 'BTC',
    days: input.terms.days.includes(30) ? 30 : input.terms.days[0],
    amount: '',
    collateral: '',
    collateralNeeded: '',
    fullName: '',
    signature: null,
    clientKey: null,
    problem: null,
    refusal: null,
    result: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'borrow.asset': { actions: assign(({ event }) => ({ asset: event.asset, amount: '', collateral: '', problem: null })) },
        'borrow.days': { actions: assign(({ event }) => ({ days: event.days, problem: null })) },
        'borrow.amount': {
          actions: assign(({ context, event }) => ({
            amount: event.value,
            collateral: collateralOf(event.value, event.price, context.terms.initialLtv),
            problem: null,
          })),
        },
        'borrow.collateral': {
          actions: assign(({ context, event }) => ({
            collateral: event.value,
            amount: amountOf(event.value, event.price, context.terms.initialLtv),
            problem: null,
          })),
        },
        'borrow.continue': [
          {
            guard: { type: 'fit', params: ({ event }) => ({ price: event.price, available: event.available }) },
            target: 'confirming',
            actions: assign(({ context, event }) => ({
              amount: borrowAmount(context.amount, context.terms)!,
              collateralNeeded: collateralFor(
                borrowAmount(context.amount, context.terms)!,
                event.price!,
                context.terms.initialLtv,
              ),
              ...unsigned,
            })),
          },
          { actions: assign({ problem: ({ context, event }) => borrowProblem(context, event.price, event.available) }) },
        ],
      },
    },
    confirming: {
      on: {
        'borrow.name': { actions: 'sign' },
        'borrow.signature': { actions: 'sign' },
        'borrow.back': { target: 'editing', actions: assign(unsigned) },
        'borrow.submit': [
          { guard: 'signed', target: 'submitting', actions: assign({ problem: null, refusal: null }) },
          { actions: assign({ problem: ({ context }) => signProblem(context) }) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      entry: 'keyFor',
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ values: valuesOf(context), clientKey: context.clientKey!.key }),
        onDone: {
          target: 'done',
          actions: [
            assign({ result: ({ event }) => event.output, clientKey: null }),
            { type: 'submitted', params: ({ event }) => ({ loan: event.output }) },
          ],
        },
        onError: { target: 'refused', actions: assign({ refusal: ({ event }) => refusalOf(event.error) }) },
      },
    },
    // the refusal shows on the signing form; trying again with the same application sends the same key
    refused: {
      on: {
        'borrow.name': { target: 'confirming', actions: ['sign', assign({ refusal: null })] },
        'borrow.signature': { target: 'confirming', actions: ['sign', assign({ refusal: null })] },
        'borrow.back': { target: 'editing', actions: assign(unsigned) },
        'borrow.submit': { guard: 'signed', target: 'submitting', actions: assign({ refusal: null }) },
      },
    },
    done: {
      on: {
        'borrow.again': {
          target: 'editing',
          actions: assign({ amount: '', collateral: '', collateralNeeded: '', ...unsigned, result: null }),
        },
      },
    },
  },
});
