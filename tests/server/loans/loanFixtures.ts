/**
 * Loan test fixtures: verified borrowers (kycStatus set in the database, as the KYC review would),
 * collateral through the ledger, feed prices through the market, the loan form as multipart, and
 * row counts of everything a refusal must leave untouched.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { ledgerTransfers } from '../../../server/platform/ledger/schema.ts';
import { loanAccruals, loanMovements, loanSignatures, loans } from '../../../server/loans/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { LOAN_PATHS } from '../../../src/contract/loans.ts';
import { body, rowCounts } from '../helpers.ts';
import { createUser, fund, multipart, PNG, real, type FilePart, type TestUser } from '../wallet/walletFixtures.ts';

export const clientKey = () => crypto.randomUUID();

/** A customer whose identity an operator has verified (the column the KYC review sets). */
export async function verifiedUser(
  app: FastifyInstance,
  btc = '1',
  role: 'customer' | 'operator' = 'customer',
): Promise<TestUser> {
  const u = await createUser(app, role);
  await app.db.update(users).set({ kycStatus: 'verified' }).where(eq(users.id, u.id));
  if (btc !== '0') await fund(app, u.id, 'BTC', btc);
  return u;
}

/** Sets feed prices as a feed step would (at the market clock's time). */
export function setPrices(app: FastifyInstance, prices: Record<string, number>, time = Date.now()) {
  app.market.applyFeed(
    Object.entries(prices).map(([code, price]) => ({ code, price, time, volume: 0 })),
    time,
  );
}

export async function terms(app: FastifyInstance, lang = 'en') {
  return body(await app.inject({ url: LOAN_PATHS.terms, headers: { lang } })).result;
}

export interface LoanInput {
  collateralAsset?: string;
  amount?: string;
  days?: string;
  agreementVersion?: string;
  fullName?: string;
  clientKey?: string;
}

/** POSTs the loan form: a PNG signature unless `signature` says otherwise (null: none). */
export async function submitLoan(
  app: FastifyInstance,
  u: TestUser,
  version: string,
  f: LoanInput = {},
  signature: FilePart | null = { field: 'signature', content: PNG, filename: 'signature.png' },
  headers = real(u),
) {
  const fields = {
    collateralAsset: 'BTC',
    amount: '1000',
    days: '30',
    agreementVersion: version,
    fullName: 'Ada Lovelace',
    clientKey: clientKey(),
    ...f,
  };
  const m = multipart(fields as Record<string, string>, signature ? { field: 'signature', ...signature } : undefined);
  return body(
    await app.inject({ method: 'POST', url: LOAN_PATHS.submit, payload: m.payload, headers: { ...headers, ...m.headers } }),
  );
}

export async function repay(app: FastifyInstance, u: TestUser, id: string, amount: string, key = clientKey()) {
  return body(
    await app.inject({ method: 'POST', url: LOAN_PATHS.repay, headers: real(u), payload: { id, amount, clientKey: key } }),
  );
}

export async function myLoans(app: FastifyInstance, u: TestUser) {
  return body(await app.inject({ url: LOAN_PATHS.list, headers: real(u) })).result.rows;
}

export async function loanDetail(app: FastifyInstance, u: TestUser, id: string) {
  return body(await app.inject({ url: `${LOAN_PATHS.detail}${id}`, headers: real(u) }));
}

/** The user's real balances of an asset: available and loan collateral. */
export async function holdings(app: FastifyInstance, u: TestUser, asset: 'USDT' | 'BTC' | 'ETH') {
  const r = body(await app.inject({ url: '/swx/customer/user/balances', headers: real(u) })).result;
  const a = r.assets.find((x: { asset: string }) => x.asset === asset);
  return { available: a?.available as string, collateral: a?.loanCollateral as string };
}

/** Rows of every table loans write, and the sum of all balances: compare around a refusal. */
export const loanCounts = (app: FastifyInstance) =>
  rowCounts(app, {
    loans,
    signatures: loanSignatures,
    accruals: loanAccruals,
    movements: loanMovements,
    transfers: ledgerTransfers,
    notifications,
    audit: auditLog,
  });

export { createUser, real };
