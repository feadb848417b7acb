import { Type, type Static, type TSchema } from 'typebox';
import { Convert, Errors } from 'typebox/value';
import { UPLOAD_MAX_BYTES_DEFAULT } from '../../src/contract/constants.ts';

/**
 * Every environment variable the service reads, in one TypeBox schema: its type, bounds and
 * default. `readEnv` checks the environment against it at start (loadConfig), so a malformed
 * number, address or key stops the start with a message naming the variable instead of running on
 * NaN or a silently ignored value. README's configuration table lists exactly these names (a unit
 * test compares them, and another checks that server code reads no variable outside this schema).
 * An empty value counts as unset (`FOO=` in an env file).
 */

const int = (minimum: number, maximum: number, def: number | undefined, description: string) =>
  Type.Optional(Type.Integer({ minimum, maximum, ...(def === undefined ? {} : { default: def }), description }));
const text = (description: string, def?: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength: 2000, ...(def === undefined ? {} : { default: def }), description }));
/** An absolute URL of one of `schemes` (checked with the pattern, then parsed). */
const url = (schemes: string[], description: string) =>
  Type.Optional(Type.String({ pattern: `^(${schemes.join('|')})://\\S+$`, maxLength: 2000, description, url: true }));
/** A decimal written as text (money and rates stay decimal strings, never floats). */
const decimal = (description: string, def: string) =>
  Type.Optional(
    Type.String({
      pattern: '^\\d{1,18}(\\.\\d{1,18})?$',
      default: def,
      description,
      hint: 'a decimal number such as 10000 or 0.01',
    }),
  );
const oneOf = <T extends string>(values: readonly T[], def: T, description: string) =>
  Type.Optional(
    Type.Union(
      values.map((v) => Type.Literal(v)),
      { default: def, description },
    ),
  );
const EMAIL = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
/** 32 bytes as hex (64 characters) or base64 (44 characters); crypto.ts checks the length exactly. */
const KEY = '([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)';

