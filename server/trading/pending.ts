/**
 * Pending entry orders (docs/trading.md, "Pending entry orders"). Placing one holds margin +
 * opening fee at its level (user available → entry_hold, `pending:<id>:hold`); it leaves
 * `pending` exactly once, each time releasing the hold (`pending:<id>:release`):
 *
 * - filled: at the tick that reaches the level, in one transaction the hold is released and the
 *   position opens at that tick's price with the rules of an order at the market (orders.ts
 *   openInTx). When those fail (a rule at the fill price, the open-position limit, the balance),
 *   the opening alone rolls back (a savepoint): the order is refused with the code, the hold is
 *   back in available and the user is told why (`pending.refused`);
 * - cancelled by the user, or expired at its validity's end (`pending.expired`).
 *
 * The row is locked and must be pending, and the release key is used once, so the engine, a
 * cancel and another instance can race without moving money twice.
 */
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Book } from '../../src/contract/constants.ts';
import { entryHold, entryRuleBroken, MAX_PENDING_ORDERS } from '../../src/contract/entryMath.ts';
import { Err } from '../../src/contract/errors.ts';
import {
  PENDING_REF_TYPE,
  type ListPendingQuery,
  type PendingOrderPage,
  type PendingOrderWire,
  type PlacePendingBody,
} from '../../src/contract/pendingOrders.ts';
import { pendingOrderMachine, type PendingOrderEvent } from '../../src/machines/trading/pendingOrder.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { optionsPendingOrders, type OptionsPendingOrderRow } from './pendingSchema.ts';
import { type OptionsOrderRow } from './schema.ts';
import { BizError } from '../platform/http/errors.ts';
import { userAccount } from '../platform/ledger/accounts.ts';
import { transfer } from '../platform/ledger/ledger.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import { nextStatus } from '../platform/statusTransitions.ts';
import { openInTx, openRequest } from './orders.ts';
import { requireProduct } from './products.ts';
import type { TradingDeps } from './deps.ts';
import type { CloseTick } from './settle.ts';
import Decimal from 'decimal.js';

const ref = (r: Pick<OptionsPendingOrderRow, 'id' | 'book'>) => ({
  book: r.book,
  asset: 'USDT' as const,
  refType: PENDING_REF_TYPE,
  refId: r.id.toString(),
});

const plain = (v: string | null) => (v === null ? null : new Decimal(v).toFixed());

export function pendingView(r: OptionsPendingOrderRow): PendingOrderWire {
  return {
    id: r.id.toString(),
    book: r.book,
    code: r.code,
    direction: r.direction,
    entryKind: r.entryKind,
    entryPrice: new Decimal(r.entryPrice).toFixed(),
    lots: new Decimal(r.lots).toFixed(),
    leverage: r.leverage,
    period: r.periodSeconds,
    stopLoss: plain(r.stopLoss),
    takeProfit: plain(r.takeProfit),
    trailingDistance: plain(r.trailingDistance),
    hold: new Decimal(r.hold).toFixed(6),
    expiresAt: r.expiresAt.toISOString(),
    status: r.status,
    orderId: r.orderId === null ? null : r.orderId.toString(),
    refusedCode: r.refusedCode,
    createdAt: r.createdAt.toISOString(),
    endedAt: r.endedAt ? r.endedAt.toISOString() : null,
  };
}

async function byClientKey(db: DbOrTx, userId: bigint, book: Book, clientKey: string) {
  const [row] = await db
    .select()
    .from(optionsPendingOrders)
    .where(
      and(
        eq(optionsPendingOrders.userId, userId),
        eq(optionsPendingOrders.book, book),
        eq(optionsPendingOrders.clientKey, clientKey),
      ),
    );
  return row;
}

/**
 * Places a pending order. Refusals write nothing: 10014, 10015 (the level is checked against a
 * live price), the entry rules (10280, 10281, 10284, 10285, and the market order's at the
 * level), 10283 at the limit of pending orders, 10011 when available does not cover the hold.
 */
