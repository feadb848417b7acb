/**
 * What the smart plans' routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  listSmartProduct: {
    operationId: 'listSmartProduct',
    summary: 'Products on sale with what the reserve can back of each term, and the reserve (public)',
    description:
      'The smart plans on sale with their terms (days, daily yield, minimum and maximum), what the funded yield reserve can still back of each, and the reserve itself.',
    refusals: [],
  },
  buySmart: {
    operationId: 'buySmart',
    summary:
      'Buy a plan: principal to the plan, the whole promised yield set aside from the reserve. Success 20004; a retry with the same clientKey answers the first plan.',
    description:
      'Buys a smart plan in the real book for a principal and a term; sold only while the reserve can back its whole promised yield, and once per product. Success answers 20004; a retry with the same clientKey answers the first plan.',
    refusals: [
      Err.DEMO_NOT_ALLOWED,
      Err.SMART_NOT_ENABLED,
      Err.SMART_PRODUCT_WRONG,
      Err.NO_MATCHING_DAYS,
      Err.INVESTMENT_AMOUNT_WRONG,
      Err.ALREADY_BOUGHT,
      Err.SMART_SOLD_OUT,
      Err.INSUFFICIENT_BALANCE,
    ],
    moves: 'the principal moves from available to the plan, and the whole promised yield is set aside from the reserve for it.',
    examples: { body: { productId: '1', amount: '1000', days: 30, clientKey: 'c2a4e6f8-1b3d-4f5a-8c7e-9d0b1a2c3e4f' } },
  },
  listSmartOrder: {
    operationId: 'listSmartOrder',
    summary: 'My plans, newest first',
    description: "The caller's smart plans, newest first, paged, with what each has paid so far (real book only).",
    refusals: [Err.DEMO_NOT_ALLOWED],
  },
  getSmartExitQuote: {
    operationId: 'getSmartExitQuote',
    summary: 'Exactly what leaving the plan now would do',
    description:
      "Exactly what leaving one of the caller's plans now would do: the penalty kept, the principal returned and the yield already paid.",
    refusals: [Err.DEMO_NOT_ALLOWED, Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED],
  },
  exitSmart: {
    operationId: 'exitSmart',
    summary: 'Leave a plan early: penalty kept, the rest of the principal back',
    description: "Leaves one of the caller's running plans early, on the terms its quote states.",
    refusals: [Err.DEMO_NOT_ALLOWED, Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED],
    moves:
      'the principal less the early-exit penalty returns to available; the penalty and the unpaid yield go back to the reserve.',
    examples: { body: { id: '1' } },
  },
} as const satisfies Record<string, RouteDoc>;
