/**
 * What the chain's customer routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  getChainAddresses: {
    operationId: 'getChainAddresses',
    summary:
      'My own deposit address per watched coin and network, with its QR code, minimum and confirmations (empty when no network is watched)',
    description:
      "The caller's own deposit address per watched coin and network (made on first reading), with its QR code, the minimum and the confirmations a deposit needs (real book only).",
    refusals: [Err.DEMO_NOT_ALLOWED],
  },
  listChainDeposits: {
    operationId: 'listChainDeposits',
    summary: 'My deposits seen on watched chains, newest first, with "confirming k/N" (real book; 10033 in demo)',
    description:
      'The caller\'s deposits seen on watched chains, newest first, paged, each with its confirmations so far ("confirming k/N") and status (real book only).',
    refusals: [Err.DEMO_NOT_ALLOWED],
  },
} as const satisfies Record<string, RouteDoc>;
