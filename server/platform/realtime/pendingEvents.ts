import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus.ts';
import type { DbOrTx } from '../db/client.ts';
import { userWritten } from '../db/userWrites.ts';
import { publishUserEvent, recordNotification, type UserEvent } from './notify.ts';

/**
 * Collects user events inside a transaction (each one also written as a notification there) and
 * publishes them only after the commit, so nobody hears of a change that was rolled back. An
 * event tells of a change to the user's records, so the user is named to the transaction too
 * (server/platform/db/userWrites.ts): their reads kept in memory are forgotten on every instance when it
 * ends, before the event goes out and the app asks again.
 */
export class PendingEvents {
  private events: Array<{ userId: bigint; ev: UserEvent & { id?: bigint } }> = [];
  private tx?: DbOrTx;

  async record(tx: DbOrTx, userId: bigint, ev: UserEvent): Promise<void> {
    // a new transaction means the one these were recorded in was aborted and is being run
    // again (server/platform/db/retry.ts): its notifications were rolled back, so are its events
    if (this.tx !== tx) {
      this.events = [];
      this.tx = tx;
    }
    await userWritten(tx, userId);
    const row = await recordNotification(tx, userId, ev);
    this.events.push({ userId, ev: { ...ev, id: row?.id } });
  }

  async publish(to: { bus: Bus; log: FastifyBaseLogger }): Promise<void> {
    for (const { userId, ev } of this.events) {
      // the notification row is already committed; a bus hiccup must not fail the request
      await publishUserEvent(to.bus, userId, ev).catch((err) => to.log.warn({ err }, 'user event not published'));
    }
    this.events = [];
  }
}
