import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Bus } from './notify/bus.ts';
import { errorsPlugin } from './http/errors.ts';
import { validatorCompiler } from './http/validation.ts';
import { guardPlugin } from './auth/guard.ts';
import { Err } from '../src/contract/errors.ts';
import { languageOf, message } from './http/messages.ts';
import authRoutes from './auth/routes.ts';
import marketRoutes from './market/routes.ts';
import walletRoutes from './wallet/routes.ts';
import adminRoutes from './admin/routes.ts';
import contentRoutes from './content/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    bus: Bus;
  }
}

export type App = FastifyInstance;

export interface AppDeps {
  config: Config;
  database: Database;
  bus: Bus;
  logger?: FastifyServerOptions['logger'];
}

const API_PREFIXES = ['/swx/', '/admin-api/', '/docs', '/ws', '/customer-service/', '/settings/', '/js-api/'];

export async function buildApp({ config, database, bus, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Bad URLs and over-long path parameters are refused before routing; keep the envelope.
    frameworkErrors: (error, req, reply) => {
      const lang = languageOf(req.headers);
      void (reply as FastifyReply).status(400).send({ code: Err.MALFORMED_REQUEST, msg: message(lang, Err.MALFORMED_REQUEST, { detail: error.message }), result: null });
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);

  // the id that every log line of this request carries, so a user's report can be found
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('bus', bus);

  // external plugins
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  // With Redis the limits are counted across all instances; the store failing never blocks a request.
  const limitStore = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 }) : undefined;
  if (limitStore) app.addHook('onClose', async () => void (await limitStore.quit().catch(() => {})));
  await app.register(rateLimit, { global: false, redis: limitStore, skipOnError: true, nameSpace: 'tp-rate-limit-' });
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 4, fields: 20, fieldSize: 2000 } });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Trading platform API', version: '1.0.0', description: 'Every body is { code, msg, result }. See docs/error-catalogue.md.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  // our plugins
  await app.register(errorsPlugin);
  await app.register(guardPlugin);

  // routes
  await app.register(authRoutes);
  await app.register(marketRoutes);
  await app.register(walletRoutes);
  await app.register(contentRoutes);
  await app.register(adminRoutes, { prefix: '/admin-api' });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));

  const staticDir = config.staticDir;
  const hasApp = staticDir && fs.existsSync(path.join(staticDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, { root: staticDir, wildcard: false, maxAge: '1h', index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
    if (!isApi && hasApp && req.method === 'GET') {
      // the single-page app owns every other path (wouter sends unknown ones to /)
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ code: Err.NOT_FOUND, msg: message(req.lang ?? 'en', Err.NOT_FOUND), result: null });
  });
  return app;
}
