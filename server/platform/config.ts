import type { BlobStoreConfig } from './blobs/config.ts';

/**
 * Everything the service reads from the environment, parsed once (server/config.ts, loadConfig).
 * The platform's own fields are here; each domain adds its fields to this interface by declaration
 * merging in its `server/<domain>/config.ts`, beside the variables they come from, so the platform
 * names no domain and every module still sees one typed configuration. server/config.ts fails to
 * compile when a field a domain declares is produced by no fragment.
 */
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
  /** Hours an operator added in the console reviews no money (OPERATOR_PROBATION_HOURS, default 72; 10150). */
  operatorProbationHours: number;
  uploadMaxBytes: number;
  /** Longest side of an uploaded image in pixels (UPLOAD_MAX_IMAGE_SIDE, default 6000); larger is refused from its header (10086). */
  uploadMaxImageSide: number;
  /**
   * The longest a user's own read (getUserInfo's rows, a page of positions or deposits) is served
   * from memory (USER_READ_CACHE_SECONDS, default 5; 0 = off), and the most rows kept
   * (USER_READ_CACHE_ROWS, default 50,000). Every write moves its users' versions before it
   * answers, and a copy is served only at its user's current version; the age bounds a version
   * Redis failed to move (server/platform/userReads.ts).
   */
  userReadCacheMs: number;
  userReadCacheRows: number;
  /**
   * Tests only, never from the environment: each read served from memory is read from the
   * database too and must be the same (a write that did not name its user fails the test).
   */
  userReadsVerify?: boolean;
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
  /** NODE_ENV=production: start refuses without a delivery channel for codes (see consoleDelivery). */
  production: boolean;
  /**
   * Verification codes may go to the server's console when no channel (SMTP) delivers them.
   * Always so in development; in production only when CONSOLE_DELIVERY=true says so explicitly.
   */
  consoleDelivery: boolean;
  /** The largest other amount an operator types: charity payouts, product limits, NFT prices (OPERATOR_AMOUNT_MAX). */
  operatorAmountMax: string;
  /**
   * The key that seals identity documents (KYC_KEY: 32 bytes, base64 or hex). Absent: generated
   * into <dataDir>/kyc.key, except in production on PostgreSQL, where start refuses (docs/kyc.md).
   */
  kycKey?: string;
  /** Earlier keys still read while a rotation re-seals the images (KYC_OLD_KEYS, comma-separated). */
  kycOldKeys: string[];
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
}
