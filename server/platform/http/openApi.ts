/**
 * The served API contract (/docs/json, issue 43; docs/api.md, "The contract"). Each route declares
 * what only it can say (its `RouteDoc`: id, summary, description, the money it moves, the refusals
 * its own rules answer, examples) in its domain's routeDocs.ts; this module adds what follows from
 * the route itself (who may call it, the refusals every such route shares) and the meaning of every
 * code from the catalogue, so no code is described twice and none is described by hand.
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { Err, type ErrCode } from '../../../src/contract/errors.ts';
import { DEFAULT_LANGUAGE, VIRTUALLY_HEADER } from '../../../src/contract/constants.ts';
import { STEP_UP_HEADER } from '../../../src/contract/twoFactorRules.ts';
import { readLocales } from './messages.ts';
import { API_GUIDE_PATH } from './apiGuide.ts';

/** What one route says of itself in the contract. */
export interface RouteDoc {
  /** Stable and unique: the wire name where the published API has one (`buyOptions`), else a camelCase verb phrase. */
  operationId: string;
  /** One line: what it does. */
  summary: string;
  /** What it does and when, in sentences; who may call it and the codes' meanings are added. */
  description: string;
  /** The catalogue codes its own rules refuse with (the shared ones are added, see `sharedRefusals`); [] for none. */
  refusals: readonly ErrCode[];
  /** The money it moves (ledger transfers, holds), for the calls that move any. */
  moves?: string;
  /** A body and an answer (the whole envelope), checked against the schemas by the contract's lint. */
  examples?: { body?: unknown; answer?: unknown };
}

/** The schema keys a `RouteDoc` becomes (Fastify ignores them; @fastify/swagger copies `x-` keys). */
export function docSchema(doc: RouteDoc) {
  const { operationId, summary, description, refusals, moves, examples } = doc;
  return {
    operationId,
    summary,
    description,
    // a schema written without the type's help may lack it: the lint then names the route
    ...(refusals ? { 'x-refusals': [...refusals] } : {}),
    ...(moves ? { 'x-moves': moves } : {}),
    ...(examples ? { 'x-examples': examples } : {}),
  };
}

/**
 * Flags other plugins put on a route's schema when they add a check to it (auth's step-up): the
 * refusals the check answers. Written in place, since the docs keep the route options they saw.
 */
export const STEP_UP_FLAG = 'x-step-up';
const STEP_UP_REFUSALS: Record<string, readonly ErrCode[]> = {
  customer: [Err.TWO_FACTOR_CODE_REQUIRED, Err.TWO_FACTOR_CODE_WRONG, Err.TWO_FACTOR_CODE_USED, Err.LOGIN_THROTTLED],
  review: [
    Err.OPERATOR_TWO_FACTOR_REQUIRED,
    Err.TWO_FACTOR_CODE_REQUIRED,
    Err.TWO_FACTOR_CODE_WRONG,
    Err.TWO_FACTOR_CODE_USED,
    Err.LOGIN_THROTTLED,
  ],
};

const NAMES = new Map<number, string>(Object.entries(Err).map(([name, code]) => [code, name]));
const MESSAGES = readLocales<Record<string, string>>('errors')[DEFAULT_LANGUAGE];
/** A code's meaning: its English message, placeholders as `{name}`. */
export const meaningOf = (code: number) => (MESSAGES[String(code)] ?? '').replace(/\{\{\s*(\w+)\s*\}\}/g, '{$1}');

type Schema = Record<string, unknown>;
type Caller = 'anyone' | 'customer' | 'operator';
/** A route's own limit (`config.rateLimit`, @fastify/rate-limit, counted per client address). */
interface RateLimit {
  max: number;
  timeWindow: string;
}

const CALLERS: Record<Caller, string> = {
  anyone: 'Anyone: no session needed (a token, when sent, is read).',
  customer:
    'A signed-in customer (`Authorization` token), acting on their own records in the book the `virtually` header selects.',
  operator: 'An operator (`Authorization` token of an operator account); customers are refused with 10045.',
};

/** The refusals that follow from the route itself rather than from its rules. */
export function sharedRefusals(schema: Schema, caller: Caller, rateLimited: boolean): ErrCode[] {
  const codes: ErrCode[] = [];
  if (caller !== 'anyone') codes.push(Err.LOGIN_REQUIRED);
  if (caller === 'operator') codes.push(Err.OPERATOR_ONLY);
  if (schema.body || schema.querystring || schema.params) codes.push(Err.MALFORMED_REQUEST);
  if (rateLimited) codes.push(Err.TOO_MANY_REQUESTS);
  const stepUp = schema[STEP_UP_FLAG];
  if (typeof stepUp === 'string') codes.push(...(STEP_UP_REFUSALS[stepUp] ?? []));
  return codes;
}

/** The headers a call reads besides the token: the book (customers), and the step-up code where it is checked. */
function headersOf(caller: Caller, stepUp: boolean): Schema | undefined {
  const properties: Schema = {};
  if (caller === 'customer')
    properties[VIRTUALLY_HEADER] = {
      type: 'string',
      enum: ['NO', 'YES'],
      description: 'The book: `NO` (or absent) the demo book, `YES` the real one.',
    };
  if (stepUp)
    properties[STEP_UP_HEADER] = {
      type: 'string',
      description: 'A fresh code from the authenticator app, when the caller has two-factor sign-in on.',
    };
  return Object.keys(properties).length ? { type: 'object', properties } : undefined;
}

