/**
 * Personal files at rest (docs/storage.md): KYC images, deposit proofs, support attachments and
 * loan signatures. Each is sealed with the documents key (AES-256-GCM, server/platform/blobs/sealing.ts: the
 * same seal, keys and rotation as identity documents) before it reaches the blob store, so neither
 * the database's `blobs` table nor an S3 bucket ever holds a person's image in the clear.
 *
 * A stored file is one blob: a 48-byte header (magic, the sealing key's id, IV, tag) then the
 * ciphertext. Its key (`<kind>/<uuid>`) is the associated data, so sealed bytes moved under
 * another key do not open. The rows of each domain name the key; this module never decides who
 * may read a file, the domain does before it asks.
 *
 * A file is written before the row that names it (the row's transaction may still refuse), so a
 * crash between the two leaves a blob no row names: `sweepOrphans` removes those once they are
 * older than a grace period, asking each kind's owner which keys its rows still name.
 */
import crypto from 'node:crypto';
import { open, seal, type KycKey, type Sealed } from './sealing.ts';
import { allBlobs, checkKey, type BlobStore } from './store.ts';

/** The kinds of personal file; each is a key prefix and has one owner (the domain whose rows name it). */
export const FILE_KINDS = ['kyc', 'proof', 'support', 'loan-signature'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Which of these keys the owner's rows still name. */
export type OwnerLookup = (keys: string[]) => Promise<Set<string>>;

export interface Keys {
  current: KycKey;
  all: Map<string, KycKey>;
}

/**
 * How long a blob may exist without its row: longer than any request takes from write to commit,
 * so a request still in flight never loses its file.
 */
export const ORPHAN_GRACE_MS = 10 * 60_000;

const MAGIC = Buffer.from('SWS1');
const KEY_ID_LEN = 16;
const HEADER = MAGIC.length + KEY_ID_LEN + 12 + 16;

export function envelope(keyId: string, iv: Buffer, tag: Buffer, data: Buffer): Buffer {
  if (keyId.length !== KEY_ID_LEN || iv.length !== 12 || tag.length !== 16) throw new Error('sealed file: bad header parts');
  return Buffer.concat([MAGIC, Buffer.from(keyId, 'latin1'), iv, tag, data]);
}

/** The parts of a stored file; throws on anything that is not one of ours. */
export function unwrap(blob: Buffer) {
  if (blob.length < HEADER || !blob.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('stored file is not a sealed file');
  let at = MAGIC.length;
  const keyId = blob.subarray(at, (at += KEY_ID_LEN)).toString('latin1');
  const iv = blob.subarray(at, (at += 12));
  const tag = blob.subarray(at, (at += 16));
  return { keyId, iv, tag, data: blob.subarray(at) };
}

export class PersonalFiles {
  private readonly owners = new Map<FileKind, OwnerLookup>();

  constructor(private readonly deps: { store: BlobStore; keys: Keys; now: () => number }) {}

  get store(): BlobStore {
    return this.deps.store;
  }

  /** The id of the key new files are sealed with (never the key). */
  get keyId(): string {
    return this.deps.keys.current.id;
  }

  /** Seals and stores `plain` under a new key of `kind`; returns the key for the row to name. */
  async put(kind: FileKind, plain: Buffer): Promise<string> {
    const key = `${kind}/${crypto.randomUUID()}`;
    await this.deps.store.put(key, this.sealed(key, plain));
    return key;
  }

  /** The plain bytes, or null when nothing is stored; throws when the seal does not open (wrong place, unknown key). */
  async read(key: string): Promise<Buffer | null> {
    const blob = await this.deps.store.get(key);
    return blob ? open(this.deps.keys.all, unwrap(blob), Buffer.from(key)) : null;
  }

  /**
   * Stores a file sealed the way identity documents were before the blob store (its own columns,
   * `place` as associated data): opened with the configured keys and sealed anew under a new key.
   */
  async adopt(kind: FileKind, old: Sealed, place: Buffer): Promise<string> {
    return this.put(kind, open(this.deps.keys.all, old, place));
  }

  /** Removes a file whose row was not written (best effort: the sweep gets it otherwise). */
  async discard(key: string): Promise<void> {
    await this.deps.store.delete(key).catch(() => {});
  }

  /** Declares the domain whose rows name files of `kind`; files of a kind without one are never swept. */
  owner(kind: FileKind, lookup: OwnerLookup): void {
    this.owners.set(kind, lookup);
  }

  /** Removes files older than `graceMs` that their owner's rows do not name; returns the keys removed. */
  async sweepOrphans(graceMs = ORPHAN_GRACE_MS): Promise<string[]> {
    const cutoff = this.deps.now() - graceMs;
    const removed: string[] = [];
    for (const [kind, known] of this.owners) {
      let old: string[] = [];
      const settle = async () => {
        const keep = await known(old);
        for (const k of old) {
          if (keep.has(k)) continue;
          await this.deps.store.delete(k);
          removed.push(k);
        }
        old = [];
      };
      for await (const b of allBlobs(this.deps.store, `${kind}/`)) {
        if (b.modifiedAt < cutoff) old.push(b.key);
        if (old.length >= 500) await settle();
      }
      if (old.length) await settle();
    }
    return removed;
  }

  /**
   * Key rotation (`npm run kyc:reseal`): every stored file sealed with another key than the
   * current one is opened and sealed again with it. One file at a time, so it is safe to stop and
   * run again; returns how many were re-sealed.
   */
  async reseal(): Promise<number> {
    let done = 0;
    // our kinds' prefixes only: a bucket may hold other things than ours
    for (const kind of FILE_KINDS) {
      for await (const b of allBlobs(this.deps.store, `${kind}/`)) {
        const blob = await this.deps.store.get(b.key);
        if (!blob) continue; // removed since the listing
        const parts = unwrap(blob);
        if (parts.keyId === this.keyId) continue;
        await this.deps.store.put(b.key, this.sealed(b.key, open(this.deps.keys.all, parts, Buffer.from(b.key))));
        done++;
      }
    }
    return done;
  }

  private sealed(key: string, plain: Buffer): Buffer {
    const s = seal(this.deps.keys.current, plain, Buffer.from(checkKey(key)));
    return envelope(s.keyId, s.iv, s.tag, s.data);
  }
}
