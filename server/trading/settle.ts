/**
 * Closing a position (docs/trading.md): one transaction per position, whoever closes it (the
 * user, a trigger, the expiry). The row is locked and must still be open, the status change is
 * the chart's (src/machines/trading/optionsOrder.ts), and the money moves under keys that start with
 * `order:<id>:close`, so a second settlement of the same position, from a retry or another
 * instance, finds it closed and moves nothing.
 *
 * Money: the whole margin goes back to available first (`order:<id>:close`), then the loss goes
 * to the platform's trading-results account, or the profit comes from it, and the closing fee
 * goes to fees. The loss is the pnl floored at −margin and the fee is capped at what is left of
 * the margin, so the user's available balance never pays more than the margin held: when the
 * price gapped past that, the trading-results account simply receives less (negative-balance
 * protection).
 */
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { netOfSettled, settlement } from '../../src/contract/optionsMath.ts';
import { ORDER_REF_TYPE, type CloseReason, type OrderEventParams } from '../../src/contract/trading.ts';
import { CLOSE_EVENT, optionsOrderMachine } from '../../src/machines/trading/optionsOrder.ts';
import { optionsOrders, type OptionsOrderRow } from './schema.ts';
import { userWritten } from '../platform/db/userWrites.ts';
import { platformAccount, userAccount } from '../platform/ledger/accounts.ts';
import { transfer } from '../platform/ledger/ledger.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import { nextStatus } from '../platform/statusTransitions.ts';
import type { TradingDeps } from './deps.ts';
import { orderNo, termsOfRow } from './view.ts';

/** The feed tick a position closes at: its time (ms) and price. */
export interface CloseTick {
  time: number;
  price: string;
}

export interface SettleOptions {
  /** The level that fired (take-profit, stop-loss or stop-out price); none for expiry and manual. */
  triggerPrice?: string | null;
  /** Expired while no engine ran (closed at a stored price). */
  delayed?: boolean;
}

export const orderRef = (r: Pick<OptionsOrderRow, 'id' | 'book'>) => ({
  book: r.book,
  asset: 'USDT' as const,
  refType: ORDER_REF_TYPE,
  refId: r.id.toString(),
});

export function eventParams(r: OptionsOrderRow): OrderEventParams {
  const p = r.pricePrecision;
  const base: OrderEventParams = {
    id: r.id.toString(),
    orderNo: orderNo(r),
    book: r.book,
    code: r.code,
    direction: r.direction,
    lots: new Decimal(r.lots).toFixed(),
    margin: new Decimal(r.margin).toFixed(6),
    openPrice: new Decimal(r.openPrice).toFixed(p),
  };
  if (r.status === 'open' || r.closePrice === null) return base;
  return {
    ...base,
    closePrice: new Decimal(r.closePrice).toFixed(p),
    profit: new Decimal(r.pnl ?? 0).toFixed(6),
    net: netOfSettled(r.pnl ?? '0', r.openFee, r.closeFee),
    closeReason: r.closeReason ?? undefined,
    delayed: r.delayed,
  };
}

/** Whether the stop-loss or take-profit that fired is still the position's level (other reasons: always). */
function levelStillSet(r: OptionsOrderRow, reason: CloseReason, triggerPrice: string | null | undefined): boolean {
  const level = reason === 'stop_loss' ? r.stopLoss : reason === 'take_profit' ? r.takeProfit : undefined;
  if (level === undefined || triggerPrice == null) return true;
  return level !== null && new Decimal(level).eq(triggerPrice);
}

/**
 * Closes position `id` at `tick` for `reason`. Returns the row as it now stands and whether this
 * call closed it (false: it was closed already, or the stop-loss / take-profit that fired is no
 * longer its level; nothing written); undefined for no such row.
 */
export async function settleOrder(
  deps: TradingDeps,
  id: bigint,
  reason: CloseReason,
  tick: CloseTick,
  opts: SettleOptions = {},
): Promise<{ row: OptionsOrderRow; settled: boolean } | undefined> {
  const events = new PendingEvents();
  const out = await deps.db.transaction(async (tx) => {
    const [r] = await tx.select().from(optionsOrders).where(eq(optionsOrders.id, id)).for('update');
    if (!r) return undefined;
    if (r.status !== 'open') return { row: r, settled: false };
    // a level the user changed after the engine read it no longer fires (the engine re-reads the row)
    if (!levelStillSet(r, reason, opts.triggerPrice)) return { row: r, settled: false };
    const status = nextStatus(optionsOrderMachine, r.status, CLOSE_EVENT[reason]);
    const terms = termsOfRow(r);
    const price = new Decimal(tick.price).toFixed(r.pricePrecision);
    const s = settlement(terms, price);
    const ref = orderRef(r);
    const margin = new Decimal(r.margin).toFixed(6);
    const available = userAccount(r.userId, 'available');
    const moved = await transfer(tx, {
      ...ref,
      key: `order:${r.id}:close`,
      from: userAccount(r.userId, 'order_margin'),
      to: available,
      amount: margin,
      reason: 'options.margin_released',
    });
    if (!moved) throw new Error(`options order ${r.id}: open but its close key was used`);
    const pnl = new Decimal(s.pnl);
    if (pnl.lt(0)) {
      await transfer(tx, {
        ...ref,
        key: `order:${r.id}:close:loss`,
        from: available,
        to: platformAccount('trading_results'),
        amount: pnl.neg().toFixed(6),
        reason: 'options.loss',
      });
    } else if (pnl.gt(0)) {
      await transfer(tx, {
        ...ref,
        key: `order:${r.id}:close:profit`,
        from: platformAccount('trading_results'),
        to: available,
        amount: pnl.toFixed(6),
        reason: 'options.profit',
      });
    }
    if (new Decimal(s.closeFee).gt(0)) {
      await transfer(tx, {
        ...ref,
        key: `order:${r.id}:close:fee`,
        from: available,
        to: platformAccount('fees'),
        amount: s.closeFee,
        reason: 'options.fee',
      });
    }
    const [after] = await tx
      .update(optionsOrders)
      .set({
        status,
        closePrice: price,
        closeTime: new Date(tick.time),
        closeReason: reason,
        closeFee: s.closeFee,
        pnl: s.pnl,
        rawPnl: s.rawPnl,
        triggerPrice: opts.triggerPrice ?? null,
        delayed: opts.delayed ?? false,
        settledAt: new Date(deps.now()),
      })
      .where(eq(optionsOrders.id, r.id))
      .returning();
    await userWritten(tx, r.userId);
    await events.record(tx, r.userId, {
      kind: 'order.closed',
      params: { ...eventParams(after) },
      refType: ORDER_REF_TYPE,
      refId: r.id.toString(),
    });
    return { row: after, settled: true };
  });
  if (out?.settled) {
    await events.publish(deps);
    deps.onClosed?.(out.row);
  }
  return out;
}
