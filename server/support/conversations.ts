/**
 * Support conversations and messages in the database (docs/support.md): reading a customer's or
 * the operators' view, and the one write every message goes through (`postMessage`). Statuses
 * move only along src/machines/supportConversation.ts.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type {
  AdminSupportConversation,
  SupportAuthor,
  SupportConversation,
  SupportConversationStatus,
  SupportMessage,
} from '../../src/contract/support.ts';
import { SUPPORT_SUBJECT_MAX } from '../../src/contract/support.ts';
import { Err } from '../../src/contract/errors.ts';
import { conversationAllows } from '../../src/machines/support/supportConversation.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { reserveInWindow } from '../platform/db/rateWindow.ts';
import { supportAttachments, supportConversations, supportMessages } from './schema.ts';
import { users } from '../platform/identity/schema.ts';
import { BizError } from '../platform/http/errors.ts';

export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect & { width?: number | null; height?: number | null };

/** Who is looking: the customer sees their unread counter, operators theirs. */
export type Side = SupportAuthor;

export function conversationView(c: ConversationRow, side: Side): SupportConversation {
  return {
    id: c.id.toString(),
    subject: c.subject,
    status: c.status,
    createdAt: c.createdAt.toISOString(),
    lastMessageAt: c.lastMessageAt.toISOString(),
    lastAuthor: c.lastAuthor,
    unread: side === 'user' ? c.userUnread : c.operatorUnread,
    closedAt: c.closedAt?.toISOString() ?? null,
    closedBy: c.closedBy ?? null,
  };
}

export const adminConversationView = (c: ConversationRow, username: string): AdminSupportConversation => ({
  ...conversationView(c, 'operator'),
  userId: c.userId.toString(),
  username,
});

export function messageView(m: MessageRow): SupportMessage {
  return {
    id: m.id.toString(),
    conversationId: m.conversationId.toString(),
    author: m.author,
    text: m.text,
    attachment: m.attachmentId ? { id: m.attachmentId.toString(), width: m.width ?? 0, height: m.height ?? 0 } : null,
    createdAt: m.createdAt.toISOString(),
  };
}

/** A conversation by id; for a customer only their own (anyone else's answers 10043, like a missing one). */
export async function findConversation(
  db: DbOrTx,
  id: bigint,
  owner?: bigint,
  opts: { lock?: boolean } = {},
): Promise<ConversationRow> {
  const where =
    owner === undefined
      ? eq(supportConversations.id, id)
      : and(eq(supportConversations.id, id), eq(supportConversations.userId, owner));
  const q = db.select().from(supportConversations).where(where).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  if (!row) throw new BizError(Err.RECORD_NOT_FOUND);
  return row;
}

export async function messagesOf(db: DbOrTx, conversationId: bigint): Promise<MessageRow[]> {
  return db
    .select({
      id: supportMessages.id,
      conversationId: supportMessages.conversationId,
      author: supportMessages.author,
      authorId: supportMessages.authorId,
      text: supportMessages.text,
      attachmentId: supportMessages.attachmentId,
      clientKey: supportMessages.clientKey,
      createdAt: supportMessages.createdAt,
      width: supportAttachments.width,
      height: supportAttachments.height,
    })
    .from(supportMessages)
    .leftJoin(supportAttachments, eq(supportAttachments.id, supportMessages.attachmentId))
    .where(eq(supportMessages.conversationId, conversationId))
    .orderBy(asc(supportMessages.id));
}

/** The viewer has read the other side's messages: their counter goes to zero. */
export async function markRead(db: DbOrTx, c: ConversationRow, side: Side): Promise<ConversationRow> {
  const unread = side === 'user' ? c.userUnread : c.operatorUnread;
  if (unread === 0) return c;
  const set = side === 'user' ? { userUnread: 0 } : { operatorUnread: 0 };
  const [row] = await db.update(supportConversations).set(set).where(eq(supportConversations.id, c.id)).returning();
  return row ?? c;
}

