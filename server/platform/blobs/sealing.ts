/**
 * Identity documents at rest: AES-256-GCM with a random 96-bit IV per image and the image's
 * place (`kyc:<submission>:<kind>`) as associated data, so a sealed image cannot be moved to
 * another submission or slot and still open. Each sealed image names its key by `keyId` (a hash
 * of the key, never the key), so earlier keys can still be read during a rotation (docs/kyc.md).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

export interface KycKey {
  id: string;
  key: Buffer;
}
export interface Sealed {
  keyId: string;
  iv: Buffer;
  tag: Buffer;
  data: Buffer;
}

/** 32 bytes written as base64 or hex; anything else is a configuration mistake. */
export function parseKey(text: string, name = 'KYC_KEY'): KycKey {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32 || (!/^[0-9a-fA-F]{64}$/.test(t) && key.toString('base64') !== t)) {
    throw new Error(`${name} must be 32 bytes as base64 (44 characters) or hex (64 characters)`);
  }
  return { id: crypto.createHash('sha256').update('kyc-key-id:').update(key).digest('hex').slice(0, 16), key };
}

export const keyFile = (dataDir: string) => path.join(dataDir, 'kyc.key');

/**
 * The current key and the earlier ones. KYC_KEY wins; without it the key in <dataDir>/kyc.key is
 * used, made (0600) on first start. Production on PostgreSQL has several instances that must share
 * one key, and a key in one instance's folder would seal documents the others cannot open: there
 * KYC_KEY is required.
 */
export function loadKeys(config: Pick<Config, 'kycKey' | 'kycOldKeys' | 'dataDir' | 'databaseUrl' | 'production'>): {
  current: KycKey;
  all: Map<string, KycKey>;
} {
  let current: KycKey;
  if (config.kycKey) {
    current = parseKey(config.kycKey);
  } else {
    if (config.production && config.databaseUrl)
      throw new Error('KYC_KEY is required in production with DATABASE_URL (docs/kyc.md)');
    const file = keyFile(config.dataDir);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(config.dataDir, { recursive: true });
      try {
        fs.writeFileSync(file, `${crypto.randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
      } catch (e) {
        // another instance on the same folder made it first: read theirs
        if ((e as { code?: string }).code !== 'EEXIST') throw e;
      }
    }
    current = parseKey(fs.readFileSync(file, 'utf8'), file);
  }
  const all = new Map<string, KycKey>([[current.id, current]]);
  for (const [i, k] of config.kycOldKeys.entries()) {
    const old = parseKey(k, `KYC_OLD_KEYS[${i}]`);
    if (!all.has(old.id)) all.set(old.id, old);
  }
  return { current, all };
}

export const placeOf = (submissionId: bigint, kind: string) => Buffer.from(`kyc:${submissionId}:${kind}`);

export function seal(key: KycKey, plain: Buffer, place: Buffer): Sealed {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv('aes-256-gcm', key.key, iv);
  c.setAAD(place);
  const data = Buffer.concat([c.update(plain), c.final()]);
  return { keyId: key.id, iv, tag: c.getAuthTag(), data };
}

/** The plain bytes; throws when the key is unknown or the bytes, tag or place do not match. */
export function open(keys: Map<string, KycKey>, s: Sealed, place: Buffer): Buffer {
  const key = keys.get(s.keyId);
  if (!key) throw new Error(`KYC key ${s.keyId} is not configured (KYC_OLD_KEYS during a rotation)`);
  const d = crypto.createDecipheriv('aes-256-gcm', key.key, s.iv);
  d.setAAD(place);
  d.setAuthTag(s.tag);
  return Buffer.concat([d.update(s.data), d.final()]);
}
