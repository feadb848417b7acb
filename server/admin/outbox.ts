import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client.ts';
import { outbox } from '../platform/mail/schema.ts';
import { maskCodes } from '../platform/mail/mailer.ts';

/**
 * Mail and SMS sent or queued, newest first. One-time codes are never shown, sent or not, in
 * subject or body: an operator who could read one could take over the account. The mailer stores
 * them masked already; masking again here also covers rows written before it did.
 */
export async function outboxPage(db: DbOrTx, q: { recipient?: string; pageNum?: number; pageSize?: number }) {
  const size = q.pageSize ?? 20;
  const where = q.recipient ? eq(outbox.recipient, q.recipient) : undefined;
  const rows = await db
    .select()
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.id))
    .limit(size)
    .offset(((q.pageNum ?? 1) - 1) * size);
  const [{ total }] = await db.select({ total: count() }).from(outbox).where(where);
  return {
    rows: rows.map((r) => ({
      ...r,
      subject: maskCodes(r.subject),
      body: maskCodes(r.body),
      id: r.id.toString(),
      sentAt: r.sentAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    total: Number(total),
  };
}
