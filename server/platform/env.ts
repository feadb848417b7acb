import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox';
import { Convert, Errors } from 'typebox/value';
import { UPLOAD_MAX_BYTES_DEFAULT } from '../../src/contract/constants.ts';
import type { Config } from './config.ts';

/**
 * The environment's schema is composed: the platform's own variables are here (PLATFORM_ENV), each
 * domain declares the variables it reads in its `server/<domain>/config.ts` with the helpers below
 * (its manifest's `config`), and server/config.ts joins them over server/domains.ts (composeEnv):
 * one TypeBox schema with every variable's type, bounds and default. `readEnv` checks the
 * environment against it at start (loadConfig), so a malformed number, address or key stops the
 * start with a message naming the variable instead of running on NaN or a silently ignored value.
 * README's configuration table lists exactly the composed names (a unit test compares them, and
 * another checks that server code reads no variable outside the schema). An empty value counts as
 * unset (`FOO=` in an env file).
 */

export const int = (minimum: number, maximum: number, def: number | undefined, description: string) =>
  Type.Optional(Type.Integer({ minimum, maximum, ...(def === undefined ? {} : { default: def }), description }));
export const text = (description: string, def?: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength: 2000, ...(def === undefined ? {} : { default: def }), description }));
/** An absolute URL of one of `schemes` (checked with the pattern, then parsed). */
export const url = (schemes: string[], description: string) =>
  Type.Optional(Type.String({ pattern: `^(${schemes.join('|')})://\\S+$`, maxLength: 2000, description, url: true }));
/** A decimal written as text (money and rates stay decimal strings, never floats). */
export const decimal = (description: string, def?: string) =>
  Type.Optional(
    Type.String({
      pattern: '^\\d{1,18}(\\.\\d{1,18})?$',
      ...(def === undefined ? {} : { default: def }),
      description,
      hint: 'a decimal number such as 10000 or 0.01',
    }),
  );
export const oneOf = <T extends string>(values: readonly T[], def: T, description: string) =>
  Type.Optional(
    Type.Union(
      values.map((v) => Type.Literal(v)),
      { default: def, description },
    ),
  );
export const EMAIL = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
/** 32 bytes as hex (64 characters) or base64 (44 characters); crypto.ts checks the length exactly. */
export const KEY = '([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)';
/** A variable whose value is never repeated in a message (it may hold a password, a key or a provider's token). */
export const secret = <T extends TSchema>(s: T): T => Object.assign(s, { secret: true });

/** The platform's own variables: database, bus, mail, HTTP, uploads, blobs, sealing, operators' amounts, logs. */
export const PLATFORM_ENV = {
  NODE_ENV: oneOf(
    ['development', 'production', 'test'],
    'development',
    'production: stricter start (code delivery, KYC key), secure defaults',
  ),
  PORT: int(0, 65535, 3000, 'HTTP port'),
  HOST: text('bind address', '0.0.0.0'),
  DATA_DIR: text('embedded database and uploaded files', './data'),
  STATIC_DIR: text('the built front end', 'dist'),
  PUBLIC_URL: url(['http', 'https'], 'the address users reach the service at (links in mail, OIDC callback)'),
  DATABASE_URL: secret(url(['postgres', 'postgresql'], 'PostgreSQL instead of the embedded PGlite')),
  REDIS_URL: secret(url(['redis', 'rediss'], 'Redis for fan-out and rate limits across instances')),
  BUS_NAMESPACE: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9_.:-]{1,64}$',
      description: 'prefix of every Redis channel',
      hint: '1 to 64 letters, digits or _.:-',
    }),
  ),
  LEADER_RETRY_MS: int(100, 600_000, 5000, 'how often an instance retries the locks of jobs it does not lead'),
  SMTP_URL: secret(url(['smtp', 'smtps'], 'mail delivery')),
  MAIL_FROM: text('sender of mail', 'no-reply@localhost'),
  CONSOLE_DELIVERY: Type.Optional(Type.Boolean({ description: 'production only: allow codes on the console without SMTP' })),
  OPERATOR_PROBATION_HOURS: int(0, 24 * 365, 72, 'an operator added in the console reviews no money for this long'),
  UPLOAD_MAX_BYTES: int(1024, 100 * 1024 * 1024, UPLOAD_MAX_BYTES_DEFAULT, 'largest accepted image'),
  UPLOAD_MAX_IMAGE_SIDE: int(16, 100_000, 6000, 'longest side of an uploaded image in pixels'),
  KYC_KEY: secret(
    Type.Optional(
      Type.String({
        pattern: `^\\s*${KEY}\\s*$`,
        description: 'key sealing identity documents',
        hint: '32 bytes as base64 (44 characters) or hex (64)',
      }),
    ),
  ),
  KYC_OLD_KEYS: secret(
    Type.Optional(
      Type.String({
        pattern: `^\\s*${KEY}(\\s*,\\s*${KEY})*\\s*,?\\s*$`,
        description: 'earlier document keys',
        hint: 'keys of 32 bytes (base64 or hex), comma-separated',
      }),
    ),
  ),
  OPERATOR_AMOUNT_MAX: decimal(
    'largest other amount an operator types (charity payouts, product limits, NFT prices; USDT)',
    '10000000',
  ),
  USER_READ_CACHE_SECONDS: int(
    0,
    60,
    5,
    "longest a user's own read (profile and balances, a page of positions or deposits) is served from memory (0: the database on every request)",
  ),
  USER_READ_CACHE_ROWS: int(100, 10_000_000, 50_000, "the most rows the users' reads keep in memory per instance"),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info', 'pino log level'),
  ENGINES: oneOf(['on', 'off'], 'on', 'off: no feed nor scheduled jobs (focused tests)'),
  TRUST_PROXY: text('proxies whose X-Forwarded-For is believed: addresses (CIDR) or true/false'),
  BLOB_STORE: oneOf(['db', 's3'], 'db', 'where personal files are stored, sealed'),
  S3_BUCKET: text('with BLOB_STORE=s3: the bucket'),
  S3_ENDPOINT: url(['https', 'http'], 'with BLOB_STORE=s3: an S3-compatible endpoint'),
  S3_REGION: text('with BLOB_STORE=s3: the region', 'us-east-1'),
  S3_ACCESS_KEY_ID: text('with BLOB_STORE=s3: access key id'),
  S3_SECRET_ACCESS_KEY: secret(text('with BLOB_STORE=s3: secret access key')),
  S3_FORCE_PATH_STYLE: Type.Optional(Type.Boolean({ description: 'with BLOB_STORE=s3: path-style URLs' })),
  METRICS_TOKEN: secret(
    Type.Optional(
      Type.String({ minLength: 16, maxLength: 200, description: 'bearer token /metrics asks for', hint: '16 to 200 characters' }),
    ),
  ),
} satisfies TProperties;

