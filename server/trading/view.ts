/**
 * A stored position as the code works with it (OptionsPosition of src/contract/trading.ts): the
 * row's figures formatted, and for an open position the live profit at the instrument's last
 * price.
 *
 * Everything but the live figures depends on the row alone, and a row changes only when its
 * position does (stops moved, closed): what is derived from it is kept per row content (at most
 * MEMO_ROWS rows, the oldest first out), so a list page, asked again and again while prices move,
 * re-parses no decimals but the price and computes only the profit and the result at it (issue 26),
 * and those only when the price has moved since the last request that asked.
 */
import Decimal from 'decimal.js';
import type { OptionsPosition } from '../../src/contract/trading.ts';
import { expectedReturn, maxLoss, netAt, netOfSettled, valuer, type PositionTerms } from '../../src/contract/optionsMath.ts';
import type { OptionsOrderRow } from './schema.ts';

const money = (v: string | null | undefined) => new Decimal(v ?? 0).toFixed(6);
const priceAt = (p: number) => (v: string) => new Decimal(v).toFixed(p);

/** The columns a position's view reads (the positions page selects only these: positionPage.ts). */
export type ShownRow = Pick<
  OptionsOrderRow,
  | 'id'
  | 'book'
  | 'code'
  | 'direction'
  | 'lots'
  | 'leverage'
  | 'periodSeconds'
  | 'contractSize'
  | 'feeRate'
  | 'quoteRate'
  | 'stopOutLevel'
  | 'pricePrecision'
  | 'openPrice'
  | 'openTime'
  | 'expiresAt'
  | 'stopLoss'
  | 'takeProfit'
  | 'stopOutPrice'
  | 'notional'
  | 'margin'
  | 'openFee'
  | 'status'
  | 'closePrice'
  | 'closeTime'
  | 'closeReason'
  | 'closeFee'
  | 'pnl'
  | 'triggerPrice'
  | 'delayed'
  | 'trailingDistance'
>;

/** The position's fixed terms, read back from its row. */
export function termsOfRow(r: ShownRow): PositionTerms {
  return {
    direction: r.direction,
    lots: new Decimal(r.lots).toFixed(),
    contractSize: new Decimal(r.contractSize).toFixed(),
    leverage: r.leverage,
    feeRate: new Decimal(r.feeRate).toFixed(),
    openPrice: new Decimal(r.openPrice).toFixed(r.pricePrecision),
    quoteRate: new Decimal(r.quoteRate).toFixed(),
    stopOutLevel: new Decimal(r.stopOutLevel).toFixed(),
    pricePrecision: r.pricePrecision,
  };
}

/** "OP" + the opening day (UTC, yyyymmdd) + the id on at least six digits. */
export const orderNo = (r: Pick<OptionsOrderRow, 'id' | 'openTime'>) =>
  `OP${r.openTime.toISOString().slice(0, 10).replaceAll('-', '')}${r.id.toString().padStart(6, '0')}`;

/** What the row alone gives: the view without a price, and for an open position its valuer. */
interface Derived {
  view: OptionsPosition;
  value?: (price: string) => { pnl: string; net: string };
  /** The live figures at the last price asked for: a page asked again at the same price reuses them. */
  at?: { price: string; figures: { pnl: string; net: string } };
}

const MEMO_ROWS = 20_000;
const memo = new Map<string, Derived>();
/**
 * The same, by the row object: a page kept in memory (server/platform/userReads.ts) hands the
 * same row objects to every request, whose content key need not be built again (a row kept
 * there is never changed: a change is a new read, hence new objects).
 */
const byRow = new WeakMap<ShownRow, Derived>();

/** The row's content as a key: every column (a changed stop, a close, anything, is a new key). */
function contentKey(r: ShownRow): string {
  let k = '';
  for (const v of Object.values(r)) k += `${v instanceof Date ? v.getTime() : String(v)}|`;
  return k;
}

function derive(r: ShownRow): Derived {
  const price = priceAt(r.pricePrecision);
  const open = r.status === 'open';
  const terms = termsOfRow(r);
  const view: OptionsPosition = {
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
    // without a price an open position shows no profit, and its result is the fees'
    pnl: open ? money(null) : money(r.pnl),
    net: open ? netAt(terms, terms.openPrice) : netOfSettled(money(r.pnl), r.openFee, r.closeFee),
    status: r.status,
    closeReason: r.closeReason ?? null,
    closeTick: r.closePrice !== null && r.closeTime ? { time: r.closeTime.toISOString(), price: price(r.closePrice) } : null,
    triggerPrice: r.triggerPrice === null ? null : price(r.triggerPrice),
    delayed: r.delayed,
    terms: {
      contractSize: terms.contractSize,
      feeRate: terms.feeRate,
      quoteRate: terms.quoteRate,
      stopOutLevel: terms.stopOutLevel,
      pricePrecision: terms.pricePrecision,
    },
    trailingDistance: r.trailingDistance === null ? null : price(r.trailingDistance),
  };
  return { view, value: open ? valuer(terms) : undefined };
}

/** The row as a position; `lastPrice` values an open one (its pnl stays 0 without a price). */
export function positionView(r: ShownRow, lastPrice?: string): OptionsPosition {
  let d = byRow.get(r);
  if (!d) {
    const key = contentKey(r);
    d = memo.get(key);
    if (!d) {
      d = derive(r);
      if (memo.size >= MEMO_ROWS) memo.delete(memo.keys().next().value as string);
      memo.set(key, d);
    }
    byRow.set(r, d);
  }
  // a fresh object each time: callers may hand it on, never the memo's own
  if (!d.value || lastPrice === undefined) return { ...d.view, closeTick: d.view.closeTick && { ...d.view.closeTick } };
  // the figures are a function of the row and the price: the same price gives the same strings
  if (d.at?.price !== lastPrice) d.at = { price: lastPrice, figures: d.value(lastPrice) };
  return { ...d.view, closeTick: d.view.closeTick && { ...d.view.closeTick }, ...d.at.figures };
}
