import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema/index.ts';
import { createUser, userByUsername } from './accounts.ts';
import { hashPassword } from './passwords.ts';

/**
 * The first operator. Runs at every start and does nothing once any operator exists. Uses
 * OPERATOR_EMAIL / OPERATOR_PASSWORD; without a password one is generated and printed once
 * (warn level, so it shows at the default log level). Operators log in like customers, with
 * username "operator" (or the e-mail).
 */
export async function seedOperator(app: FastifyInstance): Promise<void> {
  const [existing] = await app.db.select({ id: users.id }).from(users).where(eq(users.role, 'operator')).limit(1);
  if (existing) return;
  const generated = !app.config.operatorPassword;
  // letters and digits guaranteed, 20 characters
  const password = app.config.operatorPassword ?? `Op${crypto.randomBytes(12).toString('base64url')}9`;
  let username = 'operator';
  for (let i = 2; await userByUsername(app.db, username); i++) username = `operator${i}`;
  const created = await app.db.transaction(async (tx) => {
    // two instances starting together: the second finds the first's operator and stops
    const [again] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'operator')).limit(1);
    if (again) return false;
    await createUser(tx, {
      username,
      email: app.config.operatorEmail?.trim().toLowerCase() ?? null,
      passwordHash: await hashPassword(password),
      role: 'operator',
    });
    return true;
  }).catch((err) => {
    app.log.error({ err }, 'could not create the first operator');
    return false;
  });
  if (!created) return;
  if (generated) {
    app.log.warn({ username, email: app.config.operatorEmail ?? null, password }, 'first operator created with a generated password: note it now, it is not shown again');
  } else {
    app.log.info({ username, email: app.config.operatorEmail ?? null }, 'first operator created');
  }
}
