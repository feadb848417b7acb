import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

/** Hides verification codes (runs of 6 digits) in a message body. */
export const maskCodes = (body: string) => body.replace(/\b\d{6}\b/g, '••••••');

/**
 * Mail and SMS sent or queued, newest first. A message that reached its recipient keeps its code
 * to them: an operator who could read it could take over the account (unsent ones are how codes
 * work without SMTP).
 */
export async function outboxPage(db: DbOrTx, q: { recipient?: string; pageNum?: number; pageSize?: number }) {
  const size = q.pageSize ?? 20;
  const where = q.recipient ? eq(outbox.recipient, q.recipient) : undefined;
  const rows = await db.select().from(outbox).where(where).orderBy(desc(outbox.id)).limit(size).offset(((q.pageNum ?? 1) - 1) * size);
  const [{ total }] = await db.select({ total: count() }).from(outbox).where(where);
  return {
    rows: rows.map((r) => ({
      ...r,
      body: r.sentAt ? maskCodes(r.body) : r.body,
      id: r.id.toString(), sentAt: r.sentAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString(),
    })),
    total: Number(total),
  };
}
