/**
 * Examples of the wallet's money calls in the API contract (docs/api.md, "The contract"): a real
 * exchange (tests/server/platform/contract.client.test.ts), checked against the route's schemas by
 * the contract's lint.
 */
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const WITHDRAWAL_EXAMPLES: NonNullable<RouteDoc['examples']> = {
  body: {
    method: 'USDT-TRC20',
    address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    amount: '100',
    clientKey: '5d1f7a3b-8c2e-4b6a-9f0d-1e2c3b4a5d6f',
  },
  answer: {
    code: 20003,
    msg: 'Withdrawal added and submitted for review',
    result: {
      id: '1',
      method: 'USDT-TRC20',
      coin: 'USDT',
      network: 'TRC20',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      amount: '100.000000',
      feeRate: '0.01',
      fee: '1.000000',
      receiveAmount: '99.000000',
      status: 'pending',
      rejectReason: null,
      payoutTxHash: null,
      verifiedOnChain: false,
      payoutLink: null,
      confirmations: null,
      required: null,
      createdAt: '2026-11-23T10:00:02.000Z',
      reviewedAt: null,
      sentAt: null,
      confirmedAt: null,
    },
  },
};
