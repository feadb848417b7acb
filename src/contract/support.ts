/**
 * The built-in support chat on the wire (docs/support.md): a logged-in customer opens
 * conversations and writes to operators, who answer from the console; every message arrives live
 * on the user channel of the websocket as a `support.*` event. Shared by browser and server.
 */
import { Type, type Static } from 'typebox';
import { SUPPORT_CONVERSATION_STATUSES } from '../machines/support/supportConversation.ts';
import { IdString, IsoTime, LiteralUnion, Page, PageQuery } from './envelope.ts';

export { SUPPORT_CONVERSATION_STATUSES, type SupportConversationStatus } from '../machines/support/supportConversation.ts';
export const SupportStatusSchema = LiteralUnion(SUPPORT_CONVERSATION_STATUSES);

/** Longest message text (characters). */
export const SUPPORT_TEXT_MAX = 2000;
/** A conversation's subject is its first message, cut to this many characters. */
export const SUPPORT_SUBJECT_MAX = 80;

/** Text with something in it besides spaces (a message may be an image alone: see SendSupportImage). */
const Text = Type.String({ minLength: 1, maxLength: SUPPORT_TEXT_MAX, pattern: '\\S' });
const ClientKey = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]{8,64}$' });

export const SupportAuthor = LiteralUnion(['user', 'operator'] as const);
export type SupportAuthor = Static<typeof SupportAuthor>;

export const SupportAttachment = Type.Object({ id: IdString, width: Type.Integer(), height: Type.Integer() });
export type SupportAttachment = Static<typeof SupportAttachment>;

export const SupportMessage = Type.Object({
  id: IdString,
  conversationId: IdString,
  author: SupportAuthor,
  /** '' for an image sent alone */
  text: Type.String(),
  attachment: Type.Union([SupportAttachment, Type.Null()]),
  createdAt: IsoTime,
});
export type SupportMessage = Static<typeof SupportMessage>;

export const SupportConversation = Type.Object({
  id: IdString,
  subject: Type.String(),
  status: SupportStatusSchema,
  createdAt: IsoTime,
  lastMessageAt: IsoTime,
  /** who wrote last: an open conversation whose last word is the customer's waits for an operator */
  lastAuthor: SupportAuthor,
  /** messages from the other side that the viewer has not opened yet */
  unread: Type.Integer({ minimum: 0 }),
  closedAt: Type.Union([IsoTime, Type.Null()]),
  closedBy: Type.Union([SupportAuthor, Type.Null()]),
});
export type SupportConversation = Static<typeof SupportConversation>;

/** A conversation with its messages, oldest first. Reading it marks the other side's messages read. */
export const SupportThread = Type.Object({ conversation: SupportConversation, messages: Type.Array(SupportMessage) });
export type SupportThread = Static<typeof SupportThread>;

// ---------------------------------------------------------------- customers (/swx/customer/support)
/** GET listConversation: the user's conversations, open first then newest; `unread` is the badge. */
export const SupportConversationList = Type.Object({
  rows: Type.Array(SupportConversation),
  unread: Type.Integer({ minimum: 0 }),
});
export type SupportConversationList = Static<typeof SupportConversationList>;
/** GET unread: the badge on the service button. */
export const SupportUnread = Type.Object({ unread: Type.Integer({ minimum: 0 }) });
export type SupportUnread = Static<typeof SupportUnread>;

/** POST openConversation: a new conversation with its first message. */
export const OpenConversationBody = Type.Object({ text: Text, clientKey: ClientKey }, { additionalProperties: false });
export type OpenConversationBody = Static<typeof OpenConversationBody>;

/** POST sendMessage: text into an open conversation. A retry with the same clientKey answers the first message. */
export const SendSupportMessageBody = Type.Object(
  { conversationId: IdString, text: Text, clientKey: ClientKey },
  { additionalProperties: false },
);
export type SendSupportMessageBody = Static<typeof SendSupportMessageBody>;

/**
 * POST sendImage (multipart/form-data): fields conversationId, clientKey, text (optional caption)
 * and the file `image` (JPEG, PNG or JPEG 2000; checked, re-encoded and stripped of metadata).
 */
export const SendSupportImageFields = Type.Object(
  {
    conversationId: IdString,
    clientKey: ClientKey,
    text: Type.Optional(Type.String({ maxLength: SUPPORT_TEXT_MAX })),
  },
  { additionalProperties: false },
);
export type SendSupportImageFields = Static<typeof SendSupportImageFields>;

/** POST closeConversation */
export const CloseConversationBody = Type.Object({ id: IdString }, { additionalProperties: false });
export type CloseConversationBody = Static<typeof CloseConversationBody>;
export const SupportIdParams = Type.Object({ id: IdString }, { additionalProperties: false });

// ---------------------------------------------------------------- operators (/admin-api/support)
export const AdminSupportConversation = Type.Object({
  ...SupportConversation.properties,
  userId: IdString,
  username: Type.String(),
});
export type AdminSupportConversation = Static<typeof AdminSupportConversation>;

/**
 * GET /admin-api/support/conversations: the queue. Open conversations come with the longest
 * waiting first (the customer wrote last, oldest last message first), then those answered.
 */
export const AdminSupportQuery = Type.Object(
  { ...PageQuery, status: Type.Optional(SupportStatusSchema) },
  { additionalProperties: false },
);
export type AdminSupportQuery = Static<typeof AdminSupportQuery>;
export const AdminSupportPage = Page(AdminSupportConversation);
export type AdminSupportPage = Static<typeof AdminSupportPage>;
export const AdminSupportThread = Type.Object({ conversation: AdminSupportConversation, messages: Type.Array(SupportMessage) });
export type AdminSupportThread = Static<typeof AdminSupportThread>;

/** POST /admin-api/support/conversations/:id/messages */
export const OperatorReplyBody = Type.Object({ text: Text, clientKey: ClientKey }, { additionalProperties: false });
export type OperatorReplyBody = Static<typeof OperatorReplyBody>;

// ---------------------------------------------------------------- invite friends (/swx/customer/user/listInvitee)
/** Someone who registered with the user's invite code: a masked name, when, and whether verified. */
export const Invitee = Type.Object({ name: Type.String(), joinedAt: IsoTime, verified: Type.Boolean() });
export type Invitee = Static<typeof Invitee>;
export const InviteeList = Type.Object({ rows: Type.Array(Invitee), total: Type.Integer({ minimum: 0 }) });
export type InviteeList = Static<typeof InviteeList>;
