import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this a compressed copy saves less than its own headers (the server sends the original). */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (e.isFile()) yield p;
  }
}

/**
 * Writes `<file>.br` (brotli, highest quality) and `<file>.gz` (gzip -9) beside every text file
 * of the build, once, so the server sends compressed assets without compressing per request
 * (server/platform/http/frontEnd.ts serves them with @fastify/static's preCompressed). A compressed copy
 * that is not smaller than the original is not kept.
 */
export function precompressDir(dir: string): { files: number; raw: number; br: number; gzip: number } {
  const sum = { files: 0, raw: 0, br: 0, gzip: 0 };
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gz = zlib.gzipSync(data, { level: 9 });
    if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
    sum.files++;
    sum.raw += data.length;
    sum.br += br.length;
    sum.gzip += gz.length;
  }
  return sum;
}
