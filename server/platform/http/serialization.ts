/**
 * Answers are written by fast-json-stringify from the route's response schema, as Fastify does by
 * default, with one change: unions it can write without choosing a branch are given as JSON type
 * lists. A union of scalar schemas (a price or null, one of several string literals) becomes a
 * value of those types; an object or array or null (every answer's `result`) becomes that schema
 * with null allowed. For a union fast-json-stringify runs Ajv on the branches (patterns included),
 * for `result` over the whole answer, only to choose how to write it: a seventh of a page of
 * positions' time (docs/performance.md, issue 26). The JSON written for a value of the schema is
 * the same; the schemas the OpenAPI document shows and requests are validated against are not
 * changed.
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

type Schema = { [key: string]: unknown };
const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The JSON types of `anyOf` when every branch is a plain scalar schema, else undefined. */
function scalarTypes(anyOf: unknown): string[] | undefined {
  if (!Array.isArray(anyOf) || anyOf.length === 0) return undefined;
  const types = new Set<string>();
  for (const branch of anyOf) {
    if (!isSchema(branch) || '$ref' in branch || 'anyOf' in branch || 'oneOf' in branch || 'allOf' in branch) return undefined;
    for (const type of Array.isArray(branch.type) ? branch.type : [branch.type]) {
      if (typeof type !== 'string' || !SCALAR_TYPES.has(type)) return undefined;
      types.add(type);
    }
  }
  // an integer among numbers is written as a number
  if (types.has('number')) types.delete('integer');
  return [...types];
}

/**
 * The one object or array schema of `anyOf` when the other branch is null (every answer's
 * `result`, a position's close tick): written as that schema with null allowed.
 */
function nullableOne(anyOf: unknown): (Schema & { type: string }) | undefined {
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return undefined;
  const other = anyOf.filter((b) => !(isSchema(b) && b.type === 'null' && Object.keys(b).length === 1));
  if (other.length !== 1) return undefined;
  const [one] = other as unknown[];
  if (!isSchema(one) || (one.type !== 'object' && one.type !== 'array')) return undefined;
  if ('$ref' in one || 'anyOf' in one || 'oneOf' in one || 'allOf' in one) return undefined;
  return one as Schema & { type: string };
}

/** `schema` with every scalar union written as a list of JSON types (a copy; the input is untouched). */
export function flattenScalarUnions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(flattenScalarUnions);
  if (!isSchema(schema)) return schema;
  const out: Schema = {};
  // inside out: a union whose branch is itself a union of literals becomes flat too
  for (const [key, value] of Object.entries(schema)) {
    // values are data, not schemas
    out[key] = key === 'const' || key === 'enum' || key === 'default' || key === 'examples' ? value : flattenScalarUnions(value);
  }
  const types = scalarTypes(out.anyOf);
  if (types) {
    delete out.anyOf;
    out.type = types.length === 1 ? types[0] : types;
    return out;
  }
  const nullable = nullableOne(out.anyOf);
  if (!nullable) return out;
  delete out.anyOf;
  return { ...out, ...nullable, type: [nullable.type, 'null'] };
}

export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) =>
  fastJson(flattenScalarUnions(schema) as Parameters<typeof fastJson>[0]);
