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
import { Err } from '../../src/contract/errors.ts';

const route = routeSchemas('proof');

const proofRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/swx/customer/index/proof',
    route.open({
      operationId: 'getProof',
      description:
        'The latest published proof of liabilities: the snapshot time, the Merkle root, the totals per asset and the reserves attested against them.',
      refusals: [Err.PROOF_NO_SNAPSHOT],
      summary:
        "The latest proof of liabilities: snapshot time, Merkle root, totals per asset beside the platform's holdings and wallets (public)",
      response: { 200: Envelope(ProofSummary) },
    }),
    async (_req, reply) => reply.ok(await app.proof.summary()),
  );

  app.get(
    '/swx/customer/user/proof',
    {
      preHandler: app.requireUser,
      ...route.signedIn({
        operationId: 'getMyProof',
        description:
          "The caller's inclusion proof in the latest snapshot (real book): their leaf, its salt and the Merkle path to the published root, to check with `npm run verify-proof`.",
        refusals: [Err.PROOF_NO_SNAPSHOT, Err.PROOF_NOT_IN_SNAPSHOT],
        summary:
          'My inclusion proof in the latest snapshot (real book): leaf, salt, path with sums; verify it with `npm run verify-proof`',
        response: { 200: Envelope(InclusionProof) },
      }),
    },
    async (req, reply) => reply.ok(await app.proof.proofFor(req.user!.id)),
  );
};

const proofAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);

  app.get(
    '/proof/snapshots',
    operatorRoute({
      operationId: 'listProofSnapshots',
      description: 'The latest 30 snapshots of liabilities, published and failed.',
      refusals: [],
      summary: 'The latest 30 snapshots of liabilities, published and failed',
      response: { 200: Envelope(AdminSnapshotList) },
    }),
    async (_req, reply) => reply.ok(await app.proof.snapshots()),
  );

  app.post(
    '/proof/snapshots',
    operatorRoute({
      body: TakeSnapshotBody,
      response: { 200: Envelope(AdminSnapshot) },
      operationId: 'takeProofSnapshot',
      description:
        'Takes a snapshot of liabilities now (audited with the reason): published when the ledger reconciles, else recorded as failed.',
      refusals: [],
      summary:
        'Take a snapshot of liabilities now (audited with the reason): published, or recorded as failed when it does not equal the ledger',
    }),
    async (req, reply) => reply.ok(await app.proof.snapshot(req.user!.id, req.body.reason)),
  );
};

export default fp(proofRoutes, { name: 'proof-routes', dependencies: ['proof', 'guard', 'errors'], encapsulate: true });
export const proofAdmin = fp(proofAdminRoutes, {
  name: 'proof-admin-routes',
  dependencies: ['proof', 'guard', 'errors'],
  encapsulate: true,
});
