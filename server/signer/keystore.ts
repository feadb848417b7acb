/**
 * The hot wallet's key at rest (docs/security.md, "The signer"): a JSON file holding the key
 * encrypted with AES-256-GCM under a key stretched from a passphrase by scrypt. Only the signer
 * process opens it, with the passphrase from its own environment; the web service never reads it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';

export interface KeystoreFile {
  version: 1;
  /** the key's address, readable without the passphrase (which wallet this file is) */
  address: Hex;
  kdf: { name: 'scrypt'; n: number; r: number; p: number; salt: string };
  cipher: { name: 'aes-256-gcm'; iv: string; tag: string };
  ciphertext: string;
}

/** scrypt's cost: 2^17 by default (about a second); tests pass a small one. */
const DEFAULT_N = 2 ** 17;

function stretch(passphrase: string, kdf: KeystoreFile['kdf']): Buffer {
  const maxmem = 256 * kdf.n * kdf.r;
  return crypto.scryptSync(passphrase.normalize('NFKC'), Buffer.from(kdf.salt, 'hex'), 32, {
    N: kdf.n,
    r: kdf.r,
    p: kdf.p,
    maxmem,
  });
}

/** Seals a private key under a passphrase. */
export function sealKey(privateKey: Hex, passphrase: string, opts: { n?: number } = {}): KeystoreFile {
  if (passphrase.length < 12) throw new Error('keystore passphrase: at least 12 characters');
  const kdf = { name: 'scrypt' as const, n: opts.n ?? DEFAULT_N, r: 8, p: 1, salt: crypto.randomBytes(32).toString('hex') };
  const iv = crypto.randomBytes(12);
  const address = privateKeyToAccount(privateKey).address;
  const c = crypto.createCipheriv('aes-256-gcm', stretch(passphrase, kdf), iv);
  // the address is authenticated with the key: a file whose address was edited does not open
  c.setAAD(Buffer.from(address.toLowerCase()));
  const ciphertext = Buffer.concat([c.update(Buffer.from(privateKey.slice(2), 'hex')), c.final()]);
  return {
    version: 1,
    address,
    kdf,
    cipher: { name: 'aes-256-gcm', iv: iv.toString('hex'), tag: c.getAuthTag().toString('hex') },
    ciphertext: ciphertext.toString('hex'),
  };
}

/** Opens a sealed key; a wrong passphrase or an altered file throws. */
export function openKey(file: KeystoreFile, passphrase: string): Hex {
  if (file.version !== 1 || file.kdf.name !== 'scrypt' || file.cipher.name !== 'aes-256-gcm') {
    throw new Error('keystore: unknown format');
  }
  const d = crypto.createDecipheriv('aes-256-gcm', stretch(passphrase, file.kdf), Buffer.from(file.cipher.iv, 'hex'));
  d.setAAD(Buffer.from(file.address.toLowerCase()));
  d.setAuthTag(Buffer.from(file.cipher.tag, 'hex'));
  let key: Buffer;
  try {
    key = Buffer.concat([d.update(Buffer.from(file.ciphertext, 'hex')), d.final()]);
  } catch {
    throw new Error('keystore: wrong passphrase or altered file');
  }
  const hex = `0x${key.toString('hex')}` as Hex;
  if (privateKeyToAccount(hex).address.toLowerCase() !== file.address.toLowerCase())
    throw new Error('keystore: address mismatch');
  return hex;
}

export const readKeystore = (path: string): KeystoreFile => JSON.parse(fs.readFileSync(path, 'utf8')) as KeystoreFile;
