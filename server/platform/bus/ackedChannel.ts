/**
 * A bus channel whose sender waits until every instance has acted on its message: the
 * invalidations of what instances keep in memory (sessions: server/auth/sessionCache.ts; a
 * user's reads no longer: they are checked against a version in Redis, server/platform/userReads.ts,
 * so that no write waits for a paused instance). Redis hands a message to every subscriber's socket
 * at once, but an instance may read it only after a request the client sent once the sender had
 * answered; so each instance answers on `ackChannel` once it has acted, and `publish` resolves
 * when as many answers have come as PUBLISH counted receivers, or after `waitMs` with a warning
 * (an instance that does not answer in time is bounded by its memory's maximum age instead).
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './bus.ts';

/** How long a sender waits for every instance's answer before it goes on anyway. */
const ACK_WAIT_MS = 2_000;

interface AckWait {
  /** Subscriptions the message was handed to; unknown until PUBLISH answers. */
  need?: number;
  got: number;
  done: () => void;
}

export interface AckedChannelOptions {
  bus: Bus;
  log: FastifyBaseLogger;
  channel: string;
  /** Where instances answer that they acted on a message of `channel`. */
  ackChannel: string;
  /** What a message does, for the log ("session revocation"). */
  what: string;
  waitMs?: number;
}

export class AckedChannel {
  private readonly acks = new Map<string, AckWait>();
  private readonly unsubscribe: Array<() => void> = [];

  /** `act` runs on every instance (this one included) for every message, then the instance answers. */
  constructor(
    private readonly o: AckedChannelOptions,
    act: (message: Record<string, unknown>) => void,
  ) {
    this.unsubscribe.push(
      o.bus.subscribe(o.channel, (m) => {
        const message = (m && typeof m === 'object' ? m : {}) as Record<string, unknown>;
        act(message);
        if (typeof message.ack === 'string') {
          void o.bus
            .publish(o.ackChannel, { ack: message.ack })
            .catch((err: unknown) => o.log.warn({ err }, `${o.what} not answered`));
        }
      }),
    );
    this.unsubscribe.push(
      o.bus.subscribe(o.ackChannel, (m) => {
        const wait = this.acks.get(String((m as { ack?: unknown } | null)?.ack));
        if (!wait) return;
        wait.got++;
        if (wait.need !== undefined && wait.got >= wait.need) wait.done();
      }),
    );
  }

  /** Whether every message of the channel reaches this process now (Bus.hearing). */
  hearing(): boolean {
    return this.o.bus.hearing(this.o.channel);
  }

  /**
   * Publishes `message` and resolves once every instance that received it has answered (bounded).
   * A bus that fails is logged, not thrown: what the message announces is committed already, and
   * an instance cut from Redis has forgotten what it held (Bus.onGap).
   */
  async publish(message: Record<string, unknown>, context: Record<string, unknown> = {}): Promise<void> {
    // without hearing the answers there is nothing to wait for: publish and go
    const ack = this.o.bus.hearing(this.o.ackChannel) ? crypto.randomUUID() : undefined;
    let timer: NodeJS.Timeout | undefined;
    let wait: AckWait | undefined;
    const answered =
      ack === undefined
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => {
            wait = { got: 0, done: () => resolve(true) };
            this.acks.set(ack, wait);
            timer = setTimeout(() => resolve(false), this.o.waitMs ?? ACK_WAIT_MS);
          });
    try {
      const need = await this.o.bus.publish(this.o.channel, { ...message, ack });
      if (wait) {
        wait.need = need;
        if (wait.got >= need) wait.done();
      }
      if (!(await answered))
        this.o.log.warn({ ...context, need, got: wait?.got }, `${this.o.what} not answered by every instance in time`);
    } catch (err) {
      this.o.log.warn({ err }, `${this.o.what} not published`);
    } finally {
      clearTimeout(timer);
      if (ack) this.acks.delete(ack);
    }
  }

  close() {
    for (const u of this.unsubscribe.splice(0)) u();
  }
}
