import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DEMO_GRANT_USDT, type Language } from '../../src/contract/constants.ts';
import type { UserProfile } from '../../src/contract/auth.ts';
import { Err } from '../../src/contract/errors.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { users } from '../platform/identity/schema.ts';
import { BizError } from '../platform/http/errors.ts';
import { platformAccount, userAccount } from '../platform/ledger/accounts.ts';
import { transfer } from '../platform/ledger/ledger.ts';
import type { Target } from './targets.ts';

export type UserRow = typeof users.$inferSelect;

/** What a profile is made of (getUserInfo reads only these). */
export type ProfileColumns = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'email'
  | 'phone'
  | 'areaCode'
  | 'role'
  | 'kycStatus'
  | 'kycRejectReason'
  | 'smartEnabled'
  | 'inviteCode'
  | 'passwordHash'
  | 'createdAt'
>;

export function toProfile(u: ProfileColumns): UserProfile {
  return {
    id: String(u.id),
    username: u.username,
    email: u.email,
    phone: u.phone,
    areaCode: u.areaCode,
    role: u.role,
    kycStatus: u.kycStatus,
    kycRejectReason: u.kycStatus === 'rejected' ? u.kycRejectReason : null,
    smartEnabled: u.smartEnabled,
    inviteCode: u.inviteCode,
    hasPassword: u.passwordHash !== null,
    createdAt: u.createdAt.toISOString(),
  };
}

export async function userById(db: DbOrTx, id: bigint): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u;
}

/** Case-insensitive, matching the unique index on lower(username). */
export async function userByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [u] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return u;
}

export async function userByTarget(db: DbOrTx, t: Target): Promise<UserRow | undefined> {
  const cond = t.kind === 'email' ? sql`lower(${users.email}) = ${t.value}` : eq(users.phone, t.value);
  const [u] = await db.select().from(users).where(cond).limit(1);
  return u;
}

export async function userByInviteCode(db: DbOrTx, code: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.inviteCode, code.trim().toUpperCase())).limit(1);
  return u;
}

export async function userByGoogleSub(db: DbOrTx, sub: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
  return u;
}

// no 0/O/1/I: invite codes are read aloud and typed from screenshots
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newInviteCode(): string {
  let s = '';
  for (const b of crypto.randomBytes(8)) s += INVITE_ALPHABET[b % INVITE_ALPHABET.length];
  return s;
}

const uniqueViolation = (e: unknown): string | undefined => {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = err?.code === '23505' ? err : err?.cause?.code === '23505' ? err.cause : undefined;
  return c ? (c.constraint ?? 'unknown') : undefined;
};

/** Maps a unique-index race (two registrations at once) to the catalogue code. */
export function duplicateToBizError(e: unknown): unknown {
  const constraint = uniqueViolation(e);
  if (!constraint) return e;
  if (constraint.includes('username')) return new BizError(Err.USERNAME_EXISTS);
  if (constraint.includes('email') || constraint.includes('phone') || constraint.includes('google'))
    return new BizError(Err.EMAIL_OR_PHONE_EXISTS);
  return e;
}

export interface NewUser {
  username: string;
  email?: string | null;
  phone?: string | null;
  areaCode?: string | null;
  passwordHash: string | null;
  role?: 'customer' | 'operator';
  invitedBy?: bigint | null;
  googleSub?: string | null;
  /** the language mail to the account is written in (English when not given) */
  language?: Language;
}

/**
 * Inserts a user with a unique invite code and, for customers, the demo book's virtual grant
 * (DEMO_GRANT_USDT, a ledger transfer from the platform's demo_grants account, keyed so it
 * is paid once). The real book starts empty: it has no rows until money arrives. Call inside
 * the caller's transaction.
 */
export async function createUser(tx: DbOrTx, u: NewUser): Promise<UserRow> {
  let row: UserRow | undefined;
  for (let i = 0; !row; i++) {
    const inviteCode = newInviteCode();
    // a collision on 32^8 codes is rare; check first so the transaction is not aborted
    if (i < 5 && (await userByInviteCode(tx, inviteCode))) continue;
    [row] = await tx
      .insert(users)
      .values({ ...u, inviteCode })
      .returning();
  }
  if (row.role === 'customer') {
    await transfer(tx, {
      key: `demo-grant:${row.id}:0`,
      book: 'demo',
      asset: 'USDT',
      from: platformAccount('demo_grants'),
      to: userAccount(row.id),
      amount: DEMO_GRANT_USDT,
      reason: 'demo.grant',
      refType: 'user',
      refId: String(row.id),
    });
  }
  return row;
}
