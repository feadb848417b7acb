/**
 * What the chain's operator routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  listChainNetworks: {
    operationId: 'listChainNetworks',
    summary:
      'Every deposit network: watched or not, head, last processed block, lag, last error, confirmations, deposits confirming',
    description: 'Every deposit network: watched or not, its head and last processed block, the lag, and the health of its node.',
    refusals: [],
  },
  listChainIncidents: {
    operationId: 'listChainIncidents',
    summary: 'Reorganisations the watcher flagged: a credited deposit whose block went away, or one deeper than the kept history',
    description:
      'The reorganisations the watcher flagged: a credited deposit whose block left the chain, with what was credited and what the chain now says.',
    refusals: [],
  },
  listChainSweeps: {
    operationId: 'listChainSweeps',
    summary: 'Deposit addresses collected to the hot wallet by the signer, newest first',
    description:
      "The sweeps of customers' deposit addresses to the hot wallet, newest first (keyset: `before` an id, `next` on each page): coin, amount, the gas transfer and the sweep's hashes, confirmations. A sweep moves coins between the platform's own addresses on chain; no customer's balance and no ledger account moves.",
    refusals: [],
  },
  resolveChainIncident: {
    operationId: 'resolveChainIncident',
    summary:
      'Mark an incident resolved after handling it off the platform, with a note (audit-logged; moves no money). 10317 unknown, 10318 already resolved',
    description:
      'Marks an incident resolved after it was handled off the platform, with a note (audited). Nothing moves: money is corrected only through the reviewed flows.',
    refusals: [Err.CHAIN_INCIDENT_UNKNOWN, Err.CHAIN_INCIDENT_RESOLVED],
  },
} as const satisfies Record<string, RouteDoc>;
