/**
 * Handing uploads back, and where they lived before the blob store. Personal files are now
 * sealed files of the blob store (server/platform/blobs/files.ts, docs/storage.md); nothing is
 * served statically, a route sends a file only to whoever may see it (see attachmentHeaders).
 */
import path from 'node:path';

/** Before migration 0018 deposit proofs were files here, private (0700/0600); a start moves them into the store (server/legacyFiles.ts). */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** The names that folder's files had: nothing else in it is ever read. */
export const LEGACY_UPLOAD_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|jp2|j2k)$/;

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
