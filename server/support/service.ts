import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type {
  AdminSupportPage,
  AdminSupportQuery,
  AdminSupportThread,
  OpenConversationBody,
  OperatorReplyBody,
  SendSupportImageFields,
  SendSupportMessageBody,
  SupportConversation,
  SupportConversationList,
  SupportMessage,
  SupportThread,
} from '../../src/contract/support.ts';
import { Err } from '../../src/contract/errors.ts';
import type { SUPPORT_EVENTS, UserEventInput } from '../../src/contract/userEvents.ts';
import { conversationAllows, supportConversationMachine } from '../../src/machines/support/supportConversation.ts';
import { writeAudit } from '../platform/audit/audit.ts';
import type { Db } from '../platform/db/client.ts';
import type { PersonalFiles } from '../platform/blobs/files.ts';
import { supportConversations } from './schema.ts';
import { recordPersonalRead } from '../platform/audit/personalReads.ts';
import { BizError } from '../platform/http/errors.ts';
import type { Bus } from '../platform/bus/bus.ts';
import { publishUserEvent } from '../platform/realtime/notify.ts';
import { cleanImage, sniffImage } from '../platform/uploads/images.ts';
import { nextStatus } from '../platform/statusTransitions.ts';
import type { Clock } from '../platform/clock.ts';
import {
  activeOperators,
  adminConversationView,
  attachmentOf,
  conversationsOf,
  conversationView,
  findConversation,
  markRead,
  messageByClientKey,
  messagesOf,
  messageView,
  openConversation,
  postMessage,
  queue,
  unreadOf,
  usernameOf,
  type ConversationRow,
  type Limits,
  type MessageRow,
  type NewMessage,
  type Side,
} from './conversations.ts';

/** The chat's live events (never a notification). */
type SupportEvent = Extract<UserEventInput, { kind: keyof typeof SUPPORT_EVENTS }>;

export interface SupportDeps {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  limits: Limits;
  /** longest side of an attached image (the deposit proofs' limit) */
  maxImageSide: number;
  /** The platform clock (app.clock). */
  clock: Clock;
  /** where attachments are sealed and stored (server/platform/blobs/files.ts) */
  files: PersonalFiles;
}

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/**
 * The built-in support chat (`app.support`, docs/support.md): customers' conversations, the
 * operators' queue, image attachments. Every message is announced after commit on the user
 * channel of the customer and of every active operator (`support.*` events), so both sides see
 * it live. Statuses move only along src/machines/supportConversation.ts.
 */
