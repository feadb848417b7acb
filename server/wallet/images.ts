/**
 * Proof images: accepted by content (magic bytes), never by file name or declared type, and
 * stored privately under <dataDir>/uploads/ with a random name. Nothing here is served
 * statically: the routes stream a file only to its owner or an operator.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type ImageKind = { ext: 'jpg' | 'png' | 'jp2' | 'j2k'; mime: string };

const starts = (buf: Buffer, sig: number[]) => buf.length >= sig.length && sig.every((b, i) => buf[i] === b);

/** JPEG (FF D8 FF), PNG (8-byte signature), JPEG 2000 (JP2 box or raw J2K codestream); else null. */
export function sniffImage(buf: Buffer): ImageKind | null {
  if (starts(buf, [0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg' };
  if (starts(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', mime: 'image/png' };
  if (starts(buf, [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a])) return { ext: 'jp2', mime: 'image/jp2' };
  if (starts(buf, [0xff, 0x4f, 0xff, 0x51])) return { ext: 'j2k', mime: 'image/jp2' };
  return null;
}

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** Writes the bytes under a random name; returns the name (relative to the uploads folder). */
export async function storeUpload(dataDir: string, buf: Buffer, kind: ImageKind): Promise<string> {
  const dir = uploadsDir(dataDir);
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${crypto.randomUUID()}.${kind.ext}`;
  await fs.promises.writeFile(path.join(dir, name), buf, { mode: 0o600, flag: 'wx' });
  return name;
}

/** Removes a stored upload whose record was not written (best effort). */
export async function discardUpload(dataDir: string, name: string): Promise<void> {
  await fs.promises.rm(path.join(uploadsDir(dataDir), path.basename(name)), { force: true });
}

export async function readUpload(dataDir: string, name: string): Promise<Buffer | null> {
  try {
    return await fs.promises.readFile(path.join(uploadsDir(dataDir), path.basename(name)));
  } catch {
    return null;
  }
}
