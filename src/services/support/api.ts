import { call, download } from '../platform/api.ts';
// types only: the TypeBox builders of the contract stay out of the bundle that does not check bodies
import type * as C from '../../contract/support.ts';

export type {
  AdminSupportConversation,
  AdminSupportPage,
  AdminSupportThread,
  InviteeList,
  SupportConversation,
  SupportConversationList,
  SupportConversationStatus,
  SupportMessage,
  SupportThread,
} from '../../contract/support.ts';

const S = '/swx/customer/support';
const A = '/admin-api/support';
const id = (v: string) => encodeURIComponent(v);

/**
 * The support chat's calls (docs/support.md). Every message carries a `clientKey` made once per
 * submission: a retry with it answers the first message and sends nothing twice.
 */
export const supportApi = {
  conversations: (signal?: AbortSignal) => call<C.SupportConversationList>(`${S}/listConversation`, { signal }),
  unread: (signal?: AbortSignal) => call<C.SupportUnread>(`${S}/unread`, { signal }),
  thread: (conversationId: string, signal?: AbortSignal) =>
    call<C.SupportThread>(`${S}/conversation/${id(conversationId)}`, { signal }),
  open: (v: { text: string; clientKey: string }, signal?: AbortSignal) =>
    call<C.SupportThread>(`${S}/openConversation`, {
      method: 'POST',
      body: { text: v.text.trim(), clientKey: v.clientKey },
      signal,
    }),
  send: (v: { conversationId: string; text: string; clientKey: string }, signal?: AbortSignal) =>
    call<C.SupportMessage>(`${S}/sendMessage`, {
      method: 'POST',
      body: { conversationId: v.conversationId, text: v.text.trim(), clientKey: v.clientKey },
      signal,
    }),
  /** multipart: the image and an optional caption (the browser sets the boundary) */
  sendImage: (v: { conversationId: string; text: string; clientKey: string; image: File }, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('conversationId', v.conversationId);
    form.append('clientKey', v.clientKey);
    if (v.text.trim()) form.append('text', v.text.trim());
    form.append('image', v.image, v.image.name);
    return call<C.SupportMessage>(`${S}/sendImage`, { method: 'POST', body: form, signal });
  },
  close: (conversationId: string, signal?: AbortSignal) =>
    call<C.SupportConversation>(`${S}/closeConversation`, { method: 'POST', body: { id: conversationId }, signal }),
  /** an attached image with the token header, as a blob shown through an object URL */
  attachment: (attachmentId: string, signal?: AbortSignal) => download(`${S}/attachment/${id(attachmentId)}`, { signal }),
  /** who registered with my invite code (masked) */
  invitees: (signal?: AbortSignal) => call<C.InviteeList>('/swx/customer/user/listInvitee', { signal }),
};

export const supportAdminApi = {
  queue: (q: { status: C.SupportConversationStatus; pageNum?: number; pageSize?: number }, signal?: AbortSignal) =>
    call<C.AdminSupportPage>(`${A}/conversations`, { query: q, signal }),
  thread: (conversationId: string, signal?: AbortSignal) =>
    call<C.AdminSupportThread>(`${A}/conversations/${id(conversationId)}`, { signal }),
  reply: (v: { conversationId: string; text: string; clientKey: string }, signal?: AbortSignal) =>
    call<C.SupportMessage>(`${A}/conversations/${id(v.conversationId)}/messages`, {
      method: 'POST',
      body: { text: v.text.trim(), clientKey: v.clientKey },
      signal,
    }),
  close: (conversationId: string, signal?: AbortSignal) =>
    call<C.AdminSupportConversation>(`${A}/conversations/${id(conversationId)}/close`, { method: 'POST', signal }),
};
