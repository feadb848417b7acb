/**
 * The positions page's read (listOptionsOrder; issue 44 item 1). One prepared statement gives the
 * page's rows and their total (server/platform/db/paging.ts), by the (user_id, book, id) index in
 * the page's order, and only the columns the screen shows (not the owner, the client key, the
 * stored expected return and maximum loss, which the view derives from the terms, nor the
 * settlement's bookkeeping), each row as one text.
 *
 * Why one text a row: the profile of a page read from the database at every request (a user's
 * first read after a write, or every read with the kept copy off) showed drizzle's mapping of
 * 35 columns times 20 rows and the view's content key of each row at a fifth of the request, and
 * the garbage of both at another. The same text gives the same row object (Interned), whose view
 * server/trading/view.ts keeps by object; the same rows with the same total give the same page
 * object, whose live figures and serialised answer the route keeps while the prices stay.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Book } from '../../src/contract/constants.ts';
import type { ListOptionsOrderQuery } from '../../src/contract/trading.ts';
import type { Db } from '../platform/db/client.ts';
import { Interned } from '../platform/db/interned.ts';
import { pageTotal, totalOver } from '../platform/db/paging.ts';
import { preparedOnce } from '../platform/db/prepared.ts';
import { optionsOrders as o } from './schema.ts';
import type { ShownRow } from './view.ts';

/** A page as read: its rows (shared objects, never changed) and the total of the filtered rows. */
export interface ReadPage {
  rows: ShownRow[];
  total: number;
}

const ms = (c: SQL.Aliased | typeof o.openTime | typeof o.expiresAt | typeof o.closeTime) =>
  sql`round(extract(epoch from ${c}) * 1000)::bigint`;

/**
 * The shown columns as a JSON array, in the order `rowOf` reads them: numerics and the id as text
 * (a JSON number would lose digits), the times (millisecond columns) as epoch milliseconds.
 */
const rowText = sql<string>`json_build_array(
  ${o.id}::text, ${o.book}, ${o.code}, ${o.direction}, ${o.lots}::text, ${o.leverage}, ${o.periodSeconds},
  ${o.contractSize}::text, ${o.feeRate}::text, ${o.quoteRate}::text, ${o.stopOutLevel}::text, ${o.pricePrecision},
  ${o.openPrice}::text, ${ms(o.openTime)}, ${ms(o.expiresAt)}, ${o.stopLoss}::text, ${o.takeProfit}::text,
  ${o.stopOutPrice}::text, ${o.notional}::text, ${o.margin}::text, ${o.openFee}::text, ${o.status},
  ${o.closePrice}::text, ${ms(o.closeTime)}, ${o.closeReason}, ${o.closeFee}::text, ${o.pnl}::text,
  ${o.triggerPrice}::text, ${o.delayed}, ${o.trailingDistance}::text)::text`;

type Tuple = [
  string,
  ShownRow['book'],
  string,
  ShownRow['direction'],
  string,
  number,
  number,
  string,
  string,
  string,
  string,
  number,
  string,
  number,
  number,
  string | null,
  string | null,
  string,
  string,
  string,
  string,
  ShownRow['status'],
  string | null,
  number | null,
  ShownRow['closeReason'],
  string | null,
  string | null,
  string | null,
  boolean,
  string | null,
];

/** The row of a text as the statement writes it. */
export function rowOf(text: string): ShownRow {
  const [
    id,
    book,
    code,
    direction,
    lots,
    leverage,
    periodSeconds,
    contractSize,
    feeRate,
    quoteRate,
    stopOutLevel,
    pricePrecision,
    openPrice,
    openTime,
    expiresAt,
    stopLoss,
    takeProfit,
    stopOutPrice,
    notional,
    margin,
    openFee,
    status,
    closePrice,
    closeTime,
    closeReason,
    closeFee,
    pnl,
    triggerPrice,
    delayed,
    trailingDistance,
  ] = JSON.parse(text) as Tuple;
  return {
    id: BigInt(id),
    book,
    code,
    direction,
    lots,
    leverage,
    periodSeconds,
    contractSize,
    feeRate,
    quoteRate,
    stopOutLevel,
    pricePrecision,
    openPrice,
    openTime: new Date(openTime),
    expiresAt: new Date(expiresAt),
    stopLoss,
    takeProfit,
    stopOutPrice,
    notional,
    margin,
    openFee,
    status,
    closePrice,
    closeTime: closeTime === null ? null : new Date(closeTime),
    closeReason,
    closeFee,
    pnl,
    triggerPrice,
    delayed,
    trailingDistance,
  };
}

const rows = new Interned(rowOf);
/** The same rows in the same order with the same total: the same page object. */
const pages = new Map<string, ReadPage>();
const MAX_PAGES = 5_000;

function pageOf(texts: ReadonlyArray<{ row: string }>, total: number): ReadPage {
  const shown = texts.map((t) => rows.of(t.row));
  let key = `${total}`;
  for (const r of shown) key += `|${rows.serial(r)}`;
  let page = pages.get(key);
  if (!page) {
    if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value as string);
    pages.set(key, (page = { rows: shown, total }));
  }
  return page;
}

/** A page of the user's positions in `book`, newest first. */
export async function readPositionPage(
  db: Db,
  userId: bigint,
  book: Book,
  q: Pick<ListOptionsOrderQuery, 'status' | 'code'>,
  size: number,
  offset: number,
): Promise<ReadPage> {
  const filters = { status: Boolean(q.status), code: Boolean(q.code) };
  const where = () => {
    const conds: SQL[] = [eq(o.userId, sql.placeholder('userId')), eq(o.book, sql.placeholder('book'))];
    if (filters.status) conds.push(eq(o.status, sql.placeholder('status')));
    if (filters.code) conds.push(eq(o.code, sql.placeholder('code')));
    return and(...conds);
  };
  const params = { userId, book, status: q.status ?? null, code: q.code ?? null };
  // prepared once per combination of filters (a name stands for one text)
  const name = `options_orders_shown_${Number(filters.status)}${Number(filters.code)}`;
  const found = await preparedOnce(db, name, () =>
    db
      .select({ row: rowText, total: totalOver() })
      .from(o)
      .where(where())
      .orderBy(desc(o.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  ).execute({ ...params, limit: size, offset });
  const counted = `${name}_count`;
  const total = await pageTotal(found, offset, async () =>
    Number(
      (
        await preparedOnce(db, counted, () => db.select({ n: count() }).from(o).where(where()).prepare(counted)).execute(params)
      )[0].n,
    ),
  );
  return pageOf(found, total);
}
