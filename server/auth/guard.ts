import { Transform, type Readable } from 'node:stream';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  preParsingHookHandler,
  preValidationHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { bookFromHeader, VIRTUALLY_HEADER, type Book } from '../../src/contract/constants.ts';
import { Err } from '../../src/contract/errors.ts';
import { BizError } from '../platform/http/errors.ts';
import { namesKey, type PendingKey, type RequestKey } from './apiKeys/authenticate.ts';
import { scopeOf } from './apiKeys/scopes.ts';
import { SessionCache } from './sessionCache.ts';
import { tokenFromHeader, touchSession, type SessionUser } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / optionalUser. */
    user?: SessionUser;
    /** The book selected by the `virtually` header (NO or absent = demo, YES = real). */
    book: Book;
    /** Set when the request was signed with an API key instead of a session (server/auth/apiKeys). */
    apiKey?: RequestKey;
  }
  interface FastifyInstance {
    /** preHandler: body code 401 when the session is missing, expired or revoked. */
    requireUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: as requireUser, then the operator role (403 / 10045 otherwise). */
    requireOperator: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: sets req.user when a valid token is present, never refuses. */
    optionalUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Sessions checked from memory, revoked on every instance at once (server/auth/sessionCache.ts). */
    sessionCache: SessionCache;
  }
}

/**
 * Plugin 'guard': who is asking and for which book. `req.book` comes from the `virtually` header
 * (the wire name stays on the wire); `requireUser`, `requireOperator` and `optionalUser` are
 * preHandlers that load the session.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', undefined);
    app.decorateRequest('apiKey', undefined);
    // Trusted only when every instance that can share the database hears every other's
    // revocations: the embedded database is one process's; PostgreSQL needs Redis for that.
    const cache = new SessionCache({
      db: app.db,
      bus: app.bus,
      clock: app.clock,
      log: app.log,
      maxAgeMs: app.config.sessionCacheMs,
      enabled: app.database.kind === 'pglite' || app.config.redisUrl !== undefined,
    });
    app.decorate('sessionCache', cache);
    app.addHook('onClose', async () => cache.close());
    app.decorateRequest('book', 'demo');
    app.addHook('onRequest', (req, _reply, done) => {
      const v = req.headers[VIRTUALLY_HEADER];
      req.book = bookFromHeader(typeof v === 'string' ? v : undefined);
      done();
    });

    // a request's session is looked up once, however many hooks ask for it
    const loaded = new WeakSet<FastifyRequest>();
    const load = async (req: FastifyRequest) => {
      if (loaded.has(req)) return req.user;
      loaded.add(req);
      const token = tokenFromHeader(req.headers.authorization);
      if (!token) return undefined;
      const now = app.clock.now();
      const user = await cache.find(token, now);
      if (!user || user.status !== 'active') return undefined;
      // a request is activity: the idle limit counts from here (written at most every tenth of it)
      if (await touchSession(app.db, user, now)) cache.touched(user, now);
      return user;
    };
    // a request signed with an API key: its headers, key and scope now, its signature once the body
    // has arrived (keyHooks below); it is never also a session's (server/auth/apiKeys/authenticate.ts)
    const pendingKeys = new WeakMap<FastifyRequest, PendingKey>();
    app.decorate('requireUser', async (req: FastifyRequest) => {
      if (namesKey(req)) {
        pendingKeys.set(req, await app.apiKeys.precheck(req, scopeOf(req.method, req.routeOptions.url)));
        return;
      }
      req.user = await load(req);
      if (!req.user) throw new BizError(Err.LOGIN_REQUIRED);
    });
    app.decorate('requireOperator', async (req: FastifyRequest) => {
      if (namesKey(req)) throw new BizError(Err.API_KEY_ROUTE_NOT_ALLOWED);
      req.user = await load(req);
      if (!req.user) throw new BizError(Err.LOGIN_REQUIRED);
      if (req.user.role !== 'operator') throw new BizError(Err.OPERATOR_ONLY);
    });
    app.decorate('optionalUser', async (req: FastifyRequest) => {
      if (req.apiKey) return;
      req.user = await load(req);
    });
    const keyHooks = apiKeyHooks(app, pendingKeys);

    // Who is asking is settled before anything about the request is read: a route that declares
    // requireUser / requireOperator as a preHandler gets it moved to onRequest (before the body is
    // parsed and validated), so an anonymous caller gets 401, never a field error that would tell
    // them about the route's schema. Routes registered after this plugin, in any context, are covered.
    const authHooks = new Set<unknown>([app.requireUser, app.requireOperator]);
    const asList = <T>(h: T | T[] | undefined): T[] => (h === undefined ? [] : Array.isArray(h) ? h : [h]);
    app.addHook('onRoute', (route) => {
      const pre = asList(route.preHandler as preHandlerHookHandler | preHandlerHookHandler[] | undefined);
      const auth = pre.filter((h) => authHooks.has(h));
      // the operator API, whichever plugin adds a route to it (a plugin-wide preHandler is not
      // visible here): operators only, asked first
      if (route.url.startsWith('/admin-api/') && !auth.includes(app.requireOperator)) auth.unshift(app.requireOperator);
      if (auth.length === 0) return;
      // the contract says the route needs the token (server/platform/http/openApi.ts); the docs keep
      // this schema object, so it is marked in place
      const schema = route.schema as Record<string, unknown> | undefined;
      if (schema && !schema.security) schema.security = [{ token: [] }];
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.some((m) => scopeOf(m, route.url) !== undefined)) {
        // the contract says a signed request may stand for the session here
        if (schema) schema.security = [{ token: [] }, { apiKey: [], apiTimestamp: [], apiSignature: [] }];
        route.preParsing = [
          ...asList(route.preParsing as preParsingHookHandler | preParsingHookHandler[] | undefined),
          keyHooks.keep,
        ];
        route.preValidation = [
          keyHooks.verify,
          ...asList(route.preValidation as preValidationHookHandler | preValidationHookHandler[] | undefined),
        ];
      }
      route.preHandler = pre.filter((h) => !authHooks.has(h));
      route.onRequest = [
        ...(auth as unknown as onRequestHookHandler[]),
        ...asList(route.onRequest as onRequestHookHandler | onRequestHookHandler[] | undefined),
      ];
    });
  },
  { name: 'guard', dependencies: ['platform'] },
);

/**
 * The hooks a route that takes a key gets: the raw body kept as it streams to the parser (what was
 * signed is the bytes sent, not their parse), then, before validation, the signature checked.
 */
function apiKeyHooks(app: FastifyInstance, pending: WeakMap<FastifyRequest, PendingKey>) {
  const bodies = new WeakMap<FastifyRequest, Buffer[]>();
  const keep = async (req: FastifyRequest, _reply: FastifyReply, payload: Readable) => {
    if (!pending.has(req)) return payload;
    const chunks: Buffer[] = [];
    bodies.set(req, chunks);
    let received = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        received += chunk.length;
        (tap as Transform & { receivedEncodedLength?: number }).receivedEncodedLength = received;
        done(null, chunk);
      },
    });
    payload.on('error', (err) => tap.destroy(err));
    return payload.pipe(tap);
  };
  const verify = async (req: FastifyRequest) => {
    const p = pending.get(req);
    if (!p) return;
    pending.delete(req);
    const { user, key } = await app.apiKeys.verify(req, p, Buffer.concat(bodies.get(req) ?? []));
    req.user = user;
    req.apiKey = key;
  };
  return { keep, verify };
}
