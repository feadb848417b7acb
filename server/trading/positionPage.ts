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
import { and, count, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
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

const ms = (c: AnyColumn) => sql`round(extract(epoch from ${c}) * 1000)::bigint`;

/**
 * The shown columns, in the order of the row's text, and how each travels in it: as the database
 * writes it, as text (numerics and the id: a JSON number would lose digits), or as epoch
 * milliseconds (the times). The statement and `rowOf` are both made from this one list.
 */
const SHOWN = {
  id: 'text',
  book: 'as is',
  code: 'as is',
  direction: 'as is',
  lots: 'text',
  leverage: 'as is',
  periodSeconds: 'as is',
  contractSize: 'text',
  feeRate: 'text',
  quoteRate: 'text',
  stopOutLevel: 'text',
  pricePrecision: 'as is',
  openPrice: 'text',
  openTime: 'ms',
  expiresAt: 'ms',
  stopLoss: 'text',
  takeProfit: 'text',
  stopOutPrice: 'text',
  notional: 'text',
  margin: 'text',
  openFee: 'text',
  status: 'as is',
  closePrice: 'text',
  closeTime: 'ms',
  closeReason: 'as is',
  closeFee: 'text',
  pnl: 'text',
  triggerPrice: 'text',
  delayed: 'as is',
  trailingDistance: 'text',
} as const satisfies Record<keyof ShownRow, 'as is' | 'text' | 'ms'>;
const SHOWN_KEYS = Object.keys(SHOWN) as Array<keyof typeof SHOWN>;

const rowText = sql<string>`json_build_array(${sql.join(
  SHOWN_KEYS.map((k) => (SHOWN[k] === 'text' ? sql`${o[k]}::text` : SHOWN[k] === 'ms' ? ms(o[k]) : sql`${o[k]}`)),
  sql`, `,
)})::text`;

/** The row of a text as the statement writes it. */
export function rowOf(text: string): ShownRow {
  const values = JSON.parse(text) as unknown[];
  const row: Record<string, unknown> = {};
  SHOWN_KEYS.forEach((k, i) => {
    const v = values[i];
    if (k === 'id') row[k] = BigInt(v as string);
    else if (SHOWN[k] === 'ms') row[k] = v === null ? null : new Date(v as number);
    else row[k] = v;
  });
  return row as ShownRow;
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