/** The parsed values of a set of variables. */
export type EnvOf<P extends TProperties> = Static<TObject<P>>;
export type PlatformEnv = EnvOf<typeof PLATFORM_ENV>;
/** The whole environment once checked against the composed schema, as the composition holds it. */
export type ParsedEnv = Readonly<Record<string, unknown>>;

/**
 * What a domain reads from the environment (DomainManifest.config): its variables, and its fields
 * of the configuration (server/platform/config.ts, which the domain augments with them).
 */
export interface ConfigFragment<C extends Partial<Config> = Partial<Config>> {
  readonly env: TProperties;
  readonly read: (e: ParsedEnv) => C;
}

/**
 * A configuration fragment whose `read` sees its own variables and the platform's, typed. The one
 * conversion is here: readEnv checked the composed schema, which holds every property of `env` and
 * of PLATFORM_ENV (composeEnv refuses a fragment that would redeclare one), so the values fit.
 */
export function configFragment<P extends TProperties, C extends Partial<Config>>(
  env: P,
  read: (e: EnvOf<P> & PlatformEnv) => C,
): ConfigFragment<C> {
  return { env, read: (e) => read(e as EnvOf<P> & PlatformEnv) };
}

/** The fragments' variables in one set of properties; a variable two owners declare stops the start. */
export function composeEnv(fragments: readonly { owner: string; env: TProperties }[]): TProperties {
  const all: Record<string, TSchema> = {};
  const owners = new Map<string, string>();
  for (const f of fragments) {
    for (const [name, schema] of Object.entries(f.env)) {
      const first = owners.get(name);
      if (first) throw new Error(`the variable ${name} is declared by both ${first} and ${f.owner}`);
      owners.set(name, f.owner);
      all[name] = schema;
    }
  }
  return all;
}

/** The environment does not fit the schema: `problems` names each variable and what it must be. */
export class ConfigError extends Error {
  constructor(readonly problems: { name: string; message: string }[]) {
    super(`invalid configuration: ${problems.map((p) => `${p.name} ${p.message}`).join('; ')}`);
    this.name = 'ConfigError';
  }
}

function rule(s: TSchema & Record<string, unknown>): string {
  if (s.hint) return `must be ${s.hint}`;
  if (s.anyOf) return `must be one of ${(s.anyOf as { const: string }[]).map((v) => v.const).join(', ')}`;
  if (s.type === 'integer') return `must be a whole number from ${s.minimum} to ${s.maximum}`;
  if (s.type === 'boolean') return 'must be true or false';
  if (s.url)
    return `must be a URL (${String(s.pattern)
      .slice(2)
      .split(')')[0]
      .split('|')
      .map((x) => `${x}://`)
      .join(' or ')})`;
  if (s.pattern) return `must match ${s.pattern}`;
  return `must be ${s.minLength ? `${s.minLength} to ${s.maxLength} characters` : 'text'}`;
}

/**
 * The variables of `properties` from `env`, converted (numbers, booleans) and checked against
 * them; defaults are left to the readers (loadConfig and the fragments). Throws ConfigError naming
 * every malformed variable, without repeating a secret one's value.
 */
export function readEnv<P extends TProperties>(properties: P, env: NodeJS.ProcessEnv): EnvOf<P> {
  const schema = Type.Object(properties);
  const props = properties as unknown as Record<string, TSchema & Record<string, unknown>>;
  const raw: Record<string, string> = {};
  for (const name of Object.keys(props)) {
    const v = env[name];
    if (v !== undefined && v !== '') raw[name] = v;
  }
  const value = Convert(schema, { ...raw }) as Record<string, unknown>;
  const bad = new Set<string>();
  for (const e of Errors(schema, value)) bad.add(e.instancePath.split('/')[1] ?? '');
  for (const [name, s] of Object.entries(props)) {
    // Convert would round "1.5" or read "1e3": a whole number is written in digits only
    if (s.type === 'integer' && raw[name] !== undefined && !/^\s*\d+\s*$/.test(raw[name])) bad.add(name);
    if (!s.url || typeof value[name] !== 'string' || bad.has(name)) continue;
    try {
      new URL(value[name] as string);
    } catch {
      bad.add(name);
    }
  }
  if (bad.size) {
    throw new ConfigError(
      [...bad].map((name) => ({
        name,
        message: `${rule(props[name])}${props[name].secret ? '' : ` (got ${JSON.stringify(raw[name])})`}`,
      })),
    );
  }
  return value as EnvOf<P>;
}