export const EnvSchema = Type.Object({
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
  DATABASE_URL: url(['postgres', 'postgresql'], 'PostgreSQL instead of the embedded PGlite'),
  REDIS_URL: url(['redis', 'rediss'], 'Redis for fan-out and rate limits across instances'),
  BUS_NAMESPACE: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9_.:-]{1,64}$',
      description: 'prefix of every Redis channel',
      hint: '1 to 64 letters, digits or _.:-',
    }),
  ),
  LEADER_RETRY_MS: int(100, 600_000, 5000, 'how often an instance retries the locks of jobs it does not lead'),
  SMTP_URL: url(['smtp', 'smtps'], 'mail delivery'),
  MAIL_FROM: text('sender of mail', 'no-reply@localhost'),
  CONSOLE_DELIVERY: Type.Optional(Type.Boolean({ description: 'production only: allow codes on the console without SMTP' })),
  OIDC_ISSUER: url(['https', 'http'], 'OpenID Connect issuer'),
  OIDC_CLIENT_ID: text('OpenID Connect client id'),
  OIDC_CLIENT_SECRET: text('OpenID Connect client secret'),
  OIDC_REDIRECT_URI: url(['https', 'http'], 'OpenID Connect redirect URI'),
  OPERATOR_EMAIL: Type.Optional(
    Type.String({ pattern: EMAIL, maxLength: 254, description: 'the first operator account', hint: 'an e-mail address' }),
  ),
  OPERATOR_PASSWORD: Type.Optional(Type.String({ minLength: 8, maxLength: 200, description: 'the first operator password' })),
  OPERATOR2_EMAIL: Type.Optional(
    Type.String({ pattern: EMAIL, maxLength: 254, description: 'a second operator account', hint: 'an e-mail address' }),
  ),
  OPERATOR2_PASSWORD: Type.Optional(Type.String({ minLength: 8, maxLength: 200, description: 'the second operator password' })),
  OPERATOR_2FA_REQUIRED: Type.Optional(
    Type.Boolean({ description: 'operators need two-factor sign-in to review money (default: on in production)' }),
  ),
  OPERATOR_PROBATION_HOURS: int(0, 24 * 365, 72, 'an operator added in the console reviews no money for this long'),
  FEED: oneOf(['simulated', 'exchange'], 'simulated', 'price source'),
  FEED_URL: url(['wss', 'ws'], 'exchange stream for FEED=exchange'),
  FEED_SEED: int(0, Number.MAX_SAFE_INTEGER, undefined, 'simulator seed'),
  FEED_STALE_MS: int(1000, 86_400_000, 30_000, 'an instrument without a tick this long is not tradable'),
  UPLOAD_MAX_BYTES: int(1024, 100 * 1024 * 1024, UPLOAD_MAX_BYTES_DEFAULT, 'largest accepted image'),
  UPLOAD_MAX_IMAGE_SIDE: int(16, 100_000, 6000, 'longest side of an uploaded image in pixels'),
  KYC_KEY: Type.Optional(
    Type.String({
      pattern: `^\\s*${KEY}\\s*$`,
      description: 'key sealing identity documents',
      hint: '32 bytes as base64 (44 characters) or hex (64)',
    }),
  ),
  KYC_OLD_KEYS: Type.Optional(
    Type.String({
      pattern: `^\\s*${KEY}(\\s*,\\s*${KEY})*\\s*,?\\s*$`,
      description: 'earlier document keys',
      hint: 'keys of 32 bytes (base64 or hex), comma-separated',
    }),
  ),
  DEPOSIT_PENDING_MAX: int(1, 10_000, 5, 'deposit claims waiting per user'),
  DEPOSIT_CLAIMS_PER_HOUR: int(1, 10_000, 10, 'deposit claims per user per hour'),
  WITHDRAW_FEE_RATE: decimal('withdrawal fee as a fraction', '0.01'),
  WITHDRAW_HOLD_AFTER_RESET_HOURS: int(0, 24 * 365, 24, 'withdrawal hold after a password change'),
  FOUR_EYES_ABOVE_USDT: decimal('deposits and withdrawals above this need two operators', '10000'),
  RESERVE_FUNDING_MAX: decimal(
    'largest single funding of, or withdrawal from, the yield reserve (USDT); each needs two operators',
    '1000000',
  ),
  OPERATOR_AMOUNT_MAX: decimal(
    'largest other amount an operator types (charity payouts, product limits, NFT prices; USDT)',
    '10000000',
  ),
  WEBAUTHN_RP_ID: Type.Optional(
    Type.String({
      pattern: '^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$',
      description: "passkeys: the relying party id, a domain (default: PUBLIC_URL's host name)",
      hint: 'a lower-case domain such as trade.example.com',
    }),
  ),
  WEBAUTHN_ORIGIN: url(['https', 'http'], "passkeys: the origin the app runs at (default: PUBLIC_URL's origin)"),
  WEBAUTHN_RP_NAME: text('passkeys: the name authenticators show', 'Trading platform'),
  ALLOWLIST_DELAY_HOURS: int(
    0,
    24 * 30,
    24,
    'a saved withdrawal address becomes usable, and turning the allowlist off takes effect, this long after',
  ),
  WITHDRAW_LIMIT_DAY_USDT: decimal('withdrawals per asset per UTC day, in USDT, before identity verification', '10000'),
  WITHDRAW_LIMIT_30D_USDT: decimal('withdrawals per asset over 30 days, in USDT, before identity verification', '50000'),
  WITHDRAW_LIMIT_DAY_USDT_VERIFIED: decimal('withdrawals per asset per UTC day, in USDT, once identity is verified', '1000000'),
  WITHDRAW_LIMIT_30D_USDT_VERIFIED: decimal('withdrawals per asset over 30 days, in USDT, once identity is verified', '10000000'),
  SUPPORT_MESSAGES_PER_MINUTE: int(1, 10_000, 10, 'support messages per minute'),
  SUPPORT_OPEN_MAX: int(1, 1000, 3, 'open support conversations per customer'),
  ONLINE_SERVICE_URL: url(['https'], 'the online-service button'),
  SOCIAL_DISCORD_URL: url(['https'], 'footer link'),
  SOCIAL_TWITTER_URL: url(['https'], 'footer link'),
  SOCIAL_TELEGRAM_URL: url(['https'], 'footer link'),
  NFT_CHARITY: text('the charity NFT sales donate to'),
  NFT_DONATION_SHARE: Type.Optional(
    Type.String({
      pattern: '^(0\\.9\\d{0,9}|1(\\.0{1,10})?)$',
      description: 'share of a sale donated, 0.9 to 1',
      hint: 'a decimal from 0.9 to 1',
    }),
  ),
  SESSION_TTL_HOURS: int(1, 24 * 365, 12, "a session's absolute lifetime"),
  SESSION_IDLE_MINUTES: int(1, 60 * 24 * 365, 30, 'a session ends after this long without a request'),
  SESSION_REMEMBER_DAYS: int(1, 365, 7, '"remember me": absolute and idle limit'),
  SESSION_CACHE_SECONDS: int(0, 60, 5, 'longest a session check is served from memory (0: the database on every request)'),
  USER_READ_CACHE_SECONDS: int(
    0,
    60,
    5,
    "longest a user's own read (profile and balances, a page of positions or deposits) is served from memory (0: the database on every request)",
  ),
  USER_READ_CACHE_ROWS: int(100, 10_000_000, 50_000, "the most rows the users' reads keep in memory per instance"),
  CODES_PER_HOUR_GLOBAL: int(1, 10_000_000, 500, 'verification codes per hour over all addresses'),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info', 'pino log level'),
  ENGINES: oneOf(['on', 'off'], 'on', 'off: no feed nor scheduled jobs (focused tests)'),
  TRUST_PROXY: text('proxies whose X-Forwarded-For is believed: addresses (CIDR) or true/false'),
  WS_MAX_PER_ADDRESS: int(1, 1_000_000, 20, 'price websockets per client address'),
  WS_MAX_TOTAL: int(1, 10_000_000, 5000, 'price websockets one instance holds open in all'),
  BLOB_STORE: oneOf(['db', 's3'], 'db', 'where personal files are stored, sealed'),
  S3_BUCKET: text('with BLOB_STORE=s3: the bucket'),
  S3_ENDPOINT: url(['https', 'http'], 'with BLOB_STORE=s3: an S3-compatible endpoint'),
  S3_REGION: text('with BLOB_STORE=s3: the region', 'us-east-1'),
  S3_ACCESS_KEY_ID: text('with BLOB_STORE=s3: access key id'),
  S3_SECRET_ACCESS_KEY: text('with BLOB_STORE=s3: secret access key'),
  S3_FORCE_PATH_STYLE: Type.Optional(Type.Boolean({ description: 'with BLOB_STORE=s3: path-style URLs' })),
  METRICS_TOKEN: Type.Optional(
    Type.String({ minLength: 16, maxLength: 200, description: 'bearer token /metrics asks for', hint: '16 to 200 characters' }),
  ),
  // deposits credited from the chain (server/chain/config.ts, docs/wallet.md)
  CHAIN_ETH_RPC_URL: url(['http', 'https'], 'Ethereum JSON-RPC node to watch; unset, ETH and USDT-ERC20 deposits stay claims'),
  CHAIN_ETH_CONFIRMATIONS: int(1, 1000, 12, 'confirmations before an Ethereum deposit is credited'),
  CHAIN_ETH_XPUB: Type.Optional(
    Type.String({
      pattern: '^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$',
      description: 'account-level extended public key customer deposit addresses are derived from',
      hint: 'an extended public key (xpub…)',
    }),
  ),
  CHAIN_USDT_ERC20_CONTRACT: Type.Optional(
    Type.String({
      pattern: '^0x[0-9a-fA-F]{40}$',
      description: 'the USDT token contract on Ethereum; unset, only native ETH is watched',
      hint: 'a 0x-prefixed address of 40 hex digits',
    }),
  ),
  CHAIN_ETH_START_BLOCK: int(0, Number.MAX_SAFE_INTEGER, undefined, 'where a new Ethereum watcher starts (default: the head)'),
});

