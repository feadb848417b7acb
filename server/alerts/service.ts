/**
 * Price alerts (docs/alerts.md): create, edit, delete and list one's own alerts, and fire one
 * when the engine's index says a tick reached it. Firing claims the row atomically (status and
 * version in the WHERE), writes the `alert.fired` notification in the same transaction, then
 * publishes the user event and mails the user in the account's language: once, whichever
 * instance or tick gets there first.
 */
import Decimal from 'decimal.js';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { UserEventParams } from '../../src/contract/userEvents.ts';
import {
  ALERT_LIMIT,
  alertProblem,
  type AlertKind,
  type CreateAlertBody,
  type PriceAlertWire,
  type UpdateAlertBody,
} from '../../src/contract/alerts.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import type { Db } from '../platform/db/client.ts';
import { priceAlerts, type PriceAlertRow } from './schema.ts';
import { users } from '../platform/identity/schema.ts';
import { BizError } from '../platform/http/errors.ts';
import type { Bus } from '../platform/bus/bus.ts';
import { accountLanguage, renderMail } from '../platform/mail/mailText.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import type { Market } from '../wallet/index.ts';

export const ALERT_REF_TYPE = 'priceAlert';

export interface AlertsDeps {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  market: Market;
  mailer: Mailer | null;
  now: () => number;
  /** Told of every change made on this instance, so its engine (when it leads) watches at once. */
  onChanged?: (row: PriceAlertRow) => void;
  onDeleted?: (id: string) => void;
}

/** The alert's watched value: the level or the percent, as written. */
export const valueOf = (r: PriceAlertRow): string => new Decimal((r.kind === 'move' ? r.percent : r.level) ?? 0).toFixed();

export function alertToWire(r: PriceAlertRow): PriceAlertWire {
  return {
    id: r.id.toString(),
    code: r.code,
    kind: r.kind,
    value: valueOf(r),
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    firedAt: r.firedAt?.toISOString() ?? null,
    firedPrice: r.firedPrice === null ? null : new Decimal(r.firedPrice).toFixed(),
    firedMove: r.firedMove === null ? null : new Decimal(r.firedMove).toFixed(),
  };
}

const terms = (kind: AlertKind, value: string) => ({
  kind,
  level: kind === 'move' ? null : new Decimal(value).toFixed(),
  percent: kind === 'move' ? new Decimal(value).toFixed() : null,
});

export class AlertsService {
  constructor(readonly deps: AlertsDeps) {}

  /** The instrument's current quote and the first rule the alert breaks there (refusals write nothing). */
  private check(code: string, kind: AlertKind, value: string): string {
    const q = this.deps.market.get(code);
    if (!q) throw new BizError(Err.INSTRUMENT_NOT_FOUND);
    const problem = alertProblem(kind, value, this.deps.market.formatPrice(q), q.change24hPct, q.info.pricePrecision);
    if (problem) throw new BizError(problem.code, problem.params);
    return q.info.code;
  }

