/**
 * What the sign-in, two-factor and passkey routes share (server/auth/routes.ts, twofactor/routes.ts,
 * passkeys/routes.ts): their per-IP limits, the client a request comes from, the remembered device.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { appLanguageOf, languageOf } from '../platform/http/messages.ts';
import { deviceCookie, deviceTokenOf } from './devices.ts';
import type { Client } from './sessions.ts';

/**
 * Per-IP request limits (@fastify/rate-limit, global:false). They stop floods early; the finer
 * limits (per address, per account, growing sign-in waits) live in codes.ts and throttle.ts.
 */
export const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** Who is asking, from where, in which language, and when. */
export const clientOf = (req: FastifyRequest): Client => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
  log: req.log,
  language: languageOf(req.headers),
  appLanguage: appLanguageOf(req.headers),
  now: req.server.clock.now(),
});

/** The client of a sign-in, with the device it remembers (a cookie) and how to remember a new one. */
export const signInClientOf = (req: FastifyRequest, reply: FastifyReply): Client => ({
  ...clientOf(req),
  deviceToken: deviceTokenOf(req.headers.cookie),
  setDeviceToken: (token: string) => void reply.header('set-cookie', deviceCookie(token)),
});

/** A query string or body that must be empty. */
export const NoFields = Type.Object({}, { additionalProperties: false });
