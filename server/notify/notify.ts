import type { DbOrTx } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';
import type { Bus } from './bus.ts';

export interface UserEvent {
  kind: string;
  params?: Record<string, unknown>;
  refType?: string;
  refId?: string;
}

/**
 * Writes the user's notification in the caller's transaction. Publish after commit with
 * `publishUserEvent` so nobody hears of a change that was rolled back.
 */
export async function recordNotification(tx: DbOrTx, userId: bigint, ev: UserEvent) {
  const [row] = await tx
    .insert(notifications)
    .values({ userId, kind: ev.kind, params: ev.params ?? {}, refType: ev.refType, refId: ev.refId })
    .returning({ id: notifications.id, createdAt: notifications.createdAt });
  return row;
}

export async function publishUserEvent(bus: Bus, userId: bigint, ev: UserEvent & { id?: bigint }) {
  await bus.publish(`user:${userId}`, { ...ev, id: ev.id?.toString() });
}
