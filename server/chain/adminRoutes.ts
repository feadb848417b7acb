/**
 * The operators' view of the chains (`/admin-api/chain`, operator role only): per network whether
 * it is watched, the head, the last processed block, the lag, the last error, the confirmations
 * setting and the deposits confirming; and the incidents the watcher never decides alone, which an
 * operator resolves with a note once handled off the platform (no four-eyes: it moves no money).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminChainNetworkList,
  ChainIncident,
  ChainIncidentPage,
  ChainIncidentParams,
  ChainIncidentQuery,
  ChainIncidentResolveBody,
} from '../../src/contract/chain.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import { Err } from '../../src/contract/errors.ts';

const tags = ['admin'];
const security = [{ token: [] }];

const chainAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);

  app.get(
    '/chain/networks',
    {
      schema: {
        operationId: 'listChainNetworks',
        description:
          'Every deposit network: watched or not, its head and last processed block, the lag, and the health of its node.',
        'x-refusals': [],
        tags,
        security,
        summary:
          'Every deposit network: watched or not, head, last processed block, lag, last error, confirmations, deposits confirming',
        response: { 200: Envelope(AdminChainNetworkList) },
      },
    },
    async (_req, reply) => reply.ok(await app.chain.networks()),
  );

  app.get(
    '/chain/incidents',
    {
      schema: {
        operationId: 'listChainIncidents',
        description:
          'The reorganisations the watcher flagged: a credited deposit whose block left the chain, with what was credited and what the chain now says.',
        'x-refusals': [],
        tags,
        security,
        querystring: ChainIncidentQuery,
        summary:
          'Reorganisations the watcher flagged: a credited deposit whose block went away, or one deeper than the kept history',
        response: { 200: Envelope(ChainIncidentPage) },
      },
    },
    async (req, reply) => reply.ok(await app.chain.incidents(req.query)),
  );

  app.post(
    '/chain/incidents/:id/resolve',
    {
      schema: {
        operationId: 'resolveChainIncident',
        description:
          'Marks an incident resolved after it was handled off the platform, with a note (audited). Nothing moves: money is corrected only through the reviewed flows.',
        'x-refusals': [Err.CHAIN_INCIDENT_UNKNOWN, Err.CHAIN_INCIDENT_RESOLVED],
        tags,
        security,
        params: ChainIncidentParams,
        body: ChainIncidentResolveBody,
        summary:
          'Mark an incident resolved after handling it off the platform, with a note (audit-logged; moves no money). 10317 unknown, 10318 already resolved',
        response: { 200: Envelope(ChainIncident) },
      },
    },
    async (req, reply) => reply.ok(await app.chain.resolveIncident(req.user!.id, BigInt(req.params.id), req.body.note)),
  );
};

export default fp(chainAdminRoutes, {
  name: 'chain-admin-routes',
  dependencies: ['chain', 'guard', 'errors'],
  encapsulate: true,
});
