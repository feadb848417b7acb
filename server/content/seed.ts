import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../platform/db/client.ts';
import { contentItems, contentTexts } from './schema.ts';
import { LANGUAGES } from '../../src/contract/constants.ts';
import { FAQS, NOTICES, PAGES, type Packs } from './data/structure.ts';
import { PACKS } from './data/index.ts';
import { seedParams } from './params.ts';
import { contentChanged } from './plugin.ts';

/**
 * First-start content: the pages, FAQ and notices of server/content/data in all ten languages,
 * and the parameters from the configuration. Idempotent and safe when several instances start
 * together: rows are keyed by (kind, slug) and (item, lang) and inserted only when missing, so
 * a text changed later in the database is never overwritten by the seed.
 */
export async function seedContent(app: FastifyInstance): Promise<void> {
  await app.db.transaction(async (tx) => {
    await seedDocuments(tx, PACKS);
    await seedParams(tx, app.config);
  });
  await contentChanged(app);
}

export async function seedDocuments(db: DbOrTx, packs: Packs): Promise<void> {
  const items = [
    ...PAGES.map((p) => ({ kind: 'page' as const, slug: p.slug, type: p.type, sort: p.sort, category: null })),
    ...FAQS.map((f) => ({ kind: 'faq' as const, slug: f.slug, type: null, sort: f.sort, category: f.category })),
    ...NOTICES.map((n) => ({ kind: 'notice' as const, slug: n.slug, type: null, sort: n.sort, category: null })),
  ];
  await db
    .insert(contentItems)
    .values(items)
    .onConflictDoNothing({ target: [contentItems.kind, contentItems.slug] });

  const rows = await db
    .select({ id: contentItems.id, kind: contentItems.kind, slug: contentItems.slug })
    .from(contentItems)
    .where(
      inArray(
        contentItems.slug,
        items.map((i) => i.slug),
      ),
    );
  const idOf = new Map(rows.map((r) => [`${r.kind}:${r.slug}`, r.id]));
  const texts: { itemId: bigint; lang: string; title: string; body: string }[] = [];
  for (const lang of LANGUAGES) {
    const pack = packs[lang];
    for (const p of PAGES) texts.push({ itemId: idOf.get(`page:${p.slug}`)!, lang, ...pack.pages[p.slug] });
    for (const f of FAQS)
      texts.push({ itemId: idOf.get(`faq:${f.slug}`)!, lang, title: pack.faq[f.slug].question, body: pack.faq[f.slug].answer });
    for (const n of NOTICES) texts.push({ itemId: idOf.get(`notice:${n.slug}`)!, lang, ...pack.notices[n.slug] });
  }
  await db
    .insert(contentTexts)
    .values(texts)
    .onConflictDoNothing({ target: [contentTexts.itemId, contentTexts.lang] });
}
