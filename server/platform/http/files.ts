/**
 * Response schemas of the routes that answer a file instead of the JSON envelope. They document
 * the reply in the OpenAPI description; Fastify sends a Buffer or a non-JSON text as it is.
 */
import { Type } from 'typebox';

/** An image (the proof of a deposit), in one of the given types: the bytes as they are. */
export const BinaryFile = (description: string, types: readonly string[] = ['image/jpeg', 'image/png', 'image/jp2']) => ({
  description,
  content: Object.fromEntries(types.map((t) => [t, { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) }])),
});

/** A CSV download. */
export const CsvFile = (description: string) => ({
  description,
  content: { 'text/csv': { schema: Type.String() } },
});