const callerOf = (url: string, schema: Schema): Caller =>
  url.startsWith('/admin-api/') ? 'operator' : schema.security ? 'customer' : 'anyone';

/** A route's schema as the document shows it: the description composed, the refusals complete. */
export function documentedSchema(schema: Schema, url: string, rateLimit?: RateLimit): Schema {
  const declared = schema['x-refusals'];
  // a route without a RouteDoc stays as it is: the contract's lint names it
  if (!Array.isArray(declared)) return schema;
  const caller = callerOf(url, schema);
  const codes = [...new Set([...sharedRefusals(schema, caller, Boolean(rateLimit)), ...(declared as ErrCode[])])];
  const headers = schema.headers ? undefined : headersOf(caller, typeof schema[STEP_UP_FLAG] === 'string');
  const moves = typeof schema['x-moves'] === 'string' ? schema['x-moves'] : 'none.';
  const description = [
    String(schema.description ?? ''),
    `**Who may call it:** ${CALLERS[caller]}`,
    `**Money moved:** ${moves}`,
    ...(rateLimit
      ? [
          `**Rate limit:** ${rateLimit.max} requests per ${rateLimit.timeWindow.replace(/^1 /, '')} per client address (then 10031, HTTP 429).`,
        ]
      : []),
    `**Refusals** (body \`code\`; docs/api.md, "Errors"):\n\n${codes.map((c) => `- \`${c}\` ${NAMES.get(c)}: ${meaningOf(c)}`).join('\n')}`,
  ].join('\n\n');
  return {
    ...schema,
    ...(headers ? { headers } : {}),
    description,
    'x-refusals': codes.map((code) => ({ code, name: NAMES.get(code), meaning: meaningOf(code) })),
    ...(rateLimit ? { 'x-rate-limit': { max: rateLimit.max, timeWindow: rateLimit.timeWindow } } : {}),
  };
}

type Operation = Record<string, unknown> & {
  'x-examples'?: { body?: unknown; answer?: unknown };
  requestBody?: { content?: Record<string, Record<string, unknown>> };
  responses?: Record<string, { content?: Record<string, Record<string, unknown>> }>;
};

/** Moves each operation's examples into its body's and its answer's media objects, where OpenAPI reads them. */
export function placeExamples(paths: Record<string, Record<string, Operation>>): void {
  for (const ops of Object.values(paths))
    for (const op of Object.values(ops)) {
      const ex = op['x-examples'];
      if (!ex) continue;
      delete op['x-examples'];
      const body = op.requestBody?.content?.['application/json'];
      if (body && ex.body !== undefined) body.example = ex.body;
      const answer = op.responses?.['200']?.content?.['application/json'];
      if (answer && ex.answer !== undefined) answer.example = ex.answer;
    }
}

/** The API docs (/docs), with the tags the domains declare (DomainManifest.openApiTags), in their order. */
export const openApiOptions = (
  tags: readonly { name: string; description: string }[],
  publicUrl: string,
): FastifyDynamicSwaggerOptions => ({
  openapi: {
    info: {
      title: 'Trading platform API',
      version: '1.0.0',
      description:
        'Every body is `{ code, msg, result }`: `code` 200 is success, 2000x a success notice, 401 a session that is gone, ' +
        'any other a refusal from the catalogue (each operation lists its own). Paging, errors, rate limits and ' +
        `authentication: docs/api.md, served with this document at [${API_GUIDE_PATH}](${API_GUIDE_PATH}).`,
      contact: { name: 'Platform API', url: `${publicUrl.replace(/\/$/, '')}${API_GUIDE_PATH}` },
    },
    servers: [{ url: publicUrl.replace(/\/$/, ''), description: 'This deployment (PUBLIC_URL)' }],
    externalDocs: {
      description: 'docs/api.md: the contract, paging, errors, rate limits',
      url: `${publicUrl.replace(/\/$/, '')}${API_GUIDE_PATH}`,
    },
    tags: [...tags],
    components: {
      securitySchemes: {
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The session token from login (raw or as `Bearer <token>`).',
        },
        // a signed request instead of a session, on the routes a key's scope allows (docs/api.md,
        // "Authentication with an API key"): the three headers together
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-KEY',
          description: "An API key's id, made on the security screen; only its Ed25519 public key is kept.",
        },
        apiTimestamp: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-TIMESTAMP',
          description: 'Milliseconds since 1970; within X-API-RECV-WINDOW (default 5,000, at most 60,000) of the server clock.',
        },
        apiSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-SIGNATURE',
          description: 'base64(Ed25519(timestamp + METHOD + path with its query + body)); each signature is accepted once.',
        },
      },
    },
  },
  transform: ({ schema, url, route }) => {
    if (!schema) return { schema, url };
    const { rateLimit } = (route.config ?? {}) as { rateLimit?: RateLimit };
    return { schema: documentedSchema(schema as Schema, url, rateLimit) as typeof schema, url };
  },
  transformObject: (documentObject) => {
    const doc = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
    placeExamples((doc as { paths?: Record<string, Record<string, Operation>> }).paths ?? {});
    return doc;
  },
});