  async list(userId: bigint, code?: string) {
    const where = code ? and(eq(priceAlerts.userId, userId), eq(priceAlerts.code, code)) : eq(priceAlerts.userId, userId);
    const rows = await this.deps.db.select().from(priceAlerts).where(where).orderBy(asc(priceAlerts.id));
    const [{ n }] = await this.deps.db
      .select({ n: count() })
      .from(priceAlerts)
      .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'active')));
    return { alerts: rows.map(alertToWire), limit: ALERT_LIMIT, active: Number(n) };
  }

  async create(userId: bigint, body: CreateAlertBody): Promise<PriceAlertRow> {
    const code = this.check(body.code, body.kind, body.value);
    const now = new Date(this.deps.now());
    const row = await this.deps.db.transaction(async (tx) => {
      // one creation at a time per user, so the limit holds under races
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`alerts:${userId}`}, 0))`);
      const [{ n }] = await tx
        .select({ n: count() })
        .from(priceAlerts)
        .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'active')));
      if (Number(n) >= ALERT_LIMIT) throw new BizError(Err.ALERT_LIMIT_REACHED, { limit: ALERT_LIMIT });
      const [r] = await tx
        .insert(priceAlerts)
        .values({ userId, code, ...terms(body.kind, body.value), createdAt: now, updatedAt: now })
        .returning();
      return r;
    });
    this.deps.onChanged?.(row);
    return row;
  }

  private async own(userId: bigint, id: bigint): Promise<PriceAlertRow> {
    const [r] = await this.deps.db
      .select()
      .from(priceAlerts)
      .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)));
    if (!r) throw new BizError(Err.RECORD_NOT_FOUND);
    return r;
  }

  /** New terms for an active alert; its version grows, so a level another index still holds never fires it. */
  async update(userId: bigint, body: UpdateAlertBody): Promise<PriceAlertRow> {
    const id = BigInt(body.id);
    const r = await this.own(userId, id);
    if (r.status !== 'active') throw new BizError(Err.ALERT_ALREADY_FIRED);
    this.check(r.code, body.kind, body.value);
    const [after] = await this.deps.db
      .update(priceAlerts)
      .set({ ...terms(body.kind, body.value), version: sql`${priceAlerts.version} + 1`, updatedAt: new Date(this.deps.now()) })
      .where(and(eq(priceAlerts.id, id), eq(priceAlerts.status, 'active')))
      .returning();
    // fired between the read and the write
    if (!after) throw new BizError(Err.ALERT_ALREADY_FIRED);
    this.deps.onChanged?.(after);
    return after;
  }

  async remove(userId: bigint, id: bigint): Promise<void> {
    const gone = await this.deps.db
      .delete(priceAlerts)
      .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
      .returning({ id: priceAlerts.id });
    if (gone.length === 0) throw new BizError(Err.RECORD_NOT_FOUND);
    this.deps.onDeleted?.(id.toString());
  }

  /**
   * Fires alert `id` at a tick, if it is still active at `version`: claims the row, writes the
   * notification, then publishes and mails. False when another instance (or an edit, or a
   * deletion) got there first: nothing written.
   */
  async fire(id: bigint, version: number, tick: { price: string; changePct: number; time: number }): Promise<boolean> {
    const events = new PendingEvents();
    const move = tick.changePct.toFixed(2);
    const fired = await this.deps.db.transaction(async (tx) => {
      const [r] = await tx
        .update(priceAlerts)
        .set({
          status: 'fired',
          firedAt: new Date(tick.time),
          firedPrice: tick.price,
          firedMove: move,
          updatedAt: new Date(this.deps.now()),
        })
        .where(and(eq(priceAlerts.id, id), eq(priceAlerts.status, 'active'), eq(priceAlerts.version, version)))
        .returning();
      if (!r) return null;
      const params: UserEventParams<'alert.fired'> = {
        id: r.id.toString(),
        code: r.code,
        kind: r.kind,
        value: valueOf(r),
        price: tick.price,
        move,
      };
      await events.record(tx, r.userId, {
        kind: 'alert.fired',
        params: { ...params },
        refType: ALERT_REF_TYPE,
        refId: r.id.toString(),
      });
      return { row: r, params };
    });
    if (!fired) return false;
    await events.publish(this.deps);
    await this.mail(fired.row.userId, fired.params).catch((err: unknown) =>
      this.deps.log.error({ err, alert: id.toString() }, 'alert mail failed'),
    );
    return true;
  }

  /** The alert's mail, in the account's language (`users.language`). */
  private async mail(userId: bigint, p: UserEventParams<'alert.fired'>): Promise<void> {
    if (!this.deps.mailer) return;
    const [u] = await this.deps.db
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, userId));
    if (!u?.email) return;
    const text = renderMail(accountLanguage(u.language), 'alert.subject', [`alert.${p.kind}`, 'alert.end'], {
      ...p,
      move: p.move.replace(/^-/, '−'),
    });
    await this.deps.mailer.deliver({ channel: 'email', recipient: u.email, ...text });
  }
}
