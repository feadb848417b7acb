/**
 * Opening, reading and closing a user's positions (docs/trading.md). An order opens at the
 * instrument's current feed price; its margin and opening fee move through the ledger in the
 * transaction that writes it, so a refusal at any step (rules, the open-position limit, the
 * balance) leaves nothing behind. A retry with the same client key answers the first order.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Book } from '../../src/contract/constants.ts';
import { Err } from '../../src/contract/errors.ts';
import { marketRuleBroken, withTrailing } from '../../src/contract/entryMath.ts';
import { orderFigures, termsOf, type OrderInput } from '../../src/contract/optionsMath.ts';
import {
  ORDER_REF_TYPE,
  type BuyOptionsBody,
  type ListOptionsOrderQuery,
  type OptionsPosition,
  type OptionsProduct,
  type PositionPage,
} from '../../src/contract/trading.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { optionsOrders, type OptionsOrderRow } from './schema.ts';
import { userWritten } from '../platform/db/userWrites.ts';
import { BizError } from '../platform/http/errors.ts';
import { platformAccount, userAccount } from '../platform/ledger/accounts.ts';
import { transfer } from '../platform/ledger/ledger.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import { requireProduct } from './products.ts';
import type { TradingDeps } from './deps.ts';
import { eventParams, orderRef, settleOrder } from './settle.ts';
import { positionView } from './view.ts';
import { readPositionPage } from './positionPage.ts';

/** The instrument's last price at its precision, when it has one. */
export function lastPrice(deps: TradingDeps, code: string): string | undefined {
  const q = deps.market.get(code);
  return q ? deps.market.formatPrice(q) : undefined;
}

export const viewOf = (deps: TradingDeps, r: OptionsOrderRow): OptionsPosition =>
  positionView(r, r.status === 'open' ? lastPrice(deps, r.code) : undefined);

async function byClientKey(db: DbOrTx, userId: bigint, book: Book, clientKey: string): Promise<OptionsOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(optionsOrders)
    .where(and(eq(optionsOrders.userId, userId), eq(optionsOrders.book, book), eq(optionsOrders.clientKey, clientKey)));
  return row;
}

/**
 * Opens a position in `book`. Refusals, in the order checked: unknown instrument 10014, market
 * closed or price stale 10015, a trailing stop with a stop-loss 10285 or a bad distance 10284,
 * then the first broken order rule (lots 10016, leverage 10064, period 10017, stop-loss 10060,
 * take-profit 10061, both with the stop-out 10062), and inside the transaction the
 * open-position limit 10063 and the balance 10011.
 */
export async function buyOrder(deps: TradingDeps, userId: bigint, book: Book, b: BuyOptionsBody): Promise<OptionsPosition> {
  const { product, quote } = requireProduct(deps.market, b.code, { maxOpenPositions: deps.maxOpenPositions });
  const first = await byClientKey(deps.db, userId, book, b.clientKey);
  if (first) return viewOf(deps, first);
  if (!product.tradable) throw new BizError(Err.NOT_TRADABLE, { code: product.code });
  const price = deps.market.formatPrice(quote);
  const req = openRequest(product, b, price);
  if (typeof req === 'number') throw new BizError(req, { code: product.code, price });

  const events = new PendingEvents();
  const row = await deps.db.transaction((tx) =>
    openInTx(tx, { ...req, userId, book, time: deps.now(), clientKey: b.clientKey }, events),
  );
  if (!row) {
    const again = await byClientKey(deps.db, userId, book, b.clientKey);
    if (!again) throw new Error('trading: client key conflict without a first order');
    return viewOf(deps, again);
  }
  await events.publish(deps);
  deps.onOpened?.(row);
  return viewOf(deps, row);
}

/** What an opening needs beyond who and when: the product, the order and the price it opens at. */
export interface OpenTerms {
  product: OptionsProduct;
  input: OrderInput;
  trailingDistance: string | null;
  price: string;
}

