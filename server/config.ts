import path from 'node:path';
import { UPLOAD_MAX_BYTES_DEFAULT } from '../src/contract/constants.ts';
import { readEnv, type Env } from './platform/env.ts';

export { ConfigError } from './platform/env.ts';
import { blobStoreConfig, type BlobStoreConfig } from './platform/blobs/config.ts';
import { chainConfig, type ChainConfig } from './chain/config.ts';

/** Everything the service reads from the environment, parsed once. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /**
   * Prefix of every Redis channel (BUS_NAMESPACE, default none): deployments sharing one Redis,
   * or test runs, set different ones so they never hear each other (server/platform/bus/bus.ts).
   */
  busNamespace?: string;
  /** How often an instance that leads no job retries its advisory locks (LEADER_RETRY_MS, default 5 s). */
  leaderRetryMs?: number;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  oidc?: { issuer: string; clientId: string; clientSecret: string; redirectUri: string };
  operatorEmail?: string;
  operatorPassword?: string;
  /**
   * A second operator from configuration (OPERATOR2_EMAIL / OPERATOR2_PASSWORD): operator
   * management takes two operators, so the console cannot grow from one alone (docs/security.md).
   */
  operator2Email?: string;
  operator2Password?: string;
  /** Hours an operator added in the console reviews no money (OPERATOR_PROBATION_HOURS, default 72; 10150). */
  operatorProbationHours: number;
  /**
   * Operators must have two-factor sign-in on to approve or reject money reviews
   * (OPERATOR_2FA_REQUIRED; default on in production, off elsewhere; 10217; docs/security.md).
   */
  operator2faRequired: boolean;
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
  /**
   * The longest a signed-in check is served from memory before the database is asked again
   * (SESSION_CACHE_SECONDS, default 5; 0 = off). Revocations reach every instance at once through
   * the bus; this bounds one lost in transit (server/auth/sessionCache.ts).
   */
  sessionCacheMs: number;
  /**
   * The longest a user's own read (getUserInfo's rows, a page of positions or deposits) is served
   * from memory (USER_READ_CACHE_SECONDS, default 5; 0 = off), and the most rows kept
   * (USER_READ_CACHE_ROWS, default 50,000). Every write makes its users' reads forgotten on every
   * instance before it answers; the age bounds one lost in transit (server/platform/userReads.ts).
   */
  userReadCacheMs: number;
  userReadCacheRows: number;
  /**
   * Tests only, never from the environment: each read served from memory is read from the
   * database too and must be the same (a write that did not name its user fails the test).
   */
  userReadsVerify?: boolean;
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
  /** The largest single funding of, or withdrawal from, the yield reserve in USDT (RESERVE_FUNDING_MAX). */
  reserveFundingMax: string;
  /** The largest other amount an operator types: charity payouts, product limits, NFT prices (OPERATOR_AMOUNT_MAX). */
  operatorAmountMax: string;
  /**
   * The key that seals identity documents (KYC_KEY: 32 bytes, base64 or hex). Absent: generated
   * into <dataDir>/kyc.key, except in production on PostgreSQL, where start refuses (docs/kyc.md).
   */
  kycKey?: string;
  /** Earlier keys still read while a rotation re-seals the images (KYC_OLD_KEYS, comma-separated). */
  kycOldKeys: string[];
  /**
   * Passkeys (WebAuthn, server/auth/passkeys/passkeys.ts): the relying party id (a domain), the origin the
   * browser signs for, and the name authenticators show. Default: PUBLIC_URL's host and origin.
   */
  webauthn: { rpId: string; origin: string; rpName: string };
  /** Hours before a saved withdrawal address is usable, and before turning the allowlist off takes effect (ALLOWLIST_DELAY_HOURS, default 24). */
  allowlistDelayHours: number;
  /**
   * Withdrawal limits per asset, valued in USDT, by verification level: per UTC day and over a
   * rolling 30 days (WITHDRAW_LIMIT_*; server/wallet/withdrawalLimits.ts, docs/wallet.md).
   */
  withdrawLimits: { basic: { day: string; month: string }; verified: { day: string; month: string } };
  /** The bearer token /metrics asks for (METRICS_TOKEN); absent, /metrics refuses everyone (10200). */
  metricsToken?: string;
  /**
   * Tests only, never from the environment: the platform clock's time source (ms since the epoch)
   * instead of the system time, so a test runs on a fixed Monday morning or moves days ahead, and
   * every domain sees the same time (server/platform/clock.ts).
   */
  clock?: () => number;
  /**
   * Tests only, never from the environment: a file holding a migrated PGlite's dump
   * (tests/setup/databaseTemplates.ts), loaded by the in-memory database instead of running
   * initdb and every migration again.
   */
  pgliteTemplate?: string;
  /** Where personal files are stored: BLOB_STORE=db (default) or s3 with S3_* (docs/storage.md). */
  blobStore: BlobStoreConfig;
  /** Watched chains (CHAIN_*, server/chain/config.ts); none without CHAIN_ETH_RPC_URL. */
  chain: ChainConfig;
}

