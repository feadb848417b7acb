import { Err } from '../../contract/errors.ts';
import { refused, Refused } from '../../machines/platform/refusal.ts';
import type { ProofFile } from '../../machines/wallet/depositForm.ts';

/**
 * The one deposit check the form machine's guard cannot make: what the proof image is, by its
 * first bytes (the name and the browser's type can lie, and JPEG 2000 files often have no type).
 * The deposit flow's submit actor runs it before the upload; the service checks again.
 */

/** What a file's first bytes say it is: JPEG, PNG or JPEG 2000 (JP2 box or J2K codestream), else null. */
export function sniffImage(head: Uint8Array): 'image/jpeg' | 'image/png' | 'image/jp2' | null {
  const starts = (sig: number[]) => sig.every((b, i) => head[i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a])) return 'image/jp2';
  if (starts([0xff, 0x4f, 0xff, 0x51])) return 'image/jp2';
  return null;
}

/**
 * The picked file with the type its first bytes say (a text file named .png becomes
 * application/octet-stream), so a form's own type check refuses what the service would refuse.
 */
export async function typedByContent(file: File): Promise<File> {
  const sniffed = sniffImage(new Uint8Array(await file.slice(0, 12).arrayBuffer()));
  return sniffed === file.type
    ? file
    : new File([file], file.name, { type: sniffed ?? 'application/octet-stream', lastModified: file.lastModified });
}

/** Throws Refused(10039) unless the proof is an image the service takes (by content when we hold the bytes). */
export async function checkProofImage(proof: ProofFile | null): Promise<void> {
  if (!proof) throw new Refused(refused(Err.UPLOAD_REQUIRED));
  const blob = proof as unknown as Partial<Blob>;
  const ok =
    typeof blob.slice === 'function'
      ? sniffImage(new Uint8Array(await (blob.slice(0, 12) as Blob).arrayBuffer())) !== null
      : /^image\/(jpeg|png|jp2|jpx)$/.test(proof.type);
  if (!ok) throw new Refused(refused(Err.IMAGE_FORMAT_WRONG));
}
