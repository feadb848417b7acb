import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Help-centre and footer texts. One row per document (a content page, an FAQ entry or a notice),
 * its texts per language in content_texts, so a language can be added without touching the item.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    kind: text({ enum: ['page', 'faq', 'notice'] }).notNull(),
    /** Pages only: 1 company, 2 policy, 3 footer/statement (docs/products.md, section 8). */
    type: smallint(),
    /** FAQ only: account, trading, funds, prices, verification, loans, smart. */
    category: text(),
    /** Stable name, used by the seeder to stay idempotent and by the app to link a page. */
    slug: text().notNull(),
    sort: integer().notNull().default(0),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_items_kind_slug').on(t.kind, t.slug),
    index('content_items_kind_type').on(t.kind, t.type, t.sort),
    check(
      'content_items_page_type',
      sql`(${t.kind} = 'page') = (${t.type} IS NOT NULL) AND (${t.type} IS NULL OR ${t.type} IN (1, 2, 3))`,
    ),
  ],
);

export const contentTexts = pgTable(
  'content_texts',
  {
    itemId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    lang: text().notNull(),
    title: text().notNull(),
    /** Markdown subset (docs/content.md); rendered to sanitised HTML when served. */
    body: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.lang] })],
);

/** System parameters (published API: getParamByKey). Seeded from the configuration at every start. */
export const params = pgTable('params', {
  key: text().primaryKey(),
  value: text().notNull(),
  /** Only public parameters are served to the app; others are for the service itself. */
  isPublic: boolean().notNull().default(true),
  /** Where the value came from: 'config' values are refreshed from the configuration at start. */
  source: text({ enum: ['config', 'seed', 'operator'] })
    .notNull()
    .default('config'),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type ContentItem = typeof contentItems.$inferSelect;
export type ContentText = typeof contentTexts.$inferSelect;
export type Param = typeof params.$inferSelect;