export class SupportService {
  constructor(private readonly deps: SupportDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** Publishes to the customer and every active operator; a bus hiccup never fails the request. */
  private async announce(c: ConversationRow, event: SupportEvent): Promise<void> {
    try {
      const ev = { ...event, refType: 'support_conversation', refId: c.id.toString() };
      const to = new Set([c.userId, ...(await activeOperators(this.db))]);
      for (const id of to) await publishUserEvent(this.deps.bus, id, ev);
    } catch (err) {
      this.deps.log.warn({ err }, 'support event not published');
    }
  }

  /** A retry of a message (same author and client key) answers the first one, without counting or announcing it again. */
  private async post(conversationId: bigint, m: NewMessage): Promise<SupportMessage> {
    const first = await messageByClientKey(this.db, m.authorId, m.clientKey);
    if (first) return messageView(first);
    let done: { conversation: ConversationRow; message: MessageRow };
    try {
      done = await this.db.transaction((tx) => postMessage(tx, conversationId, m, this.deps.limits, this.deps.clock.now()));
    } catch (e) {
      const again = isUniqueViolation(e) ? await messageByClientKey(this.db, m.authorId, m.clientKey) : undefined;
      if (again) return messageView(again);
      throw e;
    }
    await this.announce(done.conversation, {
      kind: 'support.message',
      params: { conversationId: done.conversation.id.toString(), messageId: done.message.id.toString(), author: m.author },
    });
    return messageView(done.message);
  }

  private async close(c: ConversationRow, by: Side, operatorId?: bigint): Promise<ConversationRow> {
    const row = await this.db.transaction(async (tx) => {
      const locked = await findConversation(tx, c.id, undefined, { lock: true });
      const status = nextStatus(supportConversationMachine, locked.status, { type: 'conversation.close' });
      const [after] = await tx
        .update(supportConversations)
        .set({ status, closedAt: this.deps.clock.date(), closedBy: by })
        .where(eq(supportConversations.id, c.id))
        .returning();
      if (operatorId !== undefined) {
        await writeAudit(tx, {
          actorId: operatorId,
          action: 'support.close',
          targetType: 'support_conversation',
          targetId: c.id,
          before: { status: locked.status },
          after: { status },
        });
      }
      return after!;
    });
    await this.announce(row, { kind: 'support.closed', params: { conversationId: row.id.toString(), by } });
    return row;
  }

  // ---------------------------------------------------------------- customers
  async list(userId: bigint): Promise<SupportConversationList> {
    const rows = await conversationsOf(this.db, userId);
    return { rows: rows.map((c) => conversationView(c, 'user')), unread: rows.reduce((n, c) => n + c.userUnread, 0) };
  }

  async unread(userId: bigint): Promise<number> {
    return unreadOf(this.db, userId);
  }

  /** Reading a conversation marks the operators' messages in it read. */
  async thread(userId: bigint, id: bigint): Promise<SupportThread> {
    const c = await markRead(this.db, await findConversation(this.db, id, userId), 'user');
    return { conversation: conversationView(c, 'user'), messages: (await messagesOf(this.db, c.id)).map(messageView) };
  }

  /** A new conversation with its first message; a retry with the same clientKey answers the first conversation. */
  async open(userId: bigint, body: OpenConversationBody): Promise<SupportThread> {
    const m: NewMessage = { author: 'user', authorId: userId, text: body.text, clientKey: body.clientKey };
    const first = await messageByClientKey(this.db, userId, body.clientKey);
    if (first) return this.thread(userId, first.conversationId);
    let done: { conversation: ConversationRow };
    try {
      done = await this.db.transaction((tx) => openConversation(tx, userId, m, this.deps.limits, this.deps.clock.now()));
    } catch (e) {
      const again = isUniqueViolation(e) ? await messageByClientKey(this.db, userId, body.clientKey) : undefined;
      if (again) return this.thread(userId, again.conversationId);
      throw e;
    }
    await this.announce(done.conversation, {
      kind: 'support.opened',
      params: { conversationId: done.conversation.id.toString() },
    });
    return this.thread(userId, done.conversation.id);
  }

  send(userId: bigint, body: SendSupportMessageBody): Promise<SupportMessage> {
    return this.post(BigInt(body.conversationId), {
      author: 'user',
      authorId: userId,
      text: body.text,
      clientKey: body.clientKey,
    });
  }

  /**
   * An image (with an optional caption). Cheap refusals first (missing 10055, not an image 10039,
   * not theirs 10043, closed 10141), then the image is decoded and re-encoded (10039, 10086).
   */
  async sendImage(userId: bigint, fields: SendSupportImageFields, file: Buffer | undefined): Promise<SupportMessage> {
    // the deposit proofs' checks: present (10055), an image format we take (10039), then decoded and re-encoded below
    if (!file || file.length === 0) throw new BizError(Err.UPLOAD_REQUIRED);
    if (!sniffImage(file)) throw new BizError(Err.IMAGE_FORMAT_WRONG);
    const first = await messageByClientKey(this.db, userId, fields.clientKey);
    if (first) return messageView(first);
    const c = await findConversation(this.db, BigInt(fields.conversationId), userId);
    if (!conversationAllows(c.status, 'conversation.post')) throw new BizError(Err.SUPPORT_CONVERSATION_CLOSED);
    const image = await cleanImage(file, { maxSide: this.deps.maxImageSide });
    // sealed into the blob store before the row that names it: a refusal discards it, and a retry
    // racing the first post leaves it unnamed for the orphan sweep
    const blobKey = await this.deps.files.put('support', image.bytes);
    const stored = { mime: image.mime, width: image.width, height: image.height, blobKey };
    return this.post(c.id, {
      author: 'user',
      authorId: userId,
      text: fields.text ?? '',
      clientKey: fields.clientKey,
      image: stored,
    }).catch(async (e: unknown) => {
      await this.deps.files.discard(blobKey);
      throw e;
    });
  }

  async closeOwn(userId: bigint, id: bigint): Promise<SupportConversation> {
    return conversationView(await this.close(await findConversation(this.db, id, userId), 'user'), 'user');
  }

  /** An attached image, for the conversation's customer or an operator; anyone else gets 10043. */
  async attachment(viewer: { id: bigint; role: string }, id: bigint): Promise<{ mime: string; bytes: Buffer; filename: string }> {
    const a = await attachmentOf(this.db, id);
    if (!a) throw new BizError(Err.RECORD_NOT_FOUND);
    const c = await findConversation(this.db, a.conversationId, viewer.role === 'operator' ? undefined : viewer.id);
    // an operator's read is audited and shown to the customer (issue 25)
    await recordPersonalRead(this.db, { viewer, customerId: c.userId, document: 'support_attachment', ref: a.id.toString() });
    const bytes = a.blobKey ? await this.deps.files.read(a.blobKey) : null;
    if (!bytes) throw new BizError(Err.RECORD_NOT_FOUND);
    return { mime: a.mime, bytes, filename: `support-${a.id}.${a.mime === 'image/png' ? 'png' : 'jpg'}` };
  }

  // ---------------------------------------------------------------- operators
  queue(q: AdminSupportQuery): Promise<AdminSupportPage> {
    return queue(this.db, q);
  }

  /** Reading a conversation in the console marks the customer's messages read for every operator. */
  async adminThread(id: bigint): Promise<AdminSupportThread> {
    const c = await markRead(this.db, await findConversation(this.db, id), 'operator');
    return {
      conversation: adminConversationView(c, await usernameOf(this.db, c.userId)),
      messages: (await messagesOf(this.db, c.id)).map(messageView),
    };
  }

  reply(operatorId: bigint, id: bigint, body: OperatorReplyBody): Promise<SupportMessage> {
    return this.post(id, { author: 'operator', authorId: operatorId, text: body.text, clientKey: body.clientKey });
  }

  /** Closes a conversation (audited); closing one that is already closed is 10044. */
  async adminClose(operatorId: bigint, id: bigint) {
    const c = await this.close(await findConversation(this.db, id), 'operator', operatorId);
    return adminConversationView(c, await usernameOf(this.db, c.userId));
  }
}
