import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { MAX_ID as MAX_ID_TEXT } from '../../../src/contract/envelope.ts';
import { Err } from '../../../src/contract/errors.ts';
import { BizError } from './errors.ts';

/**
 * Bodies are validated strictly: wrong types are refused, never coerced, and unknown fields
 * are refused, never silently dropped. Query strings and path params arrive as text, so
 * they are coerced (and arrays come as repeated keys).
 */
const base: Options = { removeAdditional: false, useDefaults: true, allErrors: false, strict: false };
const strict = new Ajv({ ...base, coerceTypes: false });
const lenient = new Ajv({ ...base, coerceTypes: 'array' });
for (const a of [strict, lenient]) (addFormats as unknown as (a: Ajv) => void)(a);

// code units, not code points (no u flag): a high surrogate without a low one after it, or a low one without a high one before it
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The path of the first string (value, or key) in `data` that holds a NUL character or a lone
 * UTF-16 surrogate, or undefined. PostgreSQL cannot store either in text (NUL fails the
 * query, a lone surrogate is no valid UTF-8), so they are refused with the schema errors.
 */
export function badTextPath(data: unknown, path = ''): string | undefined {
  if (typeof data === 'string') return data.includes('\u0000') || LONE_SURROGATE.test(data) ? path : undefined;
  if (Array.isArray(data)) {
    for (let i = 0; i < data.length; i++) {
      const p = badTextPath(data[i], `${path}/${i}`);
      if (p !== undefined) return p;
    }
    return undefined;
  }
  if (data !== null && typeof data === 'object' && !Buffer.isBuffer(data)) {
    for (const [k, v] of Object.entries(data)) {
      const p = badTextPath(k, `${path}/${k}`) ?? badTextPath(v, `${path}/${k}`);
      if (p !== undefined) return p;
    }
  }
  return undefined;
}

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };
export interface FieldError {
  instancePath: string;
  message?: string;
}

/**
 * The check of one part of a request: the schema (strict for bodies, coercing for the text of
 * queries and paths), then every string (value, or key): no NUL, no lone surrogate. Multipart
 * form fields go through the same check as JSON bodies (server/platform/uploads/form.ts).
 */
export function compileValidator(schema: object, httpPart?: string): Validate {
  const ajv = httpPart === 'body' ? strict : lenient;
  const check = ajv.compile(schema);
  const validate: Validate = (data) => {
    if (!check(data)) {
      validate.errors = check.errors;
      return false;
    }
    const bad = badTextPath(data);
    if (bad === undefined) {
      validate.errors = null;
      return true;
    }
    validate.errors = [
      {
        keyword: 'text',
        instancePath: bad,
        schemaPath: '#',
        params: {},
        message: 'must not contain NUL characters or lone surrogates',
      },
    ];
    return false;
  };
  return validate;
}

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  compileValidator(schema, httpPart) as ReturnType<FastifySchemaCompiler<object>>;

/** Largest value of a PostgreSQL bigint (the contract's IdString refuses more already). */
const MAX_ID = BigInt(MAX_ID_TEXT);

/**
 * An id from the request (path, query or body) as a bigint. A 19-digit id above the bigint
 * range cannot name any record; passed on, PostgreSQL fails the query ("out of range") and the
 * client got a 500. Refused here instead, as malformed input (10030).
 */
export function requestId(s: string): bigint {
  const id = BigInt(s);
  if (id > MAX_ID) throw new BizError(Err.MALFORMED_REQUEST, { detail: 'id out of range' });
  return id;
}
