import { sql } from 'drizzle-orm';
import { bigserial, bigint, check, customType, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SupportConversationStatus } from '../../src/machines/support/supportConversation.ts';
import { users } from '../platform/identity/schema.ts';

/** PostgreSQL bytea as a Buffer (PGlite answers a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * A customer's support conversation (docs/support.md). Status moves only along
 * src/machines/support/supportConversation.ts; conversations are kept after closing. The unread counters
 * are the messages of the other side not yet opened by the customer / by any operator.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    subject: text().notNull(),
    status: text().$type<SupportConversationStatus>().notNull().default('open'),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastAuthor: text({ enum: ['user', 'operator'] })
      .notNull()
      .default('user'),
    userUnread: integer().notNull().default(0),
    operatorUnread: integer().notNull().default(0),
    /** the opening message's client key: a retry of "open" answers this conversation */
    clientKey: text().notNull(),
    closedAt: timestamp({ withTimezone: true }),
    closedBy: text({ enum: ['user', 'operator'] }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('support_conversations_client_key').on(t.userId, t.clientKey),
    index('support_conversations_user').on(t.userId, t.lastMessageAt),
    index('support_conversations_queue').on(t.status, t.lastMessageAt),
    check('support_conversations_status', sql`${t.status} IN ('open', 'closed')`),
  ],
);

/**
 * An image attached to a message: re-encoded on upload (metadata stripped), sealed in the blob
 * store under `blobKey`. `bytes` held it in the clear before migration 0018: a start moves such
 * rows into the blob store and empties it (server/legacyFiles.ts).
 */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    conversationId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => supportConversations.id),
    mime: text({ enum: ['image/jpeg', 'image/png'] }).notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    blobKey: text(),
    bytes: bytea(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_attachments_conversation').on(t.conversationId)],
);

/** One message; `authorId` is the customer or the operator who wrote it (never shown to customers). */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    conversationId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => supportConversations.id),
    author: text({ enum: ['user', 'operator'] }).notNull(),
    authorId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    text: text().notNull(),
    attachmentId: bigint({ mode: 'bigint' }).references(() => supportAttachments.id),
    /** the app's idempotency key: a retry answers this message */
    clientKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('support_messages_client_key').on(t.authorId, t.clientKey),
    index('support_messages_conversation').on(t.conversationId, t.id),
  ],
);