export async function placePending(
  deps: TradingDeps,
  userId: bigint,
  book: Book,
  b: PlacePendingBody,
): Promise<PendingOrderWire> {
  const { product, quote } = requireProduct(deps.market, b.code, { maxOpenPositions: deps.maxOpenPositions });
  const first = await byClientKey(deps.db, userId, book, b.clientKey);
  if (first) return pendingView(first);
  if (!product.tradable) throw new BizError(Err.NOT_TRADABLE, { code: product.code });
  const price = deps.market.formatPrice(quote);
  const input = {
    ...b,
    stopLoss: b.stopLoss ?? null,
    takeProfit: b.takeProfit ?? null,
    trailingDistance: b.trailingDistance ?? null,
  };
  const code = entryRuleBroken(product, input, price, product.quoteRate);
  if (code !== null) throw new BizError(code, { code: product.code, price, limit: MAX_PENDING_ORDERS });
  const hold = entryHold(product, input, b.entryPrice, product.quoteRate);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pending:${userId}:${book}`}, 0))`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(optionsPendingOrders)
      .where(
        and(
          eq(optionsPendingOrders.userId, userId),
          eq(optionsPendingOrders.book, book),
          eq(optionsPendingOrders.status, 'pending'),
        ),
      );
    if (Number(n) >= MAX_PENDING_ORDERS) {
      if (await byClientKey(tx, userId, book, b.clientKey)) return undefined;
      throw new BizError(Err.TOO_MANY_PENDING_ORDERS, { limit: MAX_PENDING_ORDERS });
    }
    const [ins] = await tx
      .insert(optionsPendingOrders)
      .values({
        userId,
        book,
        code: product.code,
        direction: b.direction,
        entryKind: b.entryKind,
        entryPrice: b.entryPrice,
        lots: b.lots,
        leverage: b.leverage,
        periodSeconds: b.period,
        stopLoss: input.stopLoss,
        takeProfit: input.takeProfit,
        trailingDistance: input.trailingDistance,
        hold,
        expiresAt: new Date(now + b.validity * 1000),
        clientKey: b.clientKey,
        createdAt: new Date(now),
      })
      .onConflictDoNothing({ target: [optionsPendingOrders.userId, optionsPendingOrders.book, optionsPendingOrders.clientKey] })
      .returning();
    if (!ins) return undefined;
    await transfer(tx, {
      ...ref(ins),
      key: `pending:${ins.id}:hold`,
      from: userAccount(userId, 'available'),
      to: userAccount(userId, 'entry_hold'),
      amount: hold,
      reason: 'options.entry_hold',
    });
    return ins;
  });
  if (!row) return pendingView((await byClientKey(deps.db, userId, book, b.clientKey))!);
  deps.onPendingPlaced?.(row);
  return pendingView(row);
}

/** Locks a pending row; undefined when it is gone or no longer pending. */
async function lockPending(tx: DbOrTx, id: bigint) {
  const [r] = await tx.select().from(optionsPendingOrders).where(eq(optionsPendingOrders.id, id)).for('update');
  return r && r.status === 'pending' ? r : undefined;
}

async function release(tx: DbOrTx, r: OptionsPendingOrderRow) {
  await transfer(tx, {
    ...ref(r),
    key: `pending:${r.id}:release`,
    from: userAccount(r.userId, 'entry_hold'),
    to: userAccount(r.userId, 'available'),
    amount: new Decimal(r.hold).toFixed(6),
    reason: 'options.entry_release',
  });
}

async function end(
  tx: DbOrTx,
  r: OptionsPendingOrderRow,
  event: PendingOrderEvent,
  at: number,
  extra: Partial<OptionsPendingOrderRow> = {},
) {
  const status = nextStatus(pendingOrderMachine, r.status, event);
  const [after] = await tx
    .update(optionsPendingOrders)
    .set({ ...extra, status, endedAt: new Date(at) })
    .where(eq(optionsPendingOrders.id, r.id))
    .returning();
  return after;
}

const eventParams = (r: OptionsPendingOrderRow) => ({
  id: r.id.toString(),
  book: r.book,
  code: r.code,
  direction: r.direction,
  lots: new Decimal(r.lots).toFixed(),
  entryKind: r.entryKind,
  price: new Decimal(r.entryPrice).toFixed(),
  refusedCode: r.refusedCode,
});

/** Cancels the user's pending order and releases its hold (10043 not theirs, 10282 no longer pending). */
export async function cancelPending(deps: TradingDeps, userId: bigint, book: Book, id: bigint): Promise<PendingOrderWire> {
  const row = await deps.db.transaction(async (tx) => {
    const [own] = await tx.select().from(optionsPendingOrders).where(eq(optionsPendingOrders.id, id));
    if (!own || own.userId !== userId || own.book !== book) throw new BizError(Err.RECORD_NOT_FOUND);
    const r = await lockPending(tx, id);
    if (!r) throw new BizError(Err.PENDING_NOT_PENDING);
    await release(tx, r);
    return end(tx, r, { type: 'pending.cancel' }, deps.now());
  });
  deps.onPendingEnded?.(row);
  return pendingView(row);
}

