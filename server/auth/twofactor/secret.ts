/**
 * The TOTP secret at rest and the code check (RFC 6238 through otplib: SHA-1, 6 digits, 30 s).
 * The secret is sealed like identity documents (AES-256-GCM with the documents key,
 * server/platform/blobs/sealing.ts), with `totp:<userId>` as associated data so a sealed secret copied to
 * another user's row does not open. Stored as one text: `v1.<keyId>.<iv>.<tag>.<data>` (base64).
 */
import { generateSecret, generateURI, verify } from 'otplib';
import { open, seal, type KycKey } from '../../platform/blobs/sealing.ts';

export interface SecretKeys {
  current: KycKey;
  all: Map<string, KycKey>;
}

const place = (userId: bigint) => Buffer.from(`totp:${userId}`);

export function sealSecret(keys: SecretKeys, userId: bigint, secret: string): string {
  const s = seal(keys.current, Buffer.from(secret, 'utf8'), place(userId));
  return ['v1', s.keyId, s.iv.toString('base64'), s.tag.toString('base64'), s.data.toString('base64')].join('.');
}

export function openSecret(keys: SecretKeys, userId: bigint, sealed: string): string {
  const [v, keyId, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !keyId || !iv || !tag || !data) throw new Error('sealed TOTP secret: bad format');
  return open(
    keys.all,
    { keyId, iv: Buffer.from(iv, 'base64'), tag: Buffer.from(tag, 'base64'), data: Buffer.from(data, 'base64') },
    place(userId),
  ).toString('utf8');
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const newSecret = () => generateSecret({ length: 20 });

/** What the QR code holds: the app shows "<issuer> (<account>)". */
export const otpauthUri = (issuer: string, account: string, secret: string) => generateURI({ issuer, label: account, secret });

/**
 * The time step a code was made for, or null when it matches none. One step either side is
 * accepted (a phone's clock a little off). `after`: steps at or before it are not matched, so
 * the caller tells a replay apart by asking again without it. `nowMs` is the platform clock.
 */
export async function matchStep(secret: string, code: string, nowMs: number, after?: number | null): Promise<number | null> {
  const r = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: 30,
    ...(after === null || after === undefined ? {} : { afterTimeStep: after }),
  });
  return r.valid && 'timeStep' in r ? r.timeStep : null;
}
