import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bookFromHeader, VIRTUALLY_HEADER, type Book } from '../../src/contract/constants.ts';
import { Err } from '../../src/contract/errors.ts';
import { BizError } from '../http/errors.ts';
import { findSessionUser, tokenFromHeader, type SessionUser } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / optionalUser. */
    user?: SessionUser;
    /** The book selected by the `virtually` header (NO or absent = demo, YES = real). */
    book: Book;
  }
  interface FastifyInstance {
    /** preHandler: body code 401 when the session is missing, expired or revoked. */
    requireUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: as requireUser, then the operator role (403 / 10045 otherwise). */
    requireOperator: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: sets req.user when a valid token is present, never refuses. */
    optionalUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * Plugin 'guard': who is asking and for which book. `req.book` comes from the `virtually` header
 * (the wire name stays on the wire); `requireUser`, `requireOperator` and `optionalUser` are
 * preHandlers that load the session.
 */
export default fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', undefined);
  app.decorateRequest('book', 'demo');
  app.addHook('onRequest', async (req) => {
    const v = req.headers[VIRTUALLY_HEADER];
    req.book = bookFromHeader(typeof v === 'string' ? v : undefined);
  });

  const load = async (req: FastifyRequest) => {
    const token = tokenFromHeader(req.headers.authorization);
    if (!token) return undefined;
    const user = await findSessionUser(app.db, token);
    return user && user.status === 'active' ? user : undefined;
  };
  app.decorate('requireUser', async (req: FastifyRequest) => {
    req.user = await load(req);
    if (!req.user) throw new BizError(Err.LOGIN_REQUIRED);
  });
  app.decorate('requireOperator', async (req: FastifyRequest) => {
    req.user = await load(req);
    if (!req.user) throw new BizError(Err.LOGIN_REQUIRED);
    if (req.user.role !== 'operator') throw new BizError(Err.OPERATOR_ONLY);
  });
  app.decorate('optionalUser', async (req: FastifyRequest) => {
    req.user = await load(req);
  });
}, { name: 'guard', dependencies: ['platform'] });