/** The validity ended: released and told (the engine's sweep). False when it was no longer pending. */
export async function expirePending(deps: TradingDeps, id: bigint): Promise<boolean> {
  const events = new PendingEvents();
  const row = await deps.db.transaction(async (tx) => {
    const r = await lockPending(tx, id);
    if (!r) return undefined;
    await release(tx, r);
    const after = await end(tx, r, { type: 'pending.expire' }, deps.now());
    await events.record(tx, r.userId, {
      kind: 'pending.expired',
      params: eventParams(after),
      refType: PENDING_REF_TYPE,
      refId: r.id.toString(),
    });
    return after;
  });
  if (!row) return false;
  await events.publish(deps);
  deps.onPendingEnded?.(row);
  return true;
}

/**
 * The tick reached the level: the hold is released and the position opens at `tick` with the
 * market order's rules, or the order is refused with the first rule that failed. Undefined when it
 * was no longer pending (cancelled meanwhile, or filled by another instance).
 */
export async function fillPending(
  deps: TradingDeps,
  id: bigint,
  tick: CloseTick,
): Promise<{ pending: OptionsPendingOrderRow; opened?: OptionsOrderRow } | undefined> {
  const events = new PendingEvents();
  const out = await deps.db.transaction(async (tx) => {
    const r = await lockPending(tx, id);
    if (!r) return undefined;
    await release(tx, r);
    let refusedCode: number | null = null;
    let opened: OptionsOrderRow | undefined;
    try {
      const { product } = requireProduct(deps.market, r.code, { maxOpenPositions: deps.maxOpenPositions });
      if (!product.tradable) throw new BizError(Err.NOT_TRADABLE, { code: r.code });
      const price = new Decimal(tick.price).toFixed(product.pricePrecision);
      const req = openRequest(
        product,
        {
          direction: r.direction,
          lots: new Decimal(r.lots).toFixed(),
          leverage: r.leverage,
          period: r.periodSeconds,
          stopLoss: plain(r.stopLoss),
          takeProfit: plain(r.takeProfit),
          trailingDistance: plain(r.trailingDistance),
        },
        price,
      );
      if (typeof req === 'number') throw new BizError(req);
      // a savepoint: a refusal inside the opening (limit, balance) undoes the opening only
      opened = await tx.transaction((sp) =>
        openInTx(sp, { ...req, userId: r.userId, book: r.book, time: tick.time, clientKey: `pending-${r.id}` }, events),
      );
      if (!opened) throw new Error(`pending order ${r.id}: its position's client key was used`);
    } catch (err) {
      if (!(err instanceof BizError)) throw err;
      refusedCode = err.code;
    }
    const after = opened
      ? await end(tx, r, { type: 'pending.fill' }, tick.time, { orderId: opened.id })
      : await end(tx, r, { type: 'pending.refuse' }, tick.time, { refusedCode });
    if (!opened)
      await events.record(tx, r.userId, {
        kind: 'pending.refused',
        params: eventParams(after),
        refType: PENDING_REF_TYPE,
        refId: r.id.toString(),
      });
    return { pending: after, opened };
  });
  if (!out) return undefined;
  await events.publish(deps);
  if (out.opened) deps.onOpened?.(out.opened);
  deps.onPendingEnded?.(out.pending);
  return out;
}

export async function listPending(deps: TradingDeps, userId: bigint, book: Book, q: ListPendingQuery): Promise<PendingOrderPage> {
  const conds: SQL[] = [eq(optionsPendingOrders.userId, userId), eq(optionsPendingOrders.book, book)];
  if (q.status) conds.push(eq(optionsPendingOrders.status, q.status));
  const where = and(...conds);
  const size = q.pageSize ?? 20;
  const rows = await deps.db
    .select()
    .from(optionsPendingOrders)
    .where(where)
    .orderBy(desc(optionsPendingOrders.id))
    .limit(size)
    .offset(((q.pageNum ?? 1) - 1) * size);
  const [{ total }] = await deps.db.select({ total: count() }).from(optionsPendingOrders).where(where);
  return { rows: rows.map(pendingView), total: Number(total) };
}
