import path from 'node:path';
import { UPLOAD_MAX_BYTES_DEFAULT } from '../src/contract/constants.ts';

/** Everything the service reads from the environment, parsed once. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  oidc?: { issuer: string; clientId: string; clientSecret: string; redirectUri: string };
  operatorEmail?: string;
  operatorPassword?: string;
  feed: { kind: 'simulated' | 'exchange'; url?: string; seed?: number; staleAfterMs: number };
  uploadMaxBytes: number;
  withdrawFeeRate: string;
  sessionTtlMs: number;
  /** Verification codes sent per hour over all addresses (against mail bombing). */
  codesPerHourGlobal: number;
  /** Where the built front end lives; absent in API-only tests. */
  staticDir?: string;
  logLevel: string;
  /** Turns off the background engines (feed, scheduler) for focused tests. */
  engines: boolean;
  /**
   * Whom to believe about the client address (X-Forwarded-For). Off by default: otherwise any
   * client could name its own address and step around every per-IP limit. Behind a proxy set
   * TRUST_PROXY to its address(es) (comma-separated, CIDR allowed) or `true`.
   */
  trustProxy: boolean | string;
  /**
   * Price websockets one client address (the same `req.ip` the HTTP limits count) may hold open;
   * one more is closed at once with 1008. Each socket gets the whole price list and every batch.
   */
  wsMaxPerAddress: number;
}

function parseTrustProxy(v: string | undefined): boolean | string {
  if (!v || v === 'false' || v === '0') return false;
  return v === 'true' ? true : v;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const port = Number(env.PORT ?? 3000);
  const oidc = env.OIDC_ISSUER && env.OIDC_CLIENT_ID
    ? {
        issuer: env.OIDC_ISSUER,
        clientId: env.OIDC_CLIENT_ID,
        clientSecret: env.OIDC_CLIENT_SECRET ?? '',
        redirectUri: env.OIDC_REDIRECT_URI ?? `${env.PUBLIC_URL ?? `http://localhost:${port}`}/api/loginCallback/google`,
      }
    : undefined;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'no-reply@localhost',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    oidc,
    operatorEmail: env.OPERATOR_EMAIL || undefined,
    operatorPassword: env.OPERATOR_PASSWORD || undefined,
    feed: {
      kind: env.FEED === 'exchange' ? 'exchange' : 'simulated',
      url: env.FEED_URL || undefined,
      seed: env.FEED_SEED ? Number(env.FEED_SEED) : undefined,
      staleAfterMs: Number(env.FEED_STALE_MS ?? 30_000),
    },
    uploadMaxBytes: Number(env.UPLOAD_MAX_BYTES ?? UPLOAD_MAX_BYTES_DEFAULT),
    withdrawFeeRate: env.WITHDRAW_FEE_RATE ?? '0.01',
    sessionTtlMs: Number(env.SESSION_TTL_HOURS ?? 24 * 7) * 3600_000,
    codesPerHourGlobal: Number(env.CODES_PER_HOUR_GLOBAL ?? 500),
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    engines: env.ENGINES !== 'off',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    wsMaxPerAddress: Number(env.WS_MAX_PER_ADDRESS ?? 20),
    ...overrides,
  };
}
