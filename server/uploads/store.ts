/**
 * Where clean uploads live: <dataDir>/uploads/, private (0700/0600), each under a random name
 * that says nothing about its owner. Nothing here is served statically; a route streams a file
 * only to whoever may see it (see attachmentHeaders).
 *
 * A file is written before the row that names it (the row's transaction may still refuse), so a
 * crash between the two leaves a file no row names. `sweepOrphans` removes those: every stored
 * name older than a grace period that the owner's lookup does not know.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { systemTime } from '../platform/clock.ts';

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** The names this module gives: nothing else in the folder is ever swept. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|jp2|j2k)$/;

/** Writes the bytes under a new random name; returns the name (relative to the uploads folder). */
export async function storeUpload(dataDir: string, bytes: Buffer, ext: 'jpg' | 'png'): Promise<string> {
  const dir = uploadsDir(dataDir);
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${crypto.randomUUID()}.${ext}`;
  await fs.promises.writeFile(path.join(dir, name), bytes, { mode: 0o600, flag: 'wx' });
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

/**
 * How long a file may exist without its row: longer than any claim takes from write to commit,
 * so a request still in flight never loses its file.
 */
export const ORPHAN_GRACE_MS = 10 * 60_000;

/**
 * Removes stored files older than `graceMs` that `known` does not name; returns the names removed.
 * `known` gets the candidates in batches and answers which of them rows still name. Ages are
 * measured against the system time, not the platform clock: file times are the file system's.
 */
export async function sweepOrphans(
  dataDir: string, known: (names: string[]) => Promise<Set<string>>, graceMs = ORPHAN_GRACE_MS, now = systemTime(),
): Promise<string[]> {
  const dir = uploadsDir(dataDir);
  let names: string[];
  try {
    names = (await fs.promises.readdir(dir)).filter((n) => STORED_NAME.test(n));
  } catch {
    return [];
  }
  const old: string[] = [];
  for (const n of names) {
    const st = await fs.promises.stat(path.join(dir, n)).catch(() => null);
    if (st?.isFile() && now - st.mtimeMs > graceMs) old.push(n);
  }
  const removed: string[] = [];
  for (let i = 0; i < old.length; i += 500) {
    const batch = old.slice(i, i + 500);
    const keep = await known(batch);
    for (const n of batch) {
      if (keep.has(n)) continue;
      await fs.promises.rm(path.join(dir, n), { force: true });
      removed.push(n);
    }
  }
  return removed;
}

/**
 * Headers for handing an upload back: a download (never rendered in the app's origin), its
 * declared type only (nosniff), no caching, and a sandbox in case a browser opens it anyway.
 */
export function attachmentHeaders(filename: string): Record<string, string> {
  return {
    'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
    'content-security-policy': "default-src 'none'; sandbox",
  };
}
