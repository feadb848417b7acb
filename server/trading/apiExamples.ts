/**
 * Examples of trading's money calls in the API contract (docs/api.md, "The contract"): a real
 * exchange of the demo book (tests/server/platform/contract.client.test.ts), checked against the
 * routes' schemas by the contract's lint.
 */
import type { RouteDoc } from '../platform/http/routeSchema.ts';

type Examples = NonNullable<RouteDoc['examples']>;

const order = {
  id: '1',
  orderNo: 'OP20261123000001',
  book: 'demo',
  code: 'BTCUSDT',
  direction: 'up',
  lots: '0.1',
  leverage: 10,
  period: 300,
  openPrice: '50000.00',
  openTime: '2026-11-23T10:00:01.000Z',
  expiresAt: '2026-11-23T10:05:01.000Z',
  closePrice: null,
  closeTime: null,
  stopLoss: null,
  takeProfit: null,
  stopOutPrice: '45500.00',
  notional: '5000.000000',
  margin: '500.000000',
  fee: '2.500000',
  closeFee: null,
  expectedReturn: '45.000000',
  maxLoss: '-502.500000',
  profit: '0.000000',
  net: '-5.000000',
  status: 'open',
  closeReason: null,
  closeTick: null,
  triggerPrice: null,
  delayed: false,
  terms: { contractSize: '1', feeRate: '0.0005', quoteRate: '1', stopOutLevel: '0.9', pricePrecision: 2 },
  trailingDistance: null,
};

export const BUY_OPTIONS_EXAMPLES: Examples = {
  body: {
    code: 'BTCUSDT',
    direction: 'up',
    lots: '0.1',
    leverage: 10,
    period: 300,
    clientKey: '3f0c6d0e-6a51-4f1e-9b0e-2d7c1a8e5b42',
  },
  answer: { code: 20004, msg: 'Purchase successful', result: order },
};

export const CLOSE_OPTIONS_EXAMPLES: Examples = {
  body: { id: '1' },
  answer: {
    code: 200,
    msg: 'Success',
    result: {
      ...order,
      closePrice: '50500.00',
      closeTime: '2026-11-23T10:00:02.000Z',
      closeFee: '2.500000',
      profit: '50.000000',
      net: '45.000000',
      status: 'closed',
      closeReason: 'manual',
      closeTick: { time: '2026-11-23T10:00:02.000Z', price: '50500.00' },
    },
  },
};

export const PLACE_PENDING_EXAMPLES: Examples = {
  body: {
    code: 'BTCUSDT',
    direction: 'up',
    lots: '0.1',
    leverage: 10,
    period: 300,
    entryKind: 'limit',
    entryPrice: '49000',
    validity: 86400,
    clientKey: '9b7e2a64-3c1d-4d8f-a0f2-5e6b7c8d9e01',
  },
};

export const CANCEL_PENDING_EXAMPLES: Examples = { body: { id: '1' } };