/**
 * An order at `price` with the market order's rules (trailing stop included), or the catalogue
 * code of the first rule it breaks. Its stop-loss is a trailing stop's start when it has one.
 */
export function openRequest(
  product: OptionsProduct,
  b: Omit<BuyOptionsBody, 'clientKey' | 'code'>,
  price: string,
): OpenTerms | number {
  const base = { direction: b.direction, lots: b.lots, leverage: b.leverage, period: b.period, takeProfit: b.takeProfit ?? null };
  const code = marketRuleBroken(
    product,
    { ...base, stopLoss: b.stopLoss ?? null, trailingDistance: b.trailingDistance ?? null },
    price,
    product.quoteRate,
  );
  if (code !== null) return code;
  const stopLoss = withTrailing(
    { ...b, stopLoss: b.stopLoss ?? null, trailingDistance: b.trailingDistance ?? null },
    price,
    product.pricePrecision,
  );
  return {
    product,
    input: { ...base, stopLoss: stopLoss === 'both' ? null : stopLoss },
    trailingDistance: b.trailingDistance ?? null,
    price,
  };
}

/**
 * Opens a position inside `tx` (the caller's transaction): the open-position limit under a lock
 * per user and book (10063), the row, the margin and fee transfers (10011 from the ledger when
 * available does not cover them) and the order.opened notification. Undefined when the client key
 * was already used (a retry racing the first).
 */
