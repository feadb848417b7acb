import { count, desc, eq } from 'drizzle-orm';
import type { InviteeList } from '../../src/contract/support.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { users } from '../platform/identity/schema.ts';

/** How many invitees the invite page lists (the newest; `total` counts them all). */
export const INVITEES_SHOWN = 100;

/**
 * A name as the inviter sees it: the first and last character around three stars, so a friend
 * is recognisable without the list revealing anyone's account name ("alice" → "a***e").
 */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

/** The users who registered with `userId`'s invite code (bound at registration), newest first. */
export async function listInvitees(db: DbOrTx, userId: bigint): Promise<InviteeList> {
  const rows = await db
    .select({ username: users.username, createdAt: users.createdAt, kycStatus: users.kycStatus })
    .from(users)
    .where(eq(users.invitedBy, userId))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(INVITEES_SHOWN);
  const [total] = await db.select({ n: count() }).from(users).where(eq(users.invitedBy, userId));
  return {
    rows: rows.map((u) => ({
      name: maskName(u.username),
      joinedAt: u.createdAt.toISOString(),
      verified: u.kycStatus === 'verified',
    })),
    total: total?.n ?? 0,
  };
}