export type Env = Static<typeof EnvSchema>;
export const ENV_NAMES = Object.keys(EnvSchema.properties) as (keyof Env)[];

/** Values never repeated in a message (they may hold a password or a key). */
const SECRET = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'OIDC_CLIENT_SECRET',
  'OPERATOR_PASSWORD',
  'OPERATOR2_PASSWORD',
  'KYC_KEY',
  'KYC_OLD_KEYS',
  'METRICS_TOKEN',
  'S3_SECRET_ACCESS_KEY',
  // a node provider's URL carries its API key; the xpub tells every customer's address
  'CHAIN_ETH_RPC_URL',
  'CHAIN_ETH_XPUB',
]);

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
 * The service's variables from `env`, converted (numbers, booleans) and checked against EnvSchema;
 * defaults are left to loadConfig. Throws ConfigError naming every malformed variable.
 */
export function readEnv(env: NodeJS.ProcessEnv): Env {
  const raw: Record<string, string> = {};
  for (const name of ENV_NAMES) {
    const v = env[name];
    if (v !== undefined && v !== '') raw[name] = v;
  }
  const value = Convert(EnvSchema, { ...raw }) as Record<string, unknown>;
  const bad = new Set<string>();
  for (const e of Errors(EnvSchema, value)) bad.add(e.instancePath.split('/')[1] ?? '');
  const props = EnvSchema.properties as unknown as Record<string, TSchema & Record<string, unknown>>;
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
        message: `${rule(props[name])}${SECRET.has(name) ? '' : ` (got ${JSON.stringify(raw[name])})`}`,
      })),
    );
  }
  return value as Env;
}
