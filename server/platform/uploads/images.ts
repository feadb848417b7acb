/**
 * Uploaded images made safe to keep and to hand back (deposit proofs now, identity documents
 * later). Only the pixels survive: the file is recognised by its bytes, its size read from the
 * header and refused above the limit before any pixel is allocated (a 100,000 × 100,000 PNG costs
 * a header read), then decoded for real and encoded anew without metadata (EXIF, GPS, text
 * chunks, comments, ICC). Whatever else the upload carried (HTML after the PNG end, an SVG in a
 * JPEG 2000 box) is not in the new file. JPEG stays JPEG, PNG stays PNG, JPEG 2000 becomes PNG.
 */
import sharp, { type Metadata } from 'sharp';
import { Err } from '../../../src/contract/errors.ts';
import { BizError } from '../http/errors.ts';
import { decodeJ2k, j2kHeader, jp2Codestream, rawReadable } from './jpeg2000.ts';

export type SourceKind = 'jpeg' | 'png' | 'jp2' | 'j2k';

/** What is stored: the re-encoded bytes and what to serve them as. */
export interface CleanImage {
  bytes: Buffer;
  mime: 'image/jpeg' | 'image/png';
  ext: 'jpg' | 'png';
  width: number;
  height: number;
}

export interface ImageLimits {
  /** Longest side in pixels (UPLOAD_MAX_IMAGE_SIDE); the pixel budget is its square. */
  maxSide: number;
}

const starts = (buf: Buffer, sig: number[]) => buf.length >= sig.length && sig.every((b, i) => buf[i] === b);

/** JPEG (FF D8 FF), PNG (8-byte signature), JPEG 2000 (JP2 signature box or raw codestream); else null. */
export function sniffImage(buf: Buffer): SourceKind | null {
  if (starts(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(buf, [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a])) return 'jp2';
  if (starts(buf, [0xff, 0x4f, 0xff, 0x51])) return 'j2k';
  return null;
}

const notAnImage = () => new BizError(Err.IMAGE_FORMAT_WRONG);

function checkSize(width: number, height: number, limits: ImageLimits) {
  if (width > limits.maxSide || height > limits.maxSide)
    throw new BizError(Err.IMAGE_DIMENSIONS_TOO_LARGE, { limit: limits.maxSide });
}

/**
 * At most two images are decoded at once per process: each may take up to maxSide² × 4 bytes,
 * and decoding is the one expensive step a client can ask for with a small request.
 */
const MAX_PARALLEL = 2;
let running = 0;
const waiting: Array<() => void> = [];
async function gated<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((go) => waiting.push(go));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

async function fromSharp(buf: Buffer, kind: 'jpeg' | 'png', limits: ImageLimits): Promise<CleanImage> {
  const input = () => sharp(buf, { limitInputPixels: limits.maxSide * limits.maxSide, failOn: 'error', pages: 1 });
  let meta: Metadata;
  try {
    // the header only (no pixel is decoded here), read without the pixel limit so that a
    // canvas over it is told apart (10086) from a broken file (10039)
    meta = await sharp(buf, { limitInputPixels: false, failOn: 'error', pages: 1 }).metadata();
  } catch {
    throw notAnImage();
  }
  // libvips guesses the format itself; it must be the one the signature promised (never SVG or TIFF)
  if (meta.format !== kind || !meta.width || !meta.height) throw notAnImage();
  checkSize(meta.width, meta.height, limits);
  try {
    // rotate() applies the EXIF orientation before the metadata goes, so the proof stays upright
    const pipeline = input().rotate();
    const { data, info } = await (kind === 'jpeg' ? pipeline.jpeg({ quality: 85 }) : pipeline.png()).toBuffer({
      resolveWithObject: true,
    });
    return kind === 'jpeg'
      ? { bytes: data, mime: 'image/jpeg', ext: 'jpg', width: info.width, height: info.height }
      : { bytes: data, mime: 'image/png', ext: 'png', width: info.width, height: info.height };
  } catch {
    throw notAnImage();
  }
}

async function fromJpeg2000(buf: Buffer, kind: 'jp2' | 'j2k', limits: ImageLimits): Promise<CleanImage> {
  const cs = kind === 'jp2' ? jp2Codestream(buf) : buf;
  const header = cs && j2kHeader(cs);
  if (!cs || !header) throw notAnImage();
  checkSize(header.width, header.height, limits);
  // 16-bit, signed or chroma-subsampled JPEG 2000 is refused rather than guessed at
  if (!rawReadable(header)) throw notAnImage();
  const pixels = await decodeJ2k(cs, header);
  if (!pixels) throw notAnImage();
  const channels = header.components as 1 | 2 | 3 | 4;
  const data = await sharp(pixels, { raw: { width: header.width, height: header.height, channels } })
    .png()
    .toBuffer();
  return { bytes: data, mime: 'image/png', ext: 'png', width: header.width, height: header.height };
}

/**
 * The upload as a clean image, or a refusal: 10039 when it is not a JPEG, PNG or JPEG 2000 that
 * decodes, 10086 when a side is longer than `limits.maxSide`. The byte limit (10040) is the
 * reader's, applied while the upload streams in.
 */
export async function cleanImage(buf: Buffer, limits: ImageLimits): Promise<CleanImage> {
  const kind = sniffImage(buf);
  if (!kind) throw notAnImage();
  return gated(() => (kind === 'jpeg' || kind === 'png' ? fromSharp(buf, kind, limits) : fromJpeg2000(buf, kind, limits)));
}
