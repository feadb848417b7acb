import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { acceptedEncoding, COMPRESS_MIN_BYTES } from './cachedJson.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compresses JSON answers of at least COMPRESS_MIN_BYTES for clients that accept brotli or gzip
 * (lists of records, candles, the OpenAPI document). Off the event loop (zlib's thread pool).
 * Answers that chose their encoding already (cached ones, static files) pass untouched.
 */
export function compressLargeJson(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.hasHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_MIN_BYTES) return payload;
    const vary = reply.getHeader('vary');
    reply.header('vary', typeof vary === 'string' && vary ? `${vary}, accept-encoding` : 'accept-encoding');
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const out = encoding === 'br'
      ? await brotli(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } })
      : await gzip(payload, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return out;
  });
}
