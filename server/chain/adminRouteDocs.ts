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
  resolveChainIncident: {
    operationId: 'resolveChainIncident',
    summary:
      'Mark an incident resolved after handling it off the platform, with a note (audit-logged; moves no money). 10317 unknown, 10318 already resolved',
    description:
      'Marks an incident resolved after it was handled off the platform, with a note (audited). Nothing moves: money is corrected only through the reviewed flows.',
    refusals: [Err.CHAIN_INCIDENT_UNKNOWN, Err.CHAIN_INCIDENT_RESOLVED],
  },
} as const satisfies Record<string, RouteDoc>;
