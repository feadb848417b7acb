import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config.ts';
import platform from './platform.ts';
import ops from './platform/ops/plugin.ts';
import opsRoutes from './platform/ops/routes.ts';
import jobsAdminRoutes from './platform/ops/adminRoutes.ts';
import files from './platform/blobs/plugin.ts';
import errors, { frameworkErrors } from './platform/http/errors.ts';
import { rateLimitOptions, websocketOptions } from './platform/http/external.ts';
import { openApiOptions } from './platform/http/openApi.ts';
import { apiGuide } from './platform/http/apiGuide.ts';
import { securityHeadersPlugin } from './platform/http/securityHeaders.ts';
import frontEnd from './platform/http/frontEnd.ts';
import { loadIndexPage } from './platform/http/indexPage.ts';
import { serializerCompiler } from './platform/http/serialization.ts';
import { validatorCompiler } from './platform/http/validation.ts';
import { DOMAINS, JOBS } from './domains.ts';
import type { DomainManifest } from './platform/domain.ts';

export type App = FastifyInstance;

export interface AppOptions {
  config: Config;
  /** PGlite in memory (tests); see server/platform.ts. */
  memoryDb?: boolean;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The whole service as a list: the platform underneath, external plugins, the domains' plugins
 * (each decorates one typed service and declares what it depends on), then their routes, which
 * only parse requests and call those services, then the front end. The domains come from their
 * manifests (server/domains.ts). start.ts seeds and starts it; main.ts listens.
 */
export async function buildApp({ config, memoryDb, logger }: AppOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    frameworkErrors,
    // the platform plugin opens the database and runs the migrations: on a busy machine or a large
    // database that outlasts Fastify's 10 s default, and a service that gives up half-migrated is
    // worse than one that starts late (the health check says when it is ready)
    pluginTimeout: 180_000,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler); // scalar unions without Ajv per field (server/platform/http/serialization.ts)

  // the platform: configuration, database, bus (closed last)
  await app.register(platform, { config, memoryDb });
  await app.register(ops, { jobs: JOBS }); // app.metrics, app.jobs (every domain's leader jobs), app.readiness
  await app.register(files); // app.files: personal files, sealed, in the blob store

  // the built app's index.html, read once: served by the front end, its inline scripts hashed for the CSP
  const indexPage = loadIndexPage(config.staticDir);

  // external plugins
  await securityHeadersPlugin(app, indexPage); // helmet's headers, computed once
  await app.register(rateLimit, rateLimitOptions(app));
  await app.register(websocket, websocketOptions);
  const domains: readonly DomainManifest[] = DOMAINS;
  await app.register(
    swagger,
    openApiOptions(
      domains.flatMap((d) => d.openApiTags ?? []),
      config.publicUrl,
    ),
  );
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await apiGuide(app); // docs/api.md at /docs/api, linked from the document

  // shared by every domain's routes (the guard, requireUser and the rest, is auth's first plugin)
  await app.register(errors); // envelope, reply.ok, req.lang

  // the domains (server/domains.ts, in dependency order): every plugin, each decorating one
  // service, before any route (two-factor sign-in puts its step-up checks on routes as they come)
  for (const d of domains) for (const plugin of d.plugins ?? []) await app.register(plugin);
  // then the routes, which only parse requests and call those services
  for (const d of domains) {
    for (const routes of d.routes ?? []) await app.register(routes);
    for (const routes of d.adminRoutes ?? []) await app.register(routes, { prefix: '/admin-api' });
  }

  await app.register(opsRoutes); // /readyz, /metrics
  await app.register(jobsAdminRoutes, { prefix: '/admin-api' });
  // what the domains write into the first frame of a path's page (the instrument page's price)
  const frames = new Map(
    domains.flatMap((d) => Object.entries(d.pageFrames ?? {}).map(([p, frame]) => [p, frame(app)] as const)),
  );
  // health check, the built app, coded 404s (under the platform's API prefixes and the domains')
  await app.register(frontEnd, { indexPage, frames, apiPrefixes: domains.flatMap((d) => d.apiPrefixes ?? []) });
  return app;
}
