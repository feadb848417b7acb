import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client.ts';
import { contentItems, contentTexts } from './schema.ts';
import { ASSETS, DEFAULT_LANGUAGE, DEMO_GRANT_USDT, MIN_DEPOSIT, type Language } from '../../src/contract/constants.ts';
import type { ContentDetail, ContentListItem, ContentType, FaqItem, NoticeItem } from '../../src/contract/content.ts';
import { PARAM_KEYS } from '../../src/contract/content.ts';
import { Err } from '../../src/contract/errors.ts';
import { BizError } from '../platform/http/errors.ts';
import { renderMarkdown } from './markdown.ts';
import { publicParam } from './params.ts';
import Decimal from 'decimal.js';

/**
 * Reading the help centre in one language. A text missing in the requested language falls back
 * to English (and says so in `lang`) rather than leaving a hole in a list.
 */

const MAX_BIGINT = 9223372036854775807n;

interface Localised {
  itemId: bigint;
  lang: string;
  title: string;
  body: string;
  updatedAt: Date;
}

/** The texts of the given items in `lang`, English where a translation is missing. */
async function textsFor(db: DbOrTx, ids: bigint[], lang: Language): Promise<Map<bigint, Localised>> {
  if (ids.length === 0) return new Map();
  const langs = lang === DEFAULT_LANGUAGE ? [lang] : [lang, DEFAULT_LANGUAGE];
  const rows = await db
    .select()
    .from(contentTexts)
    .where(and(inArray(contentTexts.itemId, ids), inArray(contentTexts.lang, langs)));
  const out = new Map<bigint, Localised>();
  for (const r of rows) {
    const have = out.get(r.itemId);
    if (!have || (r.lang === lang && have.lang !== lang)) out.set(r.itemId, r);
  }
  return out;
}

/** Values texts may name as {{...}}: the live parameters, so texts never state stale figures. */
async function textVariables(db: DbOrTx): Promise<Record<string, string>> {
  const rate = await publicParam(db, PARAM_KEYS.WITHDRAW_FEE_RATE).catch(() => '0');
  const vars: Record<string, string> = {
    withdrawFeePercent: `${new Decimal(rate).times(100).toString()}%`,
    demoGrantUSDT: new Decimal(DEMO_GRANT_USDT).toString(),
  };
  for (const a of ASSETS) vars[`minDeposit${a}`] = MIN_DEPOSIT[a];
  return vars;
}

/** The app's address of every page, for `page:slug` links inside bodies. */
async function pageLinks(db: DbOrTx, lang: Language): Promise<Record<string, string>> {
  const items = await db
    .select({ id: contentItems.id, slug: contentItems.slug })
    .from(contentItems)
    .where(eq(contentItems.kind, 'page'));
  const texts = await textsFor(
    db,
    items.map((i) => i.id),
    lang,
  );
  return Object.fromEntries(
    items.map((i) => [i.slug, `/detail?id=${i.id}&title=${encodeURIComponent(texts.get(i.id)?.title ?? i.slug)}`]),
  );
}

async function renderer(db: DbOrTx, lang: Language) {
  const [vars, pages] = await Promise.all([textVariables(db), pageLinks(db, lang)]);
  return (md: string) => renderMarkdown(md, { vars, pages });
}

export async function listPages(db: DbOrTx, lang: Language, types: readonly ContentType[]): Promise<ContentListItem[]> {
  const items = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.kind, 'page'), inArray(contentItems.type, [...types])))
    .orderBy(asc(contentItems.type), asc(contentItems.sort), asc(contentItems.id));
  const texts = await textsFor(
    db,
    items.map((i) => i.id),
    lang,
  );
  return items
    .filter((i) => texts.has(i.id))
    .map((i) => ({ id: String(i.id), title: texts.get(i.id)!.title, type: i.type as ContentType, slug: i.slug }));
}

/** 10043 when there is no such page (ids beyond bigint included: they cannot exist). */
export async function pageById(db: DbOrTx, lang: Language, idText: string): Promise<ContentDetail> {
  const id = BigInt(idText);
  if (id > MAX_BIGINT) throw new BizError(Err.RECORD_NOT_FOUND);
  const [item] = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.id, id), eq(contentItems.kind, 'page')));
  const text = item && (await textsFor(db, [item.id], lang)).get(item.id);
  if (!item || !text) throw new BizError(Err.RECORD_NOT_FOUND);
  const render = await renderer(db, lang);
  const updatedAt = text.updatedAt > item.updatedAt ? text.updatedAt : item.updatedAt;
  return {
    id: String(item.id),
    title: text.title,
    type: item.type as ContentType,
    slug: item.slug,
    body: render(text.body),
    lang: text.lang,
    updatedAt: updatedAt.toISOString(),
  };
}

export async function listFaq(db: DbOrTx, lang: Language, category?: string): Promise<FaqItem[]> {
  const items = await db
    .select()
    .from(contentItems)
    .where(category ? and(eq(contentItems.kind, 'faq'), eq(contentItems.category, category)) : eq(contentItems.kind, 'faq'))
    .orderBy(asc(contentItems.sort), asc(contentItems.id));
  const [texts, render] = await Promise.all([
    textsFor(
      db,
      items.map((i) => i.id),
      lang,
    ),
    renderer(db, lang),
  ]);
  return items
    .filter((i) => texts.has(i.id))
    .map((i) => {
      const t = texts.get(i.id)!;
      return { id: String(i.id), category: i.category ?? '', question: t.title, answer: render(t.body) };
    });
}

export async function listNotices(
  db: DbOrTx,
  lang: Language,
  pageNum: number,
  pageSize: number,
): Promise<{ rows: NoticeItem[]; total: number }> {
  const [{ n }] = await db.select({ n: count() }).from(contentItems).where(eq(contentItems.kind, 'notice'));
  const items = await db
    .select()
    .from(contentItems)
    .where(eq(contentItems.kind, 'notice'))
    .orderBy(desc(contentItems.publishedAt), desc(contentItems.sort), desc(contentItems.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const [texts, render] = await Promise.all([
    textsFor(
      db,
      items.map((i) => i.id),
      lang,
    ),
    renderer(db, lang),
  ]);
  const rows = items
    .filter((i) => texts.has(i.id))
    .map((i) => {
      const t = texts.get(i.id)!;
      return { id: String(i.id), title: t.title, body: render(t.body), publishedAt: i.publishedAt.toISOString() };
    });
  return { rows, total: Number(n) };
}
