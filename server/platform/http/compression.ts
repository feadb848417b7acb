import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { acceptedEncoding, COMPRESS_MIN_BYTES } from './cachedBody.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compresses JSON answers of at least COMPRESS_MIN_BYTES for clients that accept brotli or gzip
 * (lists of records, candles, the OpenAPI document). Off the event loop (zlib's thread pool).
 * Answers that chose their encoding already (cached ones, static files) pass untouched.
 */
export function compressLargeJson(app: FastifyInstance): void {
  // callback style: most answers pass untouched, and an async hook would cost each a promise
  app.addHook('onSend', (req, reply, payload, done) => {
    const size = wantsCompression(reply, payload);
    if (size === undefined) return done(null, payload);
    const vary = reply.getHeader('vary');
    reply.header('vary', typeof vary === 'string' && vary ? `${vary}, accept-encoding` : 'accept-encoding');
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const body = payload as string | Buffer;
    const compressed =
      encoding === 'br'
        ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } })
        : gzip(body, { level: 6 });
    compressed.then(
      (out) => {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, out);
      },
      (err: Error) => done(err),
    );
  });
}

/** The payload's size when it is JSON worth compressing that no one encoded yet, else undefined. */
function wantsCompression(reply: FastifyReply, payload: unknown): number | undefined {
  if (reply.hasHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 304) return undefined;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !type.startsWith('application/json')) return undefined;
  const size = Buffer.byteLength(payload);
  return size < COMPRESS_MIN_BYTES ? undefined : size;
}
