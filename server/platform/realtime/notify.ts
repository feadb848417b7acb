import type { DbOrTx } from '../db/client.ts';
import { notifications } from './schema.ts';
import type { UserEventInput, UserEventMessage } from '../../../src/contract/userEvents.ts';
import type { Bus } from '../bus/bus.ts';

/** A user event as a domain records and publishes it: one of the union in src/contract/userEvents.ts. */
export type UserEvent = UserEventInput;

/**
 * Writes the user's notification in the caller's transaction. Publish after commit with
 * `publishUserEvent` so nobody hears of a change that was rolled back.
 */
export async function recordNotification(tx: DbOrTx, userId: bigint, ev: UserEvent) {
  const [row] = await tx
    .insert(notifications)
    .values({ userId, kind: ev.kind, params: ev.params, refType: ev.refType, refId: ev.refId })
    .returning({ id: notifications.id, createdAt: notifications.createdAt });
  return row;
}

/** The bus channel of a user's events: it carries only UserEventMessage (src/contract/userEvents.ts). */
export const userChannel = (userId: bigint | string) => `user:${userId}`;

export async function publishUserEvent(bus: Bus, userId: bigint, ev: UserEvent & { id?: bigint }) {
  const message: UserEventMessage = { ...ev, id: ev.id?.toString() };
  await bus.publish(userChannel(userId), message);
}
