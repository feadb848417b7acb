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
  /** Longest side of an uploaded image in pixels (UPLOAD_MAX_IMAGE_SIDE, default 6000); larger is refused from its header (10086). */
  uploadMaxImageSide: number;
  /** Deposit claims one user may have waiting for review (DEPOSIT_PENDING_MAX, default 5; 10085). */
  depositPendingMax: number;
  /** Deposit claims one user may make per hour (DEPOSIT_CLAIMS_PER_HOUR, default 10; 10031). */
  depositClaimsPerHour: number;
  /** Support chat messages one user or operator may send per minute (SUPPORT_MESSAGES_PER_MINUTE, default 10; 10140). */
  supportMessagesPerMinute: number;
  /** Open support conversations one customer may have (SUPPORT_OPEN_MAX, default 3; 10142). */
  supportOpenMax: number;
  withdrawFeeRate: string;
  /** A session's absolute lifetime (SESSION_TTL_HOURS, default 12). */
  sessionTtlMs: number;
  /** A session ends after this long without a request (SESSION_IDLE_MINUTES, default 30). */
  sessionIdleMs: number;
  /** "Remember me on this device": absolute and idle limit (SESSION_REMEMBER_DAYS, default 7). */
  sessionRememberMs: number;
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
  /**
   * Price websockets the instance holds open in all (WS_MAX_TOTAL); one more is closed at once
   * with 1013 "try again later", so many addresses together cannot exhaust the process.
   */
  wsMaxTotal: number;
  /** NODE_ENV=production: start refuses without a delivery channel for codes (see consoleDelivery). */
  production: boolean;
  /**
   * Verification codes may go to the server's console when no channel (SMTP) delivers them.
   * Always so in development; in production only when CONSOLE_DELIVERY=true says so explicitly.
   */
  consoleDelivery: boolean;
  /** Hours withdrawals wait after a password reset or change (WITHDRAW_HOLD_AFTER_RESET_HOURS). */
  withdrawHoldAfterResetHours: number;
  /**
   * Deposits and withdrawals worth more than this (USDT) need two different operators
   * (FOUR_EYES_ABOVE_USDT); a record whose value is unknown (no price) counts as above.
   */
  fourEyesAboveUsdt: string;
  /**
   * The key that seals identity documents (KYC_KEY: 32 bytes, base64 or hex). Absent: generated
   * into <dataDir>/kyc.key, except in production on PostgreSQL, where start refuses (docs/kyc.md).
   */
  kycKey?: string;
  /** Earlier keys still read while a rotation re-seals the images (KYC_OLD_KEYS, comma-separated). */
  kycOldKeys: string[];
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
    uploadMaxImageSide: Number(env.UPLOAD_MAX_IMAGE_SIDE ?? 6000),
    depositPendingMax: Number(env.DEPOSIT_PENDING_MAX ?? 5),
    depositClaimsPerHour: Number(env.DEPOSIT_CLAIMS_PER_HOUR ?? 10),
    supportMessagesPerMinute: Number(env.SUPPORT_MESSAGES_PER_MINUTE ?? 10),
    supportOpenMax: Number(env.SUPPORT_OPEN_MAX ?? 3),
    withdrawFeeRate: env.WITHDRAW_FEE_RATE ?? '0.01',
    sessionTtlMs: Number(env.SESSION_TTL_HOURS ?? 12) * 3600_000,
    sessionIdleMs: Number(env.SESSION_IDLE_MINUTES ?? 30) * 60_000,
    sessionRememberMs: Number(env.SESSION_REMEMBER_DAYS ?? 7) * 86_400_000,
    codesPerHourGlobal: Number(env.CODES_PER_HOUR_GLOBAL ?? 500),
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    engines: env.ENGINES !== 'off',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    wsMaxPerAddress: Number(env.WS_MAX_PER_ADDRESS ?? 20),
    wsMaxTotal: Number(env.WS_MAX_TOTAL ?? 5000),
    production: env.NODE_ENV === 'production',
    consoleDelivery: env.NODE_ENV !== 'production' || env.CONSOLE_DELIVERY === 'true',
    withdrawHoldAfterResetHours: Number(env.WITHDRAW_HOLD_AFTER_RESET_HOURS ?? 24),
    fourEyesAboveUsdt: env.FOUR_EYES_ABOVE_USDT ?? '10000',
    kycKey: env.KYC_KEY || undefined,
    kycOldKeys: (env.KYC_OLD_KEYS ?? '').split(',').map((k) => k.trim()).filter(Boolean),
    ...overrides,
  };
}
