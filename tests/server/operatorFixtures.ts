/**
 * Operators added through the console (issue 25 item 1): one proposes, another confirms, and the
 * new operator gets a session like any operator signing in.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createSession } from '../../server/auth/sessions.ts';
import { users } from '../../server/platform/identity/schema.ts';
import { Ok } from '../../src/contract/errors.ts';
import { adminCall, type TestUser } from './wallet/walletFixtures.ts';

export const OP_PASSWORD = 'Amber-Falcon-73';

/** Proposes an operator as `proposer`; answers the proposal. */
export async function proposeOperator(
  app: FastifyInstance,
  proposer: TestUser,
  username = `pp_${crypto.randomBytes(4).toString('hex')}`,
) {
  const r = await adminCall(app, proposer, 'POST', '/operators', {
    username,
    email: `${username}@example.com`,
    password: OP_PASSWORD,
  });
  expect(r.code, r.msg).toBe(Ok.SUCCESS);
  return r.result as { id: string; status: string; kind: string; targetName: string };
}

/** An operator proposed by `proposer` and confirmed by `confirmer`, signed in. */
export async function addedOperator(app: FastifyInstance, proposer: TestUser, confirmer: TestUser): Promise<TestUser> {
  const p = await proposeOperator(app, proposer);
  const c = await adminCall(app, confirmer, 'POST', `/operator-proposals/${p.id}/confirm`);
  expect(c.code, c.msg).toBe(Ok.SUCCESS);
  const [row] = await app.db
    .select()
    .from(users)
    .where(eq(users.id, BigInt(c.result.targetId)));
  return { id: row.id, username: row.username, token: await createSession(app.db, row.id, 3600_000, { now: app.clock.now() }) };
}
