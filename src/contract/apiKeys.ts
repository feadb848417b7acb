import { Type, type Static } from 'typebox';
import { IsoTime, LiteralUnion } from './envelope.ts';

/**
 * API keys on the wire (docs/api.md, "Authentication with an API key"; docs/security.md, "API
 * keys"). A key is an Ed25519 public key the customer registers; the private key never reaches
 * the platform. A request signed with it carries the headers below instead of `authorization`.
 * Shared by browser and server: no DOM, no Node imports.
 */

/** What a key may do: `read` the account, `trade` (open, change, close orders and plans), `withdraw` (to saved addresses only). */
export const API_KEY_SCOPES = ['read', 'trade', 'withdraw'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The most keys (not revoked) one account keeps (10374). */
export const API_KEYS_MAX = 20;
/** The most entries of a key's IP allowlist. */
export const API_KEY_IPS_MAX = 20;
/** A request's validity after its timestamp unless X-API-RECV-WINDOW says otherwise, and the most it may say (ms). */
export const RECV_WINDOW_DEFAULT_MS = 5000;
export const RECV_WINDOW_MAX_MS = 60_000;
/** How far a timestamp may be ahead of the platform's clock (ms): clocks drift. */
export const TIMESTAMP_AHEAD_MS = 1000;

/** The headers of a signed request (lower case, as Node hands them over). */
export const API_KEY_HEADER = 'x-api-key';
export const API_TIMESTAMP_HEADER = 'x-api-timestamp';
export const API_RECV_WINDOW_HEADER = 'x-api-recv-window';
export const API_SIGNATURE_HEADER = 'x-api-signature';

/** What is signed: the timestamp, the method in capitals, the path with its query as sent, the body as sent ('' without one). */
export const signedText = (timestamp: string, method: string, pathWithQuery: string, body: string): string =>
  `${timestamp}${method.toUpperCase()}${pathWithQuery}${body}`;

/** A key's id as shown and sent in X-API-KEY: `ak_` and 24 lower-case letters and digits. */
export const API_KEY_ID_RE = /^ak_[a-z0-9]{24}$/;

const Scope = LiteralUnion(API_KEY_SCOPES);

/** POST /swx/customer/user/apiKeys: the 32-byte raw Ed25519 public key in base64 (44 characters). */
export const CreateApiKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 40 }),
    publicKey: Type.String({ minLength: 1, maxLength: 100 }),
    scopes: Type.Array(Scope, { minItems: 1, maxItems: 3, uniqueItems: true }),
    /** addresses or CIDR ranges, IPv4 or IPv6; none: any address */
    ips: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: API_KEY_IPS_MAX })),
  },
  { additionalProperties: false },
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

export const ApiKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  publicKey: Type.String(),
  scopes: Type.Array(Scope),
  ips: Type.Array(Type.String()),
  createdAt: IsoTime,
  revokedAt: Type.Union([IsoTime, Type.Null()]),
  lastUsedAt: Type.Union([IsoTime, Type.Null()]),
  lastUsedIp: Type.Union([Type.String(), Type.Null()]),
  /** requests per minute this key may make */
  ratePerMinute: Type.Integer(),
});
export type ApiKey = Static<typeof ApiKey>;

export const ApiKeyList = Type.Object({ rows: Type.Array(ApiKey) });
export type ApiKeyList = Static<typeof ApiKeyList>;

export const ApiKeyIdParams = Type.Object(
  { id: Type.String({ pattern: API_KEY_ID_RE.source }) },
  { additionalProperties: false },
);
