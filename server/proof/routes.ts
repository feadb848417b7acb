/**
 * Proof of liabilities on the wire (docs/ledger.md, "Proof of liabilities"): the public summary
 * (/swx/customer/index/proof), a customer's inclusion proof (/swx/customer/user/proof), and the
 * operators' snapshots (/admin-api/proof/snapshots). Handlers parse and call `app.proof`.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '../../src/contract/envelope.ts';
import { AdminSnapshot, AdminSnapshotList, InclusionProof, ProofSummary, TakeSnapshotBody } from '../../src/contract/proof.ts';
import { operatorRoute, routeSchemas } from '../platform/http/routeSchema.ts';
import { DOCS } from './routeDocs.ts';

const route = routeSchemas('proof');

const proofRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/swx/customer/index/proof',
    route.open({ ...DOCS.getProof, response: { 200: Envelope(ProofSummary) } }),
    async (_req, reply) => reply.ok(await app.proof.summary()),
  );

  app.get(
    '/swx/customer/user/proof',
    {
      preHandler: app.requireUser,
      ...route.signedIn({ ...DOCS.getMyProof, response: { 200: Envelope(InclusionProof) } }),
    },
    async (req, reply) => reply.ok(await app.proof.proofFor(req.user!.id)),
  );
};

const proofAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);

  app.get(
    '/proof/snapshots',
    operatorRoute({ ...DOCS.listProofSnapshots, response: { 200: Envelope(AdminSnapshotList) } }),
    async (_req, reply) => reply.ok(await app.proof.snapshots()),
  );

  app.post(
    '/proof/snapshots',
    operatorRoute({ ...DOCS.takeProofSnapshot, body: TakeSnapshotBody, response: { 200: Envelope(AdminSnapshot) } }),
    async (req, reply) => reply.ok(await app.proof.snapshot(req.user!.id, req.body.reason)),
  );
};

export default fp(proofRoutes, { name: 'proof-routes', dependencies: ['proof', 'guard', 'errors'], encapsulate: true });
export const proofAdmin = fp(proofAdminRoutes, {
  name: 'proof-admin-routes',
  dependencies: ['proof', 'guard', 'errors'],
  encapsulate: true,
});
