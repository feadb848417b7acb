/**
 * The operators' smart plan console on the wire (`/admin-api/smart`, operator role only): the
 * reserve and its four-eyes movements, products, the per-user flag. Every change is audited.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminReserve,
  AdminSmartProducts,
  FundReserveBody,
  SetSmartEnabledBody,
  SmartIdParams,
  SmartProduct,
  SmartUser,
  SmartUserList,
  SmartUserQuery,
  UpdateSmartProductBody,
} from '../../src/contract/smart.ts';
import { operatorRoutes } from '../platform/http/operatorRoutes.ts';
import { Err } from '../../src/contract/errors.ts';

const smartAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);
  const op = operatorRoutes(app);
  op.get(
    '/smart/reserve',
    {
      operationId: 'getSmartReserve',
      description:
        'The yield reserve: its balance, the yield committed to running plans, the coverage, and the recent fundings and withdrawals.',
      refusals: [],
      summary: 'The yield reserve: balance, committed yield, coverage and recent fundings',
      result: AdminReserve,
    },
    () => app.smart.reserve(),
  );
  op.post(
    '/smart/reserve',
    {
      body: FundReserveBody,
      result: AdminReserve,
      operationId: 'proposeSmartReserve',
      description:
        'Proposes house capital into (kind fund) or out of (withdraw) the yield reserve, with its evidence; nothing moves until another operator confirms (audited).',
      refusals: [
        Err.AMOUNT_INVALID,
        Err.OPERATOR_AMOUNT_ABOVE_MAX,
        Err.OPERATOR_AMOUNT_PRECISION,
        Err.RESERVE_FUNDING_ABOVE_MAX,
        Err.RESERVE_ABOVE_ATTESTED,
        Err.RESERVE_EVIDENCE_INVALID,
        Err.RESERVE_WITHDRAWAL_TOO_LARGE,
        Err.TX_HASH_USED,
        Err.OPERATOR_ON_PROBATION,
        Err.OPERATOR_LINKED,
      ],
      summary:
        'Propose house capital into (kind fund) or out of (withdraw) the reserve, with where it is held; nothing moves until another operator confirms (audited)',
    },
    (r) => app.smart.proposeReserve(r.by, r.body),
  );
  op.post(
    '/smart/reserve/:id/confirm',
    {
      params: SmartIdParams,
      operationId: 'confirmSmartReserve',
      description: "Confirms another operator's reserve proposal (audited; with two-factor on, a fresh code).",
      refusals: [
        Err.RECORD_NOT_FOUND,
        Err.STATUS_TRANSITION_DENIED,
        Err.SECOND_OPERATOR_REQUIRED,
        Err.RESERVE_ABOVE_ATTESTED,
        Err.RESERVE_WITHDRAWAL_TOO_LARGE,
        Err.INSUFFICIENT_BALANCE,
        Err.OPERATOR_ON_PROBATION,
        Err.OPERATOR_LINKED,
      ],
      moves:
        'the proposed amount between the house capital account and the yield reserve, one ledger transfer with the audit record.',
      summary: "Confirm another operator's proposal: the ledger transfer (audited)",
      result: AdminReserve,
    },
    (r) => app.smart.confirmReserve(r.by, r.id),
  );
  op.post(
    '/smart/reserve/:id/reject',
    {
      params: SmartIdParams,
      operationId: 'rejectSmartReserve',
      description:
        'Rejects (or, by its proposer, withdraws) a reserve proposal; nothing moves (audited; with two-factor on, a fresh code).',
      refusals: [Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED],
      summary: 'Reject (or, by its proposer, withdraw) a proposal; nothing moves (audited)',
      result: AdminReserve,
    },
    (r) => app.smart.rejectReserve(r.by, r.id),
  );
  op.get(
    '/smart/products',
    {
      operationId: 'listSmartProducts',
      description: 'Every smart plan product, enabled or not, with its terms.',
      refusals: [],
      summary: 'Every product, enabled or not',
      result: AdminSmartProducts,
    },
    () => app.smart.allProducts(),
  );
  op.put(
    '/smart/products/:id',
    {
      params: SmartIdParams,
      body: UpdateSmartProductBody,
      operationId: 'updateSmartProduct',
      description:
        "Edits a product's terms or enables or disables it (audited); running plans keep the terms they were bought with.",
      refusals: [Err.RECORD_NOT_FOUND, Err.SMART_PRODUCT_WRONG],
      summary: 'Edit a product (audited); running plans keep their terms',
      result: SmartProduct,
    },
    (r) => app.smart.updateProduct(r.by, r.id, r.body),
  );
  op.get(
    '/smart/users',
    {
      querystring: SmartUserQuery,
      operationId: 'listSmartUsers',
      description: 'Customers by id, name or e-mail prefix, with whether smart trading is on for them.',
      refusals: [],
      summary: 'Users by id, name or e-mail prefix, with their smart flag',
      result: SmartUserList,
    },
    async (r) => ({ rows: await app.smart.users(r.query.q) }),
  );
  op.put(
    '/smart/users/:id',
    {
      params: SmartIdParams,
      body: SetSmartEnabledBody,
      operationId: 'setSmartUser',
      description: 'Turns smart trading on or off for one customer (audited).',
      refusals: [Err.USER_NOT_FOUND],
      summary: 'Turn smart trading on or off for a user (audited)',
      result: SmartUser,
    },
    (r) => app.smart.setSmartEnabled(r.by, r.id, r.body.smartEnabled),
  );
};

export default fp(smartAdminRoutes, {
  name: 'smart-admin-routes',
  dependencies: ['smart', 'guard', 'errors'],
  encapsulate: true,
});
