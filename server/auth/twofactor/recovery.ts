/**
 * Recovery codes: ten per enrolment, shown once, kept as argon2id hashes (a salted password hash,
 * as for passwords: server/auth/passwords.ts). A code is 16 base32 characters (80 bits) shown as
 * four groups; its first group, stored in clear as `lookup`, finds the one row to verify, so a try
 * costs one hash, not ten. Spending one is a single conditional UPDATE: it works once, even when
 * two requests race with it.
 */
import crypto from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '../../../src/contract/twoFactor.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { recoveryCodes } from './schema.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function randomCode(): string {
  const bytes = crypto.randomBytes(16);
  return Array.from(bytes, (b) => ALPHABET[b & 31]).join('');
}

/** The code as typed: upper case, without dashes or spaces. */
export const normaliseRecovery = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const shown = (c: string) => c.match(/.{4}/g)!.join('-');

/** New codes for the user (the old ones are deleted), in the caller's transaction; returns them as shown. */
export async function replaceRecoveryCodes(tx: DbOrTx, userId: bigint): Promise<string[]> {
  const codes: string[] = [];
  const lookups = new Set<string>();
  while (codes.length < RECOVERY_CODE_COUNT) {
    const c = randomCode();
    // distinct first groups, so a lookup names one row
    if (lookups.has(c.slice(0, 4))) continue;
    lookups.add(c.slice(0, 4));
    codes.push(c);
  }
  const rows = await Promise.all(codes.map(async (c) => ({ userId, lookup: c.slice(0, 4), codeHash: await hashPassword(c) })));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(rows);
  return codes.map(shown);
}

export async function deleteRecoveryCodes(tx: DbOrTx, userId: bigint): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function recoveryCodesLeft(db: DbOrTx, userId: bigint): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return n;
}

/**
 * 'spent' when the code was unused and is now used, 'used' when it matches a spent one (or a
 * parallel request spent it first), 'wrong' otherwise.
 */
export async function spendRecoveryCode(db: DbOrTx, userId: bigint, typed: string): Promise<'spent' | 'used' | 'wrong'> {
  const code = normaliseRecovery(typed);
  const rows = await db
    .select()
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.lookup, code.slice(0, 4))));
  for (const row of rows) {
    if (!(await verifyPassword(row.codeHash, code))) continue;
    if (row.usedAt) return 'used';
    const done = await db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(recoveryCodes.id, row.id), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return done.length > 0 ? 'spent' : 'used';
  }
  return 'wrong';
}
