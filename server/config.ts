import path from 'node:path';
import { UPLOAD_MAX_BYTES_DEFAULT } from '../src/contract/constants.ts';
import { blobStoreConfig } from './platform/blobs/config.ts';
import type { Config } from './platform/config.ts';
import {
  composeEnv,
  configFragment,
  PLATFORM_ENV,
  readEnv,
  type ConfigFragment,
  type ParsedEnv,
  type PlatformEnv,
} from './platform/env.ts';
import { DOMAINS } from './domains.ts';

export type { Config } from './platform/config.ts';
export { ConfigError } from './platform/env.ts';

function parseTrustProxy(v: string | undefined): boolean | string {
  if (!v || v === 'false' || v === '0') return false;
  return v === 'true' ? true : v;
}

/** The platform's own fields from its own variables (PLATFORM_ENV); each domain reads its own (server/<domain>/config.ts). */
const platformConfig = configFragment(PLATFORM_ENV, (e: PlatformEnv) => ({
  port: e.PORT ?? 3000,
  host: e.HOST ?? '0.0.0.0',
  dataDir: path.resolve(e.DATA_DIR ?? './data'),
  databaseUrl: e.DATABASE_URL,
  redisUrl: e.REDIS_URL,
  busNamespace: e.BUS_NAMESPACE,
  leaderRetryMs: e.LEADER_RETRY_MS,
  smtpUrl: e.SMTP_URL,
  mailFrom: e.MAIL_FROM ?? 'no-reply@localhost',
  publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT ?? 3000}`,
  operatorProbationHours: e.OPERATOR_PROBATION_HOURS ?? 72,
  uploadMaxBytes: e.UPLOAD_MAX_BYTES ?? UPLOAD_MAX_BYTES_DEFAULT,
  uploadMaxImageSide: e.UPLOAD_MAX_IMAGE_SIDE ?? 6000,
  userReadCacheMs: (e.USER_READ_CACHE_SECONDS ?? 5) * 1000,
  userReadCacheRows: e.USER_READ_CACHE_ROWS ?? 50_000,
  staticDir: path.resolve(e.STATIC_DIR ?? 'dist'),
  logLevel: e.LOG_LEVEL ?? 'info',
  engines: e.ENGINES !== 'off',
  trustProxy: parseTrustProxy(e.TRUST_PROXY),
  production: e.NODE_ENV === 'production',
  consoleDelivery: e.NODE_ENV !== 'production' || e.CONSOLE_DELIVERY === true,
  operatorAmountMax: e.OPERATOR_AMOUNT_MAX ?? '10000000',
  kycKey: e.KYC_KEY,
  kycOldKeys: (e.KYC_OLD_KEYS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean),
  metricsToken: e.METRICS_TOKEN,
}));

type Domain = (typeof DOMAINS)[number];
type FieldsOf<D> = D extends { config: ConfigFragment<infer C> } ? C : never;
type Both<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** Every domain's fields, as their fragments produce them. */
type DomainFields = Both<FieldsOf<Domain>>;

/** Whose variables the schema holds: the platform's, then each domain's in the order of server/domains.ts. */
export const ENV_OWNERS: readonly { owner: string; env: ConfigFragment['env'] }[] = [
  { owner: 'platform', env: platformConfig.env },
  ...DOMAINS.flatMap((d) => ('config' in d ? [{ owner: d.name, env: d.config.env }] : [])),
];
/** The one schema of the environment, composed from the platform's variables and every domain's. */
export const ENV = composeEnv(ENV_OWNERS);
/** Every variable the service reads (README's configuration table lists exactly these). */
export const ENV_NAMES: readonly string[] = Object.keys(ENV);

/**
 * Each domain's fields from its own fragment. The loop cannot carry the types of the fragments
 * it joins, so its result is named as their intersection here: each part is exactly what its
 * declared `read` returns, and loadConfig's `Config` annotation then fails to compile when a
 * field a domain adds to Config (declaration merging) is produced by no fragment.
 */
function domainFields(e: ParsedEnv): DomainFields {
  return DOMAINS.reduce<object>((all, d) => ({ ...all, ...('config' in d ? d.config.read(e) : {}) }), {}) as DomainFields;
}

/**
 * The configuration from `env`, checked against the one composed schema of the environment: a
 * malformed variable throws ConfigError naming it, so the start stops. `overrides` (tests, tools)
 * replace parsed fields.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = readEnv(ENV, env);
  const config: Config = {
    ...platformConfig.read(e),
    ...domainFields(e),
    blobStore: blobStoreConfig(env),
    ...overrides,
  };
  return config;
}
