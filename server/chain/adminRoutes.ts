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
  AdminChainSweepPage,
  AdminChainSweepQuery,
} from '../../src/contract/chain.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import { DOCS } from './adminRouteDocs.ts';
import { docSchema } from '../platform/http/openApi.ts';

const tags = ['admin'];
const security = [{ token: [] }];

const chainAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);

  app.get(
    '/chain/networks',
    {
      schema: { ...docSchema(DOCS.listChainNetworks), tags, security, response: { 200: Envelope(AdminChainNetworkList) } },
    },
    async (_req, reply) => reply.ok(await app.chain.networks()),
  );

  app.get(
    '/chain/incidents',
    {
      schema: {
        ...docSchema(DOCS.listChainIncidents),
        tags,
        security,
        querystring: ChainIncidentQuery,
        response: { 200: Envelope(ChainIncidentPage) },
      },
    },
    async (req, reply) => reply.ok(await app.chain.incidents(req.query)),
  );

  app.get(
    '/chain/sweeps',
    {
      schema: {
        ...docSchema(DOCS.listChainSweeps),
        tags,
        security,
        querystring: AdminChainSweepQuery,
        response: { 200: Envelope(AdminChainSweepPage) },
      },
    },
    async (req, reply) => reply.ok(await app.chain.sweepList(req.query)),
  );

  app.post(
    '/chain/incidents/:id/resolve',
    {
      schema: {
        ...docSchema(DOCS.resolveChainIncident),
        tags,
        security,
        params: ChainIncidentParams,
        body: ChainIncidentResolveBody,
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
