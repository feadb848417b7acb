import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../platform/db/client.ts';
import { users } from '../platform/identity/schema.ts';
import { createUser, userByUsername } from './accounts.ts';
import { hashPassword } from './passwords.ts';

interface Founder {
  email?: string;
  password?: string;
  baseName: string;
  label: string;
}

/**
 * The operators from configuration. The first runs at every start and does nothing once any
 * operator exists; it uses OPERATOR_EMAIL / OPERATOR_PASSWORD. Operator management in the console
 * takes two operators (a proposal another one confirms, docs/security.md), so a second one may come
 * from configuration too: OPERATOR2_EMAIL / OPERATOR2_PASSWORD, created once when no account has
 * that e-mail. Without a password one is generated and printed once (warn level, so it shows at
 * the default log level). Operators log in like customers, with username "operator" (or the e-mail).
 */
export async function seedOperator(app: FastifyInstance): Promise<void> {
  const [existing] = await app.db.select({ id: users.id }).from(users).where(eq(users.role, 'operator')).limit(1);
  if (!existing) {
    await seedOne(
      app,
      { email: app.config.operatorEmail, password: app.config.operatorPassword, baseName: 'operator', label: 'first operator' },
      async (tx) => {
        const [again] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'operator')).limit(1);
        return again !== undefined;
      },
    );
  }
  const email = app.config.operator2Email?.trim().toLowerCase();
  if (email) {
    await seedOne(
      app,
      { email, password: app.config.operator2Password, baseName: 'operator2', label: 'second operator' },
      async (tx) => {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${email}`)
          .limit(1);
        return taken !== undefined;
      },
    );
  }
}

async function seedOne(app: FastifyInstance, f: Founder, exists: (tx: Tx) => Promise<boolean>): Promise<void> {
  const generated = !f.password;
  // letters and digits guaranteed, 20 characters
  const password = f.password ?? `Op${crypto.randomBytes(12).toString('base64url')}9`;
  let username = f.baseName;
  for (let i = 2; await userByUsername(app.db, username); i++) username = `${f.baseName}${i}`;
  const passwordHash = await hashPassword(password);
  const created = await app.db
    .transaction(async (tx) => {
      // two instances starting together: the second finds the first's operator and stops
      if (await exists(tx)) return false;
      await createUser(tx, { username, email: f.email?.trim().toLowerCase() ?? null, passwordHash, role: 'operator' });
      return true;
    })
    .catch((err) => {
      app.log.error({ err }, `could not create the ${f.label}`);
      return false;
    });
  if (!created) return;
  if (generated) {
    app.log.warn(
      { username, email: f.email ?? null, password },
      `${f.label} created with a generated password: note it now, it is not shown again`,
    );
  } else {
    app.log.info({ username, email: f.email ?? null }, `${f.label} created`);
  }
}
