/**
 * Smart plan test fixtures: a clock the test moves, reserve funding through the operator API,
 * purchases, and row counts of everything a refusal must leave untouched.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { ledgerTransfers } from '../../../server/platform/ledger/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { smartPlans, smartProducts, smartReserveFundings } from '../../../server/smart/schema.ts';
import { DAY_MS } from '../../../src/contract/smart.ts';
import { body, rowCounts } from '../helpers.ts';
import { adminCall, createUser, real, type TestUser } from '../wallet/walletFixtures.ts';

/** A clock tests move by hand; starts at a fixed instant (10:00 UTC, so a day boundary is hours away). */
export function testClock(start = Date.UTC(2026, 10, 23, 10, 0, 0)) {
  let now = start;
  return {
    now: () => now,
    set: (ms: number) => (now = ms),
    days: (n: number) => (now += n * DAY_MS),
    ms: (n: number) => (now += n),
  };
}

export const clientKey = () => crypto.randomUUID();

/** Where test capital is held: a bank reference (any well-formed one). */
export const bankEvidence = () => ({ kind: 'bank', reference: `TEST-${crypto.randomBytes(4).toString('hex')}` });

/**
 * House capital into the reserve as operators do it: `op` proposes, a second operator
 * (`confirmer`, or a new one) confirms (issue 32).
 */
export async function fundReserve(app: FastifyInstance, op: TestUser, amount: string, confirmer?: TestUser) {
  const p = await adminCall(app, op, 'POST', '/smart/reserve', {
    amount,
    note: 'test funding',
    evidence: bankEvidence(),
    clientKey: clientKey(),
  });
  if (p.code !== 200) throw new Error(`funding refused: ${p.code} ${p.msg}`);
  const id = (p.result.fundings as Array<{ id: string; status: string; operatorId: string }>).findLast(
    (f) => f.status === 'proposed' && f.operatorId === op.id.toString(),
  )!.id;
  const second = confirmer ?? (await createUser(app, 'operator'));
  const r = await adminCall(app, second, 'POST', `/smart/reserve/${id}/confirm`);
  if (r.code !== 200) throw new Error(`confirmation refused: ${r.code} ${r.msg}`);
  return r.result;
}

export async function productIds(app: FastifyInstance): Promise<Record<string, string>> {
  const r = body(await app.inject({ url: '/swx/customer/order/listSmartProduct' }));
  return Object.fromEntries(r.result.products.map((p: { id: string; name: string }) => [p.name, p.id]));
}

export async function buy(
  app: FastifyInstance,
  u: TestUser,
  b: { productId: string; amount: string; days: number; clientKey?: string },
  headers: Record<string, string> = real(u),
) {
  return body(
    await app.inject({ method: 'POST', url: '/swx/customer/order/buySmart', headers, payload: { clientKey: clientKey(), ...b } }),
  );
}

export async function plans(app: FastifyInstance, u: TestUser) {
  return body(await app.inject({ url: '/swx/customer/order/listSmartOrder', headers: real(u) })).result.rows;
}

export async function balancesOf(app: FastifyInstance, u: TestUser) {
  const r = body(await app.inject({ url: '/swx/customer/user/balances', headers: real(u) })).result;
  return r.assets.find((a: { asset: string }) => a.asset === 'USDT') ?? { available: '0.000000', planPrincipal: '0.000000' };
}

export async function reserveOf(app: FastifyInstance) {
  return body(await app.inject({ url: '/swx/customer/order/listSmartProduct' })).result.reserve;
}

/** Rows of every table smart plans write, and the sum of all balances: compare around a refusal. */
export const smartCounts = (app: FastifyInstance) =>
  rowCounts(app, {
    plans: smartPlans,
    transfers: ledgerTransfers,
    notifications,
    audit: auditLog,
    products: smartProducts,
    fundings: smartReserveFundings,
  });
