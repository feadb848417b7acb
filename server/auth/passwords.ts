import argon2 from 'argon2';

/**
 * Password hashing: argon2id at the OWASP Password Storage Cheat Sheet's first
 * configuration (m = 19 MiB, t = 2, p = 1). Why argon2id over scrypt: see docs/auth.md.
 * The parameters are stored inside each hash, so raising them later only needs
 * `needsRehash` at the next successful login.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password, a missing hash (Google-only account) or a corrupt hash. */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    // spend about the same time as a real check so timing does not tell "no password set"
    await argon2.hash(password, ARGON2_OPTIONS);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, ARGON2_OPTIONS);
  } catch {
    return false;
  }
}
