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
import errors, { frameworkErrors } from './http/errors.ts';
import { openApiOptions, rateLimitOptions, websocketOptions } from './http/external.ts';
import { securityHeadersPlugin } from './http/securityHeaders.ts';
import frontEnd from './http/frontEnd.ts';
import { loadIndexPage } from './http/indexPage.ts';
import { validatorCompiler } from './http/validation.ts';
import guard from './auth/guard.ts';
import market from './market/plugin.ts';
import accounts from './auth/plugin.ts';
import passkeys from './auth/passkeysPlugin.ts';
import passkeyRoutes from './auth/passkeyRoutes.ts';
import wallet from './wallet/plugin.ts';
import { walletProtection, walletProtectionRoutes } from './wallet/protectionRoutes.ts';
import content from './content/plugin.ts';
import admin from './admin/plugin.ts';
import smart from './smart/plugin.ts';
import trading from './trading/plugin.ts';
import kyc from './kyc/plugin.ts';
import support from './support/plugin.ts';
import loans from './loans/plugin.ts';
import authRoutes, { accountSessionRoutes } from './auth/routes.ts';
import marketRoutes from './market/routes.ts';
import walletRoutes from './wallet/routes.ts';
import contentRoutes from './content/routes.ts';
import adminRoutes from './admin/routes.ts';
import documentAccessRoutes from './admin/accessRoutes.ts';
import smartRoutes from './smart/routes.ts';
import smartAdminRoutes from './smart/adminRoutes.ts';
import nfts from './nfts/plugin.ts';
import alerts from './alerts/plugin.ts';
import alertRoutes from './alerts/routes.ts';
import portfolioRoutes from './portfolio/plugin.ts';
import nftRoutes from './nfts/routes.ts';
import nftAdminRoutes from './nfts/adminRoutes.ts';
import tradingRoutes from './trading/routes.ts';
import tradingAdminRoutes from './trading/adminRoutes.ts';
import kycRoutes from './kyc/routes.ts';
import kycAdminRoutes from './kyc/adminRoutes.ts';
import supportRoutes from './support/routes.ts';
import supportAdminRoutes from './support/adminRoutes.ts';
import loanRoutes from './loans/routes.ts';
import loanAdminRoutes from './loans/adminRoutes.ts';
import proof from './proof/plugin.ts';
import proofRoutes, { proofAdmin } from './proof/routes.ts';
import reserveAdminRoutes from './reserves/routes.ts';
import twoFactor from './twofactor/plugin.ts';
import twoFactorRoutes from './twofactor/routes.ts';

export type App = FastifyInstance;

export interface AppOptions {
  config: Config;
  /** PGlite in memory (tests); see server/platform.ts. */
  memoryDb?: boolean;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The whole service as a list: the platform underneath, external plugins, our domain plugins
 * (each decorates one typed service and declares what it depends on), then the routes, which
 * only parse requests and call those services. start.ts seeds and starts it; main.ts listens.
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

  // the platform: configuration, database, bus (closed last)
  await app.register(platform, { config, memoryDb });
  await app.register(ops); // app.metrics, app.jobs, app.readiness
  await app.register(files); // app.files: personal files, sealed, in the blob store

  // the built app's index.html, read once: served by the front end, its inline scripts hashed for the CSP
  const indexPage = loadIndexPage(config.staticDir);

  // external plugins
  await securityHeadersPlugin(app, indexPage); // helmet's headers, computed once
  await app.register(rateLimit, rateLimitOptions(app));
  await app.register(websocket, websocketOptions);
  await app.register(swagger, openApiOptions);
  await app.register(swaggerUi, { routePrefix: '/docs' });

  // domain plugins
  await app.register(errors); // envelope, reply.ok, req.lang
  await app.register(guard); // requireUser, requireOperator, optionalUser, req.book
  await app.register(market); // app.market
  await app.register(accounts); // app.accounts
  await app.register(passkeys); // app.passkeys
  await app.register(twoFactor); // app.twoFactor; step-up codes on the routes that need them (before the routes)
  await app.register(wallet); // app.wallet
  await app.register(walletProtection); // app.walletProtection
  await app.register(content); // app.content
  await app.register(admin); // app.admin
  await app.register(smart); // app.smart
  await app.register(trading); // app.trading
  await app.register(kyc); // app.kyc
  await app.register(support); // app.support
  await app.register(loans); // app.loans
  await app.register(nfts); // app.nfts
  await app.register(alerts); // app.alerts
  await app.register(proof); // app.proof

  // routes
  await app.register(authRoutes);
  await app.register(twoFactorRoutes);
  await app.register(accountSessionRoutes);
  await app.register(passkeyRoutes);
  await app.register(marketRoutes);
  await app.register(walletRoutes);
  await app.register(walletProtectionRoutes);
  await app.register(contentRoutes);
  await app.register(adminRoutes, { prefix: '/admin-api' });
  await app.register(documentAccessRoutes);
  await app.register(smartRoutes);
  await app.register(smartAdminRoutes, { prefix: '/admin-api' });
  await app.register(tradingRoutes);
  await app.register(tradingAdminRoutes, { prefix: '/admin-api' });
  await app.register(kycRoutes);
  await app.register(kycAdminRoutes, { prefix: '/admin-api' });
  await app.register(supportRoutes);
  await app.register(supportAdminRoutes, { prefix: '/admin-api' });
  await app.register(loanRoutes);
  await app.register(loanAdminRoutes, { prefix: '/admin-api' });
  await app.register(nftRoutes);
  await app.register(nftAdminRoutes, { prefix: '/admin-api' });
  await app.register(alertRoutes);
  await app.register(portfolioRoutes);
  await app.register(proofRoutes);
  await app.register(proofAdmin, { prefix: '/admin-api' });
  await app.register(reserveAdminRoutes, { prefix: '/admin-api' });
  await app.register(opsRoutes); // /readyz, /metrics
  await app.register(jobsAdminRoutes, { prefix: '/admin-api' });
  await app.register(frontEnd, { indexPage }); // health check, the built app, coded 404s
  return app;
}
