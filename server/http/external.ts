/**
 * Options of the external plugins app.ts registers, kept here so app.ts reads as a list.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyMultipartOptions } from '@fastify/multipart';
import type { WebsocketPluginOptions } from '@fastify/websocket';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';

/** The websocket origin of the public URL: ws://host:port for http, wss:// for https. */
export function ownWebsocketOrigin(publicUrl: string): string {
  const u = new URL(publicUrl);
  return `${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}`;
}

/**
 * Security headers. The page may connect only to its own origin, its websocket included (named
 * explicitly for browsers whose 'self' does not cover ws:), never to any other host.
 */
export const helmetOptions = (config: Pick<Config, 'publicUrl'>): FastifyHelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'", ownWebsocketOrigin(config.publicUrl)],
      upgradeInsecureRequests: null,
    },
  },
});

/** Powerful browser features the app never uses are switched off for it and anything it embeds. */
export const PERMISSIONS_POLICY = [
  'camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()', 'bluetooth=()', 'serial=()', 'hid=()',
  'midi=()', 'magnetometer=()', 'gyroscope=()', 'accelerometer=()', 'display-capture=()', 'interest-cohort=()',
].join(', ');

export async function permissionsPolicy(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}

/**
 * Per-route limits only (`config.rateLimit` on a route). With Redis the limits are counted across
 * all instances; the store failing never blocks a request.
 */
export function rateLimitOptions(app: FastifyInstance): RateLimitPluginOptions {
  const { redisUrl } = app.config;
  const store = redisUrl ? new Redis(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 }) : undefined;
  if (store) app.addHook('onClose', async () => void (await store.quit().catch(() => {})));
  return { global: false, redis: store, skipOnError: true, nameSpace: 'tp-rate-limit-' };
}

export const multipartOptions = (config: Config): FastifyMultipartOptions => ({
  limits: { fileSize: config.uploadMaxBytes, files: 4, fields: 20, fieldSize: 2000 },
});

export const websocketOptions: WebsocketPluginOptions = { options: { maxPayload: 64 * 1024 } };

export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    info: { title: 'Trading platform API', version: '1.0.0', description: 'Every body is { code, msg, result }. See docs/error-catalogue.md.' },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
  },
};
