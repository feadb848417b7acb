/** The per-user "smart trading enabled" flag: operators find a user and switch it (audited). */
import { eq, ilike, or } from 'drizzle-orm';
import { Err } from '../../src/contract/errors.ts';
import type { SmartUser } from '../../src/contract/smart.ts';
import type { Db } from '../platform/db/client.ts';
import { users } from '../platform/identity/schema.ts';
import { userWritten } from '../platform/db/userWrites.ts';
import { BizError } from '../platform/http/errors.ts';
import { writeAudit } from '../platform/audit/audit.ts';

type UserRow = Pick<typeof users.$inferSelect, 'id' | 'username' | 'email' | 'smartEnabled'>;
const view = (u: UserRow): SmartUser => ({
  id: u.id.toString(),
  username: u.username,
  email: u.email,
  smartEnabled: u.smartEnabled,
});
const cols = { id: users.id, username: users.username, email: users.email, smartEnabled: users.smartEnabled };

/** Users whose id is `q`, or whose name or e-mail starts with it (at most 20). */
export async function findUsers(db: Db, q: string): Promise<SmartUser[]> {
  const text = q.trim();
  const prefix = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byText = or(ilike(users.username, prefix), ilike(users.email, prefix));
  const where = /^[0-9]{1,18}$/.test(text) ? or(eq(users.id, BigInt(text)), byText) : byText;
  const rows = await db.select(cols).from(users).where(where).orderBy(users.id).limit(20);
  return rows.map(view);
}

export async function setSmartEnabled(db: Db, operatorId: bigint, userId: bigint, smartEnabled: boolean): Promise<SmartUser> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select(cols).from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw new BizError(Err.USER_NOT_FOUND);
    const [after] = await tx.update(users).set({ smartEnabled }).where(eq(users.id, userId)).returning(cols);
    await userWritten(tx, userId);
    await writeAudit(tx, {
      actorId: operatorId,
      action: 'user.smart_enabled',
      targetType: 'user',
      targetId: userId,
      before: { smartEnabled: before.smartEnabled },
      after: { smartEnabled: after.smartEnabled },
    });
    return view(after);
  });
}
