import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An answer's body made once and served many times: the hot public reads (market pages, figures,
 * content lists) keep their JSON per key until their data changes, so a request costs a map
 * lookup and a socket write instead of building, validating and stringifying the answer again;
 * the app's index.html is kept the same way (server/platform/http/indexPage.ts). The compressed forms are
 * made on first demand (or read from the build) and kept with it; the ETag lets a client that
 * already holds this version get a 304 without a body.
 */
export interface CachedBody {
  readonly body: Buffer;
  /** Weak: the same validator names the identity, gzip and brotli forms of one version. */
  readonly etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** Answers under this size go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/** Any body, as bytes. */
export function cachedBody(body: Buffer): CachedBody {
  const etag = `W/"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  return { body, etag };
}

/** A JSON answer: the value serialised once. */
export function cachedJson(value: unknown): CachedBody {
  return cachedBody(Buffer.from(JSON.stringify(value)));
}

export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (brotli first), or undefined for identity. */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return undefined;
  let gzip = false;
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    // "br;q=0" means "not brotli"
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : undefined;
}

export function compressSync(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : zlib.gzipSync(body, { level: 6 });
}

/** Whether the request's If-None-Match names this version. */
export function isFresh(req: FastifyRequest, etag: string): boolean {
  const inm = req.headers['if-none-match'];
  if (!inm) return false;
  if (inm.trim() === '*') return true;
  // weak comparison: W/"x" and "x" match
  const bare = etag.replace(/^W\//, '');
  return inm.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** sendCached for a JSON answer. */
export function sendCachedJson(
  req: FastifyRequest,
  reply: FastifyReply,
  entry: CachedBody,
  opts: { cacheControl?: string; vary?: string } = {},
): FastifyReply {
  return sendCached(req, reply, entry, { ...opts, type: 'application/json; charset=utf-8' });
}

/**
 * Sends a cached answer: 304 when the client has it, else the body in the best accepted
 * encoding. `vary` lists the request headers besides Accept-Encoding the answer depends on.
 */
export function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  entry: CachedBody,
  opts: { type: string; cacheControl?: string; vary?: string },
): FastifyReply {
  reply.header('etag', entry.etag);
  reply.header('cache-control', opts.cacheControl ?? 'no-cache');
  reply.header('vary', opts.vary ? `${opts.vary}, accept-encoding` : 'accept-encoding');
  if (isFresh(req, entry.etag)) return reply.code(304).send();
  reply.type(opts.type);
  const encoding = entry.body.length >= COMPRESS_MIN_BYTES ? acceptedEncoding(req.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(entry.body);
  const compressed = (entry[encoding] ??= compressSync(entry.body, encoding));
  reply.header('content-encoding', encoding);
  return reply.send(compressed);
}

/** A small keyed store of cached answers, emptied whole when full (keys can come from user input). */
export class JsonCache<K = string> {
  private readonly entries = new Map<K, CachedBody>();

  constructor(private readonly maxEntries = 512) {}

  get(key: K): CachedBody | undefined {
    return this.entries.get(key);
  }

  getOr(key: K, build: () => unknown): CachedBody {
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      entry = cachedJson(build());
      this.entries.set(key, entry);
    }
    return entry;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
