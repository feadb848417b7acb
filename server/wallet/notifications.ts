import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Notification } from '../../src/contract/wallet.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { pageTotal, totalOver } from '../platform/db/paging.ts';
import { notifications } from '../platform/realtime/schema.ts';
import { requestId } from '../platform/http/validation.ts';

export async function unreadCount(db: DbOrTx, userId: bigint): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return Number(n);
}

export async function listNotifications(
  db: DbOrTx,
  userId: bigint,
  q: { pageNum?: number; pageSize?: number; unreadOnly?: boolean },
) {
  const where = q.unreadOnly
    ? and(eq(notifications.userId, userId), eq(notifications.read, false))
    : eq(notifications.userId, userId);
  const size = q.pageSize ?? 20;
  const offset = ((q.pageNum ?? 1) - 1) * size;
  // rows and total in one query (server/platform/db/paging.ts)
  const page = await db
    .select({ r: notifications, total: totalOver() })
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.id))
    .limit(size)
    .offset(offset);
  const total = await pageTotal(page, offset, async () =>
    Number((await db.select({ n: count() }).from(notifications).where(where))[0].n),
  );
  const view: Notification[] = page.map(({ r }) => ({
    id: r.id.toString(),
    kind: r.kind,
    params: (r.params ?? {}) as Record<string, unknown>,
    refType: r.refType,
    refId: r.refId,
    read: r.read,
    createdAt: r.createdAt.toISOString(),
  }));
  return { rows: view, total: Number(total), unread: await unreadCount(db, userId) };
}

/** Marks the user's own notifications read (ids of other users are silently out of scope). */
export async function markRead(db: DbOrTx, userId: bigint, sel: { ids?: string[]; all?: boolean }): Promise<number> {
  const mine = and(eq(notifications.userId, userId), eq(notifications.read, false));
  if (sel.all) return (await db.update(notifications).set({ read: true }).where(mine).returning({ id: notifications.id })).length;
  const ids = (sel.ids ?? []).map(requestId);
  if (ids.length === 0) return 0;
  return (
    await db
      .update(notifications)
      .set({ read: true })
      .where(and(mine, inArray(notifications.id, ids)))
      .returning({ id: notifications.id })
  ).length;
}