/** The passkeys' relying party: WEBAUTHN_* when set, else PUBLIC_URL's host name and origin. */
function webauthnConfig(
  publicUrl: string,
  e: Pick<Env, 'WEBAUTHN_RP_ID' | 'WEBAUTHN_ORIGIN' | 'WEBAUTHN_RP_NAME'>,
): Config['webauthn'] {
  const pub = new URL(publicUrl);
  return {
    rpId: e.WEBAUTHN_RP_ID ?? pub.hostname,
    origin: new URL(e.WEBAUTHN_ORIGIN ?? pub.origin).origin,
    rpName: e.WEBAUTHN_RP_NAME ?? 'Trading platform',
  };
}

function parseTrustProxy(v: string | undefined): boolean | string {
  if (!v || v === 'false' || v === '0') return false;
  return v === 'true' ? true : v;
}

/**
 * The configuration from `env`, checked against the one schema of the environment
 * (server/platform/env.ts): a malformed variable throws ConfigError naming it, so the start stops.
 * `overrides` (tests, tools) replace parsed fields.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = readEnv(env);
  const dataDir = path.resolve(e.DATA_DIR ?? './data');
  const port = e.PORT ?? 3000;
  const oidc =
    e.OIDC_ISSUER && e.OIDC_CLIENT_ID
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET ?? '',
          redirectUri: e.OIDC_REDIRECT_URI ?? `${e.PUBLIC_URL ?? `http://localhost:${port}`}/api/loginCallback/google`,
        }
      : undefined;
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    busNamespace: e.BUS_NAMESPACE,
    leaderRetryMs: e.LEADER_RETRY_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'no-reply@localhost',
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${port}`,
    oidc,
    operatorEmail: e.OPERATOR_EMAIL,
    operatorPassword: e.OPERATOR_PASSWORD,
    operator2Email: e.OPERATOR2_EMAIL,
    operator2Password: e.OPERATOR2_PASSWORD,
    operatorProbationHours: e.OPERATOR_PROBATION_HOURS ?? 72,
    operator2faRequired: e.OPERATOR_2FA_REQUIRED ?? e.NODE_ENV === 'production',
    feed: {
      kind: e.FEED ?? 'simulated',
      url: e.FEED_URL,
      seed: e.FEED_SEED,
      staleAfterMs: e.FEED_STALE_MS ?? 30_000,
    },
    uploadMaxBytes: e.UPLOAD_MAX_BYTES ?? UPLOAD_MAX_BYTES_DEFAULT,
    uploadMaxImageSide: e.UPLOAD_MAX_IMAGE_SIDE ?? 6000,
    depositPendingMax: e.DEPOSIT_PENDING_MAX ?? 5,
    depositClaimsPerHour: e.DEPOSIT_CLAIMS_PER_HOUR ?? 10,
    supportMessagesPerMinute: e.SUPPORT_MESSAGES_PER_MINUTE ?? 10,
    supportOpenMax: e.SUPPORT_OPEN_MAX ?? 3,
    withdrawFeeRate: e.WITHDRAW_FEE_RATE ?? '0.01',
    sessionTtlMs: (e.SESSION_TTL_HOURS ?? 12) * 3600_000,
    sessionIdleMs: (e.SESSION_IDLE_MINUTES ?? 30) * 60_000,
    sessionRememberMs: (e.SESSION_REMEMBER_DAYS ?? 7) * 86_400_000,
    sessionCacheMs: (e.SESSION_CACHE_SECONDS ?? 5) * 1000,
    userReadCacheMs: (e.USER_READ_CACHE_SECONDS ?? 5) * 1000,
    userReadCacheRows: e.USER_READ_CACHE_ROWS ?? 50_000,
    codesPerHourGlobal: e.CODES_PER_HOUR_GLOBAL ?? 500,
    staticDir: path.resolve(e.STATIC_DIR ?? 'dist'),
    logLevel: e.LOG_LEVEL ?? 'info',
    engines: e.ENGINES !== 'off',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    wsMaxPerAddress: e.WS_MAX_PER_ADDRESS ?? 20,
    wsMaxTotal: e.WS_MAX_TOTAL ?? 5000,
    production: e.NODE_ENV === 'production',
    consoleDelivery: e.NODE_ENV !== 'production' || e.CONSOLE_DELIVERY === true,
    withdrawHoldAfterResetHours: e.WITHDRAW_HOLD_AFTER_RESET_HOURS ?? 24,
    fourEyesAboveUsdt: e.FOUR_EYES_ABOVE_USDT ?? '10000',
    reserveFundingMax: e.RESERVE_FUNDING_MAX ?? '1000000',
    operatorAmountMax: e.OPERATOR_AMOUNT_MAX ?? '10000000',
    kycKey: e.KYC_KEY,
    kycOldKeys: (e.KYC_OLD_KEYS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    metricsToken: e.METRICS_TOKEN,
    webauthn: webauthnConfig(e.PUBLIC_URL ?? `http://localhost:${port}`, e),
    allowlistDelayHours: e.ALLOWLIST_DELAY_HOURS ?? 24,
    withdrawLimits: {
      basic: { day: e.WITHDRAW_LIMIT_DAY_USDT ?? '10000', month: e.WITHDRAW_LIMIT_30D_USDT ?? '50000' },
      verified: { day: e.WITHDRAW_LIMIT_DAY_USDT_VERIFIED ?? '1000000', month: e.WITHDRAW_LIMIT_30D_USDT_VERIFIED ?? '10000000' },
    },
    blobStore: blobStoreConfig(env),
    chain: chainConfig(e),
    ...overrides,
  };
}
