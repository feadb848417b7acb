import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { Err } from '../../src/contract/errors.ts';
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

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? strict : lenient;
  return ajv.compile(schema) as ReturnType<FastifySchemaCompiler<object>>;
};

/** Largest value of a PostgreSQL bigint: ids on the wire are 1–19 digits, which can exceed it. */
const MAX_ID = 9223372036854775807n;

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
