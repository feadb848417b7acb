/**
 * Reads a multipart form of text fields and named image files: the fields checked against a
 * contract schema, each file against the byte limit while it streams in. The images' content is
 * checked later (images.ts), once the cheaper checks of the request have passed.
 */
import type { FastifyRequest } from 'fastify';
import type { TSchema, Static } from 'typebox';
import { Err } from '../../../src/contract/errors.ts';
import { BizError } from '../http/errors.ts';
import { compileValidator, type FieldError } from '../http/validation.ts';

export interface ImageForm<F, K extends string> {
  fields: F;
  files: Partial<Record<K, Buffer>>;
}

const tooLarge = (maxBytes: number) =>
  new BizError(Err.IMAGE_TOO_LARGE, { limit: `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB` });
const malformed = (detail: string) => new BizError(Err.MALFORMED_REQUEST, { detail });

/**
 * A checker for one form: text fields per `schema`, by the same rules as a JSON body (no
 * coercion, no unknown field, no NUL or lone surrogate: server/platform/http/validation.ts), files only
 * under the names in `fileNames`, each at most once. Refusals: 10030 (not multipart, an unknown or repeated part, bad fields),
 * 10040 (a file above `maxBytes`).
 */
export function imageFormReader<S extends TSchema, K extends string>(schema: S, fileNames: readonly K[]) {
  const check = compileValidator(schema, 'body');
  return async (req: FastifyRequest, maxBytes: number): Promise<ImageForm<Static<S>, K>> => {
    if (!req.isMultipart()) throw malformed('expected multipart/form-data');
    const fields: Record<string, string> = {};
    const files: Partial<Record<K, Buffer>> = {};
    try {
      for await (const part of req.parts()) {
        const name = part.fieldname.slice(0, 40);
        if (part.type === 'file') {
          if (!(fileNames as readonly string[]).includes(part.fieldname) || files[part.fieldname as K])
            throw malformed(`unexpected file "${name}"`);
          const bytes = await part.toBuffer();
          if (bytes.length > maxBytes) throw tooLarge(maxBytes);
          files[part.fieldname as K] = bytes;
        } else {
          if (part.valueTruncated || part.fieldnameTruncated) throw malformed(`field "${name}" too long`);
          if (part.fieldname in fields) throw malformed(`field "${name}" repeated`);
          fields[part.fieldname] = String(part.value);
        }
      }
    } catch (e) {
      if (e instanceof BizError) throw e;
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
      throw malformed((e as Error).message?.slice(0, 200) ?? 'bad multipart body');
    }
    if (!check(fields)) {
      const first = check.errors?.[0] as FieldError | undefined;
      throw malformed(first ? `${first.instancePath || 'body'} ${first.message ?? 'is invalid'}` : 'invalid fields');
    }
    return { fields: fields as Static<S>, files };
  };
}
