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
import { operatorRoutes } from '../platform/http/operatorRoutes.ts';
import { DOCS } from './adminRouteDocs.ts';

const chainAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);
  const op = operatorRoutes(app);
  op.get('/chain/networks', { ...DOCS.listChainNetworks, result: AdminChainNetworkList }, () => app.chain.networks());
  op.get('/chain/incidents', { ...DOCS.listChainIncidents, querystring: ChainIncidentQuery, result: ChainIncidentPage }, (r) =>
    app.chain.incidents(r.query),
  );
  op.get('/chain/sweeps', { ...DOCS.listChainSweeps, querystring: AdminChainSweepQuery, result: AdminChainSweepPage }, (r) =>
    app.chain.sweepList(r.query),
  );
  op.post(
    '/chain/incidents/:id/resolve',
    { ...DOCS.resolveChainIncident, params: ChainIncidentParams, body: ChainIncidentResolveBody, result: ChainIncident },
    (r) => app.chain.resolveIncident(r.by, r.id, r.body.note),
  );
};

export default fp(chainAdminRoutes, {
  name: 'chain-admin-routes',
  dependencies: ['chain', 'guard', 'errors'],
  encapsulate: true,
});
