import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

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
