import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { eq } from 'drizzle-orm';
import { passwordStrongEnough, RepasswordBody, UserInfoResult } from '../../src/contract/auth.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import { Err, Ok } from '../../src/contract/errors.ts';
import { users } from '../db/schema/index.ts';
import { refuse } from '../http/errors.ts';
import { toProfile, userById, userByTarget } from './accounts.ts';
import { bookSummary } from './balanceSummary.ts';
import { checkCode, consumeCode } from './codes.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { revokeOtherSessions } from './sessions.ts';
import { targetOf } from './targets.ts';
import { accountKey, assertNotThrottled, clearFailures, ipKey, recordFailure } from './throttle.ts';

export async function accountRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const P = '/swx/customer/user';
  const tags = ['user'];

  app.post(`${P}/getUserInfo`, {
    schema: { tags, summary: 'Profile, selected book and balance summary of both books', response: { 200: Envelope(UserInfoResult) } },
    preHandler: app.requireUser,
  }, async (req, reply) => {
    const user = await userById(app.db, req.user!.id);
    if (!user) return refuse(Err.LOGIN_REQUIRED);
    const [demo, real] = [await bookSummary(app, user.id, 'demo'), await bookSummary(app, user.id, 'real')];
    return reply.ok({ user: toProfile(user), book: req.book, balances: { demo, real } });
  });

  app.post(`${P}/repassword`, {
    schema: {
      tags, summary: 'Change the password (with oldPassword, logged in) or reset it (with a code)',
      body: RepasswordBody, response: { 200: Envelope(Type.Null()) },
    },
    preHandler: app.optionalUser,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
  }, async (req, reply) => {
    const b = req.body;
    if (b.password !== b.confirmPassword) refuse(Err.PASSWORDS_DIFFER);
    if (!passwordStrongEnough(b.password)) refuse(Err.PASSWORD_TOO_WEAK);

    if (b.oldPassword !== undefined) {
      // change: the logged-in user proves the old password; the other sessions end
      if (b.code !== undefined || b.email !== undefined || b.phone !== undefined) {
        refuse(Err.MALFORMED_REQUEST, { detail: 'give oldPassword (change) or a code (reset), not both' });
      }
      if (!req.user) return refuse(Err.LOGIN_REQUIRED);
      const user = await userById(app.db, req.user.id);
      if (!user) return refuse(Err.LOGIN_REQUIRED);
      const keys = [accountKey(user.id), ipKey(req.ip)];
      await assertNotThrottled(app.db, keys);
      if (!(await verifyPassword(user.passwordHash, b.oldPassword))) {
        await recordFailure(app.db, keys);
        return refuse(Err.PASSWORD_WRONG);
      }
      const passwordHash = await hashPassword(b.password);
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        await revokeOtherSessions(tx, user.id, req.user!.sessionId);
      });
      req.log.info({ userId: String(user.id) }, 'password changed');
      return reply.ok(null, Ok.MODIFIED);
    }

    // reset: a code sent to the account's e-mail or phone; every session ends
    const target = targetOf(b);
    if (b.code === undefined || !/^[0-9]{6}$/.test(b.code.trim())) return refuse(Err.VERIFY_CODE_WRONG);
    const user = await userByTarget(app.db, target);
    if (!user) return refuse(Err.USER_NOT_FOUND);
    if (user.status !== 'active') refuse(Err.USER_STATUS_ABNORMAL);
    const codeId = await checkCode(app.db, target, 'reset', b.code);
    const passwordHash = await hashPassword(b.password);
    await app.db.transaction(async (tx) => {
      await consumeCode(tx, codeId);
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await revokeOtherSessions(tx, user.id);
      // whoever was locked out by guessing has now proved ownership of the address
      await clearFailures(tx, accountKey(user.id));
    });
    req.log.info({ userId: String(user.id) }, 'password reset');
    return reply.ok(null, Ok.MODIFIED);
  });
}
