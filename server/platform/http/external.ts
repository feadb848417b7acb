/**
 * Options of the external plugins app.ts registers, kept here so app.ts reads as a list.
 */
import type { FastifyInstance } from 'fastify';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { WebsocketPluginOptions } from '@fastify/websocket';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';

/** The websocket origin of the public URL: ws://host:port for http, wss:// for https. */
export function ownWebsocketOrigin(publicUrl: string): string {
  const u = new URL(publicUrl);
  return `${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}`;
}

/**
 * Per-route limits only (`config.rateLimit` on a route). With Redis the limits are counted across
 * all instances of the deployment (BUS_NAMESPACE); the store failing never blocks a request.
 */
export function rateLimitOptions(app: FastifyInstance): RateLimitPluginOptions {
  const { redisUrl } = app.config;
  const store = redisUrl ? new Redis(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 }) : undefined;
  if (store) app.addHook('onClose', async () => void (await store.quit().catch(() => {})));
  // the deployment's namespace, as on the bus: deployments (or test runs) sharing one Redis count apart
  return { global: false, redis: store, skipOnError: true, nameSpace: `${app.config.busNamespace ?? ''}tp-rate-limit-` };
}

export const multipartOptions = (config: Config): FastifyMultipartOptions => ({
  limits: { fileSize: config.uploadMaxBytes, files: 4, fields: 20, fieldSize: 2000 },
});

/**
 * Multipart forms for the routes of one encapsulated plugin (the upload routes only). The
 * multipart plugin hooks every request of the context it is registered in (a close listener on
 * each response, a check before validation, a clean-up after), so it is not registered globally:
 * a price or a list pays nothing for uploads. A multipart body sent anywhere else is refused
 * (415, answered as 10030).
 */
export async function acceptMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, multipartOptions(app.config));
}

export const websocketOptions: WebsocketPluginOptions = { options: { maxPayload: 64 * 1024 } };
