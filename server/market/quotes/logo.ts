import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { cachedBody, compressSync, type CachedBody } from '../../platform/http/cachedBody.ts';
import { hash32 } from '../feed/prng.ts';
import type { InstrumentInfo } from './state.ts';

/**
 * Instrument logos: crypto icons from the maintained @bitgo-forks/cryptocurrency-icons package
 * (CC0), served by us (no third-party CDN); everything else, and coins the package lacks, gets a
 * generated badge: initials on a colour picked from the code's hash.
 */
const require = createRequire(import.meta.url);
let iconDir: string | undefined;
try {
  iconDir = path.join(path.dirname(require.resolve('@bitgo-forks/cryptocurrency-icons/manifest.json')), 'svg', 'color');
} catch {
  iconDir = undefined; // package missing: every logo is generated
}

/**
 * The most a logo may weigh on the wire, brotli-compressed. About a third of the package's icons
 * embed a raster image (up to 960 kB for one coin), shown at 24-32 px; a market page of twenty rows
 * could pull megabytes on a phone. An icon heavier than this gets the generated badge instead. Every
 * vector icon the catalogue uses fits (the heaviest about 30 kB compressed).
 */
export const LOGO_MAX_WIRE_BYTES = 32 * 1024;

const cache = new Map<string, { entry: CachedBody; packaged: boolean }>();

function initialsOf(info: Pick<InstrumentInfo, 'type' | 'base' | 'code'>): string {
  if (info.type === 'forex') return info.base.slice(0, 3);
  return info.base.replace(/[^A-Z0-9]/g, '').slice(0, info.base.length <= 4 ? 4 : 3);
}

/** A circular badge with the instrument's initials (only [A-Z0-9] reach the markup). */
export function generatedLogo(info: Pick<InstrumentInfo, 'type' | 'base' | 'code'>): string {
  const hue = hash32(info.code) % 360;
  const text = initialsOf(info);
  const size = text.length <= 2 ? 26 : text.length === 3 ? 20 : 16;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${text}">` +
    `<circle cx="32" cy="32" r="32" fill="hsl(${hue} 55% 42%)"/>` +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="#fff">${text}</text></svg>`
  );
}

/**
 * The SVG for an instrument, kept with its compressed forms and ETag, and whether it came from the
 * icon package. The brotli form is made here (it decides the weight) and served as it is.
 */
export function logoSvg(info: Pick<InstrumentInfo, 'type' | 'base' | 'code'>): { entry: CachedBody; packaged: boolean } {
  const hit = cache.get(info.code);
  if (hit) return hit;
  let packaged: CachedBody | undefined;
  if (info.type === 'crypto' && iconDir && /^[A-Z0-9]{1,20}$/.test(info.base)) {
    const file = path.join(iconDir, `${info.base.toLowerCase()}.svg`);
    try {
      const entry = cachedBody(fs.readFileSync(file));
      entry.br = compressSync(entry.body, 'br');
      packaged = entry.br.length <= LOGO_MAX_WIRE_BYTES ? entry : undefined;
    } catch {
      packaged = undefined;
    }
  }
  const result = packaged
    ? { entry: packaged, packaged: true }
    : { entry: cachedBody(Buffer.from(generatedLogo(info))), packaged: false };
  cache.set(info.code, result);
  return result;
}
