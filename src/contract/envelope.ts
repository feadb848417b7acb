import { Type, type TSchema, type TUnsafe } from 'typebox';

/** Every response body: `{ code, msg, result }` (docs/design.md, API conventions). */
export const Envelope = <T extends TSchema>(result: T) =>
  Type.Object({ code: Type.Integer(), msg: Type.String(), result: Type.Union([result, Type.Null()]) });

export const ErrorEnvelope = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  result: Type.Null(),
});

/** Lists take pageNum/pageSize and return { rows, total }. */
export const PageQuery = {
  pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
};
export const Page = <T extends TSchema>(row: T) => Type.Object({ rows: Type.Array(row), total: Type.Integer() });

/** Decimal amount on the wire: a string, never a float. */
export const DecimalString = (opts: { maxLength?: number } = {}) =>
  Type.String({ pattern: '^-?[0-9]{1,30}(\\.[0-9]{1,18})?$', maxLength: opts.maxLength ?? 50 });

/** A positive decimal string as typed by a user (validated further by the asset's precision). */
export const AmountString = Type.String({ pattern: '^[0-9]{1,20}(\\.[0-9]{1,18})?$', maxLength: 40 });

/** Largest value of a PostgreSQL bigint, the type of every id. */
export const MAX_ID = '9223372036854775807';

/**
 * The decimal numbers from 0 to `max` (leading zeros allowed), as a regular expression: fewer
 * digits than `max`, or as many and, at the first digit that differs, a smaller one.
 */
export function upToPattern(max: string): string {
  const n = max.length;
  const alternatives = [`[0-9]{1,${n - 1}}`];
  for (let i = 0; i < n; i++) {
    const d = Number(max[i]);
    if (d > 0) alternatives.push(`${max.slice(0, i)}[0-${d - 1}][0-9]{${n - 1 - i}}`);
  }
  alternatives.push(max);
  return `^0*(${alternatives.join('|')})$`;
}

/**
 * Every id on the wire: 1–19 digits within the bigint range, checked by the schema itself, so an
 * id above it is refused like any malformed field (10030) wherever an id is taken, in a path, a
 * query, a JSON body or a multipart form, instead of failing the query (issue 25).
 */
export const IdString = Type.String({ pattern: upToPattern(MAX_ID), minLength: 1, maxLength: 19 });
export const IsoTime = Type.String({ format: 'date-time' });

/**
 * A schema that accepts exactly the given strings (e.g. a lifecycle's statuses), typed as their
 * union. On the wire it is the usual `anyOf` of constants.
 */
export const LiteralUnion = <T extends string>(values: readonly T[]): TUnsafe<T> =>
  Type.Unsafe<T>(Type.Union(values.map((v) => Type.Literal(v))));
