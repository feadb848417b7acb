import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accountRoutes.ts';
import { loginRoutes } from './loginRoutes.ts';
import { createMailer } from './mailer.ts';
import { createOidc } from './oidc.ts';

/**
 * Accounts, login and sessions: /swx/customer/login/* and /swx/customer/user/{getUserInfo,
 * repassword}. See docs/auth.md.
 */
export default async function authRoutes(app: FastifyInstance) {
  const mailer = createMailer(app.config, app.db, app.log);
  const oidc = app.config.oidc ? createOidc(app.config.oidc, app.db, app.log) : undefined;
  await loginRoutes(app, { mailer, oidc });
  await accountRoutes(app);
}
