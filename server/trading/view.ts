/**
 * A stored position as the code works with it (OptionsPosition of src/contract/trading.ts): the
 * row's figures formatted, and for an open position the live profit at the instrument's last
 * price.
 */
import Decimal from 'decimal.js';
import type { OptionsPosition } from '../../src/contract/trading.ts';
import { expectedReturn, maxLoss, netAt, netOfSettled, pnl, type PositionTerms } from '../../src/contract/optionsMath.ts';
import type { OptionsOrderRow } from '../db/schema/index.ts';

const money = (v: string | null | undefined) => new Decimal(v ?? 0).toFixed(6);
const priceAt = (p: number) => (v: string) => new Decimal(v).toFixed(p);

/** The position's fixed terms, read back from its row. */
export function termsOfRow(r: OptionsOrderRow): PositionTerms {
  return {
    direction: r.direction, lots: new Decimal(r.lots).toFixed(), contractSize: new Decimal(r.contractSize).toFixed(), leverage: r.leverage,
    feeRate: new Decimal(r.feeRate).toFixed(), openPrice: new Decimal(r.openPrice).toFixed(r.pricePrecision),
    quoteRate: new Decimal(r.quoteRate).toFixed(), stopOutLevel: new Decimal(r.stopOutLevel).toFixed(), pricePrecision: r.pricePrecision,
  };
}

/** "OP" + the opening day (UTC, yyyymmdd) + the id on at least six digits. */
export const orderNo = (r: Pick<OptionsOrderRow, 'id' | 'openTime'>) =>
  `OP${r.openTime.toISOString().slice(0, 10).replaceAll('-', '')}${r.id.toString().padStart(6, '0')}`;

/** The row as a position; `lastPrice` values an open one (its pnl stays 0 without a price). */
export function positionView(r: OptionsOrderRow, lastPrice?: string): OptionsPosition {
  const price = priceAt(r.pricePrecision);
  const open = r.status === 'open';
  const terms = termsOfRow(r);
  const live = open && lastPrice !== undefined ? pnl(terms, lastPrice) : null;
  return {
    id: r.id.toString(),
    orderNo: orderNo(r),
    book: r.book,
    code: r.code,
    direction: r.direction,
    lots: new Decimal(r.lots).toFixed(),
    leverage: r.leverage,
    periodSeconds: r.periodSeconds,
    openPrice: price(r.openPrice),
    openTime: r.openTime.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    closePrice: r.closePrice === null ? null : price(r.closePrice),
    closeTime: r.closeTime ? r.closeTime.toISOString() : null,
    stopLoss: r.stopLoss === null ? null : price(r.stopLoss),
    takeProfit: r.takeProfit === null ? null : price(r.takeProfit),
    stopOutPrice: price(r.stopOutPrice),
    notional: money(r.notional),
    margin: money(r.margin),
    openFee: money(r.openFee),
    closeFee: r.closeFee === null ? null : money(r.closeFee),
    // from the contract's one definition (after both fees, signed), so a row stored before that
    // definition reads the same as a new one
    expectedReturn: expectedReturn(terms, r.takeProfit === null ? null : price(r.takeProfit)),
    maxLoss: maxLoss(terms, r.stopLoss === null ? null : price(r.stopLoss)),
    pnl: open ? money(live) : money(r.pnl),
    net: open ? netAt(terms, lastPrice ?? terms.openPrice) : netOfSettled(money(r.pnl), r.openFee, r.closeFee),
    status: r.status,
    closeReason: r.closeReason ?? null,
    closeTick: r.closePrice !== null && r.closeTime ? { time: r.closeTime.toISOString(), price: price(r.closePrice) } : null,
    triggerPrice: r.triggerPrice === null ? null : price(r.triggerPrice),
    delayed: r.delayed,
    trailingDistance: r.trailingDistance === null ? null : price(r.trailingDistance),
  };
}