export async function openInTx(
  tx: DbOrTx,
  o: OpenTerms & { userId: bigint; book: Book; time: number; clientKey: string },
  events: PendingEvents,
): Promise<OptionsOrderRow | undefined> {
  const { product, input, price, userId, book } = o;
  const terms = termsOf(product, input, price, product.quoteRate);
  const f = orderFigures(terms, input);
  // one opening at a time per user and book, so the limit holds whatever races
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`options:${userId}:${book}`}, 0))`);
  const [{ n }] = await tx
    .select({ n: count() })
    .from(optionsOrders)
    .where(and(eq(optionsOrders.userId, userId), eq(optionsOrders.book, book), eq(optionsOrders.status, 'open')));
  if (Number(n) >= product.maxOpenPositions) {
    if (await byClientKey(tx, userId, book, o.clientKey)) return undefined;
    throw new BizError(Err.TOO_MANY_OPEN_POSITIONS, { limit: product.maxOpenPositions });
  }
  const [ins] = await tx
    .insert(optionsOrders)
    .values({
      userId,
      book,
      code: product.code,
      direction: input.direction,
      lots: terms.lots,
      leverage: terms.leverage,
      periodSeconds: input.period,
      contractSize: terms.contractSize,
      feeRate: terms.feeRate,
      quoteRate: terms.quoteRate,
      stopOutLevel: terms.stopOutLevel,
      pricePrecision: terms.pricePrecision,
      openPrice: price,
      openTime: new Date(o.time),
      expiresAt: new Date(o.time + input.period * 1000),
      stopLoss: input.stopLoss ?? null,
      takeProfit: input.takeProfit ?? null,
      stopOutPrice: f.stopOutPrice,
      notional: f.notional,
      margin: f.margin,
      openFee: f.fee,
      expectedReturn: f.expectedReturn,
      maxLoss: f.maxLoss,
      clientKey: o.clientKey,
      trailingDistance: o.trailingDistance,
    })
    .onConflictDoNothing({ target: [optionsOrders.userId, optionsOrders.book, optionsOrders.clientKey] })
    .returning();
  if (!ins) return undefined;
  await userWritten(tx, userId);
  const ref = orderRef(ins);
  // the CHECK on user balances refuses an overdraw (10011) and everything rolls back
  await transfer(tx, {
    ...ref,
    key: `order:${ins.id}:margin`,
    from: userAccount(userId, 'available'),
    to: userAccount(userId, 'order_margin'),
    amount: f.margin,
    reason: 'options.margin',
  });
  await transfer(tx, {
    ...ref,
    key: `order:${ins.id}:fee`,
    from: userAccount(userId, 'available'),
    to: platformAccount('fees'),
    amount: f.fee,
    reason: 'options.fee',
  });
  await events.record(tx, userId, {
    kind: 'order.opened',
    params: { ...eventParams(ins) },
    refType: ORDER_REF_TYPE,
    refId: ins.id.toString(),
  });
  return ins;
}

/** The user's own position in `book`, or 10043 (none, another user's, another book's). */
export async function ownOrder(db: DbOrTx, userId: bigint, book: Book, id: bigint): Promise<OptionsOrderRow> {
  const [r] = await db.select().from(optionsOrders).where(eq(optionsOrders.id, id));
  if (!r || r.userId !== userId || r.book !== book) throw new BizError(Err.RECORD_NOT_FOUND);
  return r;
}

/**
 * A page of the user's positions, newest first. The rows (and the total) are kept among the
 * user's reads in memory (server/platform/userReads.ts): an opening, a close, a stop moved by the
 * user or by a trailing stop names the user to its write, and the page is forgotten on every
 * instance before that write answers. The live figures of the open ones (profit and result at
 * the instrument's last price) are computed from the kept rows at the prices of the request; a
 * request at the same prices as the last one gets the page built then (the same object: callers
 * derive from it, never change it).
 */
export async function listOrders(deps: TradingDeps, userId: bigint, book: Book, q: ListOptionsOrderQuery): Promise<PositionPage> {
  const size = q.pageSize ?? 20;
  const pageNum = q.pageNum ?? 1;
  const key = `options-orders\u0000${book}\u0000${q.status ?? ''}\u0000${q.code ?? ''}\u0000${pageNum}\u0000${size}`;
  const kept = await deps.reads.read(
    userId,
    key,
    () => readPositionPage(deps.db, userId, book, q, size, (pageNum - 1) * size),
    (p) => p.rows.length,
  );
  // one formatted price per instrument for the whole page
  const prices = new Map<string, string | undefined>();
  let at = '';
  for (const r of kept.rows) {
    if (r.status !== 'open' || prices.has(r.code)) continue;
    const price = lastPrice(deps, r.code);
    prices.set(r.code, price);
    at += `${r.code}=${price ?? ''}|`;
  }
  // the same kept rows at the same prices are the same page: built again only when a price moved
  const last = pages.get(kept);
  if (last?.at === at) return last.page;
  const page = {
    rows: kept.rows.map((r) => positionView(r, r.status === 'open' ? prices.get(r.code) : undefined)),
    total: kept.total,
  };
  pages.set(kept, { at, page });
  return page;
}

/** The last page built from each kept page still referenced, with the prices it was valued at. */
const pages = new WeakMap<object, { at: string; page: PositionPage }>();

/**
 * Closes the user's position at the current price (10043 not theirs; 10015 while the market is
 * closed or the price stale: a close, like an open, only ever uses a live price). A position
 * already closed is answered as it is.
 */
export async function closeOrder(deps: TradingDeps, userId: bigint, book: Book, id: bigint): Promise<OptionsPosition> {
  const r = await ownOrder(deps.db, userId, book, id);
  if (r.status !== 'open') return viewOf(deps, r);
  const q = deps.market.get(r.code);
  const now = deps.now();
  if (!q || !deps.market.isOpen(q, now) || deps.market.isStale(q, now)) throw new BizError(Err.NOT_TRADABLE, { code: r.code });
  // at the last price, timed when the user closed (as an opening is): never before the opening
  const out = await settleOrder(deps, r.id, 'manual', { time: now, price: deps.market.formatPrice(q) });
  if (!out) throw new BizError(Err.RECORD_NOT_FOUND);
  return viewOf(deps, out.row);
}