/** A customer's conversations: open first, then the most recent. */
export async function conversationsOf(db: DbOrTx, userId: bigint): Promise<ConversationRow[]> {
  return db
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.userId, userId))
    .orderBy(
      sql`${supportConversations.status} = 'open' DESC`,
      desc(supportConversations.lastMessageAt),
      desc(supportConversations.id),
    )
    .limit(100);
}

export async function unreadOf(db: DbOrTx, userId: bigint): Promise<number> {
  const [r] = await db
    .select({ n: sql<string>`coalesce(sum(${supportConversations.userUnread}), 0)` })
    .from(supportConversations)
    .where(eq(supportConversations.userId, userId));
  return Number(r?.n ?? 0);
}

/**
 * The operators' queue. Open conversations: those waiting for an answer (the customer wrote
 * last) first, the longest waiting first, then the answered ones. Closed: the most recent first.
 */
export async function queue(db: DbOrTx, q: { status?: SupportConversationStatus; pageNum?: number; pageSize?: number }) {
  const status = q.status ?? 'open';
  const pageSize = q.pageSize ?? 20;
  const where: SQL = eq(supportConversations.status, status);
  const order =
    status === 'open'
      ? [sql`${supportConversations.lastAuthor} = 'user' DESC`, asc(supportConversations.lastMessageAt)]
      : [desc(supportConversations.closedAt), desc(supportConversations.id)];
  const rows = await db
    .select({ c: supportConversations, username: users.username })
    .from(supportConversations)
    .innerJoin(users, eq(users.id, supportConversations.userId))
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset(((q.pageNum ?? 1) - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(supportConversations).where(where);
  return { rows: rows.map((r) => adminConversationView(r.c, r.username)), total: total?.n ?? 0 };
}

export async function usernameOf(db: DbOrTx, userId: bigint): Promise<string> {
  const [u] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.username ?? '';
}

/** The active operators: whom a customer's message is announced to. */
export async function activeOperators(db: DbOrTx): Promise<bigint[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'operator'), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}

/** A message this author already sent with this client key (a retry), or undefined. */
export async function messageByClientKey(db: DbOrTx, authorId: bigint, clientKey: string): Promise<MessageRow | undefined> {
  const [m] = await db
    .select()
    .from(supportMessages)
    .where(and(eq(supportMessages.authorId, authorId), eq(supportMessages.clientKey, clientKey)))
    .limit(1);
  if (!m?.attachmentId) return m;
  const [a] = await db
    .select({ width: supportAttachments.width, height: supportAttachments.height })
    .from(supportAttachments)
    .where(eq(supportAttachments.id, m.attachmentId));
  return { ...m, width: a?.width, height: a?.height };
}

export interface Limits {
  /** messages per author per minute (10140) */
  messagesPerMinute: number;
  /** open conversations per customer (10142) */
  openMax: number;
}

export interface NewMessage {
  author: Side;
  authorId: bigint;
  text: string;
  clientKey: string;
  /** an attached image, already sealed in the blob store under `blobKey` */
  image?: StoredImage;
}

/** A cleaned image as the attachment row keeps it: its bytes are in the blob store. */
export interface StoredImage {
  mime: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  blobKey: string;
}

/**
 * The per-author message counter (10140), its minute on the platform clock (`now`, ms): inside
 * the caller's transaction, so a refusal or a rollback leaves no trace.
 */
async function countMessage(tx: DbOrTx, authorId: bigint, limits: Limits, now: number) {
  if (!(await reserveInWindow(tx, `support:msg:${authorId}`, limits.messagesPerMinute, 60, now))) {
    throw new BizError(Err.SUPPORT_TOO_FAST, { limit: limits.messagesPerMinute });
  }
}

async function insertMessage(tx: DbOrTx, conversationId: bigint, m: NewMessage): Promise<MessageRow> {
  let attachmentId: bigint | null = null;
  if (m.image) {
    const [a] = await tx
      .insert(supportAttachments)
      .values({
        conversationId,
        mime: m.image.mime,
        width: m.image.width,
        height: m.image.height,
        blobKey: m.image.blobKey,
      })
      .returning({ id: supportAttachments.id });
    attachmentId = a!.id;
  }
  const [row] = await tx
    .insert(supportMessages)
    .values({
      conversationId,
      author: m.author,
      authorId: m.authorId,
      text: m.text.trim(),
      attachmentId,
      clientKey: m.clientKey,
    })
    .returning();
  return { ...row!, width: m.image?.width, height: m.image?.height };
}

/**
 * A new conversation with its first message (customers). Refusals: 10142 too many open, 10140
 * too fast; either writes nothing.
 */
export async function openConversation(tx: DbOrTx, userId: bigint, m: NewMessage, limits: Limits, now: number) {
  // the user's row serialises their opens, so parallel requests count each other
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [open] = await tx
    .select({ n: count() })
    .from(supportConversations)
    .where(and(eq(supportConversations.userId, userId), eq(supportConversations.status, 'open')));
  if ((open?.n ?? 0) >= limits.openMax) throw new BizError(Err.SUPPORT_TOO_MANY_OPEN, { limit: limits.openMax });
  await countMessage(tx, userId, limits, now);
  const text = m.text.trim();
  const [c] = await tx
    .insert(supportConversations)
    .values({
      userId,
      subject: text.slice(0, SUPPORT_SUBJECT_MAX),
      status: 'open',
      lastAuthor: 'user',
      operatorUnread: 1,
      clientKey: m.clientKey,
    })
    .returning();
  const message = await insertMessage(tx, c!.id, m);
  return { conversation: c!, message };
}

/**
 * A message into an open conversation, from the customer who owns it or from an operator.
 * Refusals: 10043 not found (or not theirs), 10141 closed, 10140 too fast; none writes anything.
 */
export async function postMessage(tx: DbOrTx, conversationId: bigint, m: NewMessage, limits: Limits, now: number) {
  const c = await findConversation(tx, conversationId, m.author === 'user' ? m.authorId : undefined, { lock: true });
  if (!conversationAllows(c.status, 'conversation.post')) throw new BizError(Err.SUPPORT_CONVERSATION_CLOSED);
  await countMessage(tx, m.authorId, limits, now);
  const message = await insertMessage(tx, c.id, m);
  const [conversation] = await tx
    .update(supportConversations)
    .set({
      lastMessageAt: message.createdAt,
      lastAuthor: m.author,
      // the writer has seen everything so far; the other side has one more to read
      ...(m.author === 'user'
        ? { operatorUnread: sql`${supportConversations.operatorUnread} + 1`, userUnread: 0 }
        : { userUnread: sql`${supportConversations.userUnread} + 1`, operatorUnread: 0 }),
    })
    .where(eq(supportConversations.id, c.id))
    .returning();
  return { conversation: conversation!, message };
}

/** An attachment row (its bytes are in the blob store, under `blobKey`). */
export async function attachmentOf(db: DbOrTx, id: bigint) {
  const [a] = await db
    .select({
      id: supportAttachments.id,
      conversationId: supportAttachments.conversationId,
      mime: supportAttachments.mime,
      blobKey: supportAttachments.blobKey,
    })
    .from(supportAttachments)
    .where(eq(supportAttachments.id, id))
    .limit(1);
  return a;
}

/** Which of these blob keys an attachment still names (the orphan sweep). */
export async function attachmentFilesKnown(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ k: supportAttachments.blobKey })
    .from(supportAttachments)
    .where(and(isNotNull(supportAttachments.blobKey), inArray(supportAttachments.blobKey, keys)));
  return new Set(rows.map((r) => r.k!));
}
