import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supportAdminApi, supportApi, type SupportConversationStatus } from './api.ts';
import { supportKeys as chatKeys } from '../platform/queries/keys.ts';

/**
 * Support chat reads (docs/support.md). Nothing polls: the user-events actor invalidates these
 * keys on every `support.*` event (invalidation.ts), so a message from the other side appears
 * as soon as it is written. The operator's keys live under 'admin' (dropped with the console).
 */
const support = chatKeys.all;
const admin = chatKeys.adminAll();
export const supportKeys = {
  ...chatKeys,
  thread: (id: string) => [...chatKeys.threads(), id] as const,
  attachment: (id: string) => [...support, 'attachment', id] as const,
  invitees: () => [...support, 'invitees'] as const,
  adminQueue: (status: SupportConversationStatus, page: number) => [...admin, 'queue', status, page] as const,
  adminThread: (id: string) => [...admin, 'thread', id] as const,
  adminAttachment: (id: string) => [...admin, 'attachment', id] as const,
};

export const supportQueries = {
  conversations: () =>
    queryOptions({ queryKey: supportKeys.conversations(), queryFn: ({ signal }) => supportApi.conversations(signal) }),
  /** the badge on the service button: operator messages not read yet */
  unread: () => queryOptions({ queryKey: supportKeys.unread(), queryFn: ({ signal }) => supportApi.unread(signal) }),
  thread: (id: string) =>
    queryOptions({ queryKey: supportKeys.thread(id), queryFn: ({ signal }) => supportApi.thread(id, signal) }),
  invitees: () => queryOptions({ queryKey: supportKeys.invitees(), queryFn: ({ signal }) => supportApi.invitees(signal) }),
  /** an attached image as a blob (fetched with the session's token); the view shows it through an object URL */
  attachment: (id: string, admin = false) =>
    queryOptions({
      queryKey: admin ? supportKeys.adminAttachment(id) : supportKeys.attachment(id),
      queryFn: ({ signal }) => supportApi.attachment(id, signal),
      staleTime: Infinity,
    }),
  adminQueue: (status: SupportConversationStatus, page: number) =>
    queryOptions({
      queryKey: supportKeys.adminQueue(status, page),
      queryFn: ({ signal }) => supportAdminApi.queue({ status, pageNum: page, pageSize: 20 }, signal),
    }),
  adminThread: (id: string) =>
    queryOptions({ queryKey: supportKeys.adminThread(id), queryFn: ({ signal }) => supportAdminApi.thread(id, signal) }),
};

export const useSupportConversations = (enabled: boolean) => useQuery({ ...supportQueries.conversations(), enabled });
export const useSupportUnread = (enabled: boolean) => useQuery({ ...supportQueries.unread(), enabled });

/** One conversation; reading it marks it read, so the badge is asked again. */
export function useSupportThread(id: string | null) {
  const client = useQueryClient();
  const q = useQuery({ ...supportQueries.thread(id ?? ''), enabled: !!id });
  const unread = q.data?.conversation.unread;
  const at = q.dataUpdatedAt;
  useEffect(() => {
    if (at) void client.invalidateQueries({ queryKey: supportKeys.unread() });
  }, [client, at, unread]);
  return q;
}

export const useInvitees = (enabled: boolean) => useQuery({ ...supportQueries.invitees(), enabled });
export const useAttachment = (id: string, admin = false) => useQuery(supportQueries.attachment(id, admin));

/** A write of the chat: what it changed is asked again; refusals are shown beside the composer. */
function useSupportMutation<V, R>(run: (v: V) => Promise<R>, keys: (v: V) => readonly (readonly unknown[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (_r, v) => Promise.all(keys(v).map((queryKey) => client.invalidateQueries({ queryKey }))),
    meta: { showsError: true },
  });
}

export const useOpenConversation = () =>
  useSupportMutation(
    (v: { text: string; clientKey: string }) => supportApi.open(v),
    () => [supportKeys.conversations()],
  );
export const useSendSupportMessage = () =>
  useSupportMutation(
    (v: { conversationId: string; text: string; clientKey: string; image?: File | null }) =>
      v.image ? supportApi.sendImage({ ...v, image: v.image }) : supportApi.send(v),
    (v) => [supportKeys.thread(v.conversationId), supportKeys.conversations()],
  );
export const useCloseConversation = () =>
  useSupportMutation(
    (id: string) => supportApi.close(id),
    (id: string) => [supportKeys.thread(id), supportKeys.conversations()],
  );

// ---------------------------------------------------------------- operators
export const useSupportQueue = (status: SupportConversationStatus, page: number) =>
  useQuery(supportQueries.adminQueue(status, page));
export const useAdminSupportThread = (id: string | null) => useQuery({ ...supportQueries.adminThread(id ?? ''), enabled: !!id });

export const useOperatorReply = () =>
  useSupportMutation(
    (v: { conversationId: string; text: string; clientKey: string }) => supportAdminApi.reply(v),
    () => [supportKeys.adminAll()],
  );
export const useOperatorClose = () =>
  useSupportMutation(
    (id: string) => supportAdminApi.close(id),
    () => [supportKeys.adminAll()],
  );
