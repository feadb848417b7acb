/**
 * Security headers, computed once at start and set on every answer with one call.
 *
 * Helmet decides the headers (CSP, HSTS, frame, referrer, ...). Its Fastify plugin rebuilt the
 * helmet middleware, CSP parsing included, on every request, which cost a bare quote about a
 * tenth of its throughput (docs/performance.md); the headers never change while the process runs,
 * so they are taken from helmet once, by running its middleware against a recorder.
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { ownWebsocketOrigin } from './external.ts';
import type { IndexPage } from './indexPage.ts';

/**
 * The page may connect only to its own origin, its websocket included (named explicitly for
 * browsers whose 'self' does not cover ws:), never to any other host.
 */
export const helmetOptions = (config: Pick<Config, 'publicUrl'>, inlineScripts: readonly string[] = []): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScripts.map(scriptHash)],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'", ownWebsocketOrigin(config.publicUrl)],
      upgradeInsecureRequests: null,
    },
  },
});

/** Powerful browser features the app never uses are switched off for it and anything it embeds. */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'bluetooth=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'interest-cohort=()',
].join(', ');

/** The CSP source that allows exactly this inline script and no other. */
export const scriptHash = (script: string): string => `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;

/**
 * Every header helmet sets with these options, plus the permissions policy (lower-case names).
 * The inline scripts are those of the built app's index.html (server/platform/http/indexPage.ts): our own
 * build's, allowed one by one by their hashes; an injected script has no matching hash.
 */
export function securityHeaders(
  config: Pick<Config, 'publicUrl'>,
  inlineScripts: readonly string[] = [],
): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(helmetOptions(config, inlineScripts))({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/** Sets the headers on every answer (a route may still replace one, e.g. a download's CSP). */
export async function securityHeadersPlugin(app: FastifyInstance, indexPage: IndexPage | undefined): Promise<void> {
  const headers = securityHeaders(app.config, indexPage?.inlineScripts);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
