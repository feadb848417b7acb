import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supportAdminApi, supportApi, type SupportConversationStatus } from '../supportApi.ts';

/**
 * Support chat reads (docs/support.md). Nothing polls: the user-events actor invalidates these
 * keys on every `support.*` event (invalidation.ts), so a message from the other side appears
 * as soon as it is written. The operator's keys live under 'admin' (dropped with the console).
 */
export const supportKeys = {
  all: ['support'] as const,
  conversations: () => ['support', 'conversations'] as const,
  unread: () => ['support', 'unread'] as const,
  thread: (id: string) => ['support', 'thread', id] as const,
  attachment: (id: string) => ['support', 'attachment', id] as const,
  invitees: () => ['support', 'invitees'] as const,
  adminAll: () => ['admin', 'support'] as const,
  adminQueue: (status: SupportConversationStatus, page: number) => ['admin', 'support', 'queue', status, page] as const,
  adminThread: (id: string) => ['admin', 'support', 'thread', id] as const,
};

export function useSupportConversations(enabled: boolean) {
  return useQuery({ queryKey: supportKeys.conversations(), queryFn: ({ signal }) => supportApi.conversations(signal), enabled });
}

/** The badge on the service button: operator messages not read yet. */
export function useSupportUnread(enabled: boolean) {
  return useQuery({ queryKey: supportKeys.unread(), queryFn: ({ signal }) => supportApi.unread(signal), enabled });
}

/** One conversation; reading it marks it read, so the list and the badge are asked again. */
export function useSupportThread(id: string | null) {
  const client = useQueryClient();
  const q = useQuery({ queryKey: supportKeys.thread(id ?? ''), queryFn: ({ signal }) => supportApi.thread(id!, signal), enabled: !!id });
  const unread = q.data?.conversation.unread;
  const at = q.dataUpdatedAt;
  useEffect(() => {
    if (at) void client.invalidateQueries({ queryKey: supportKeys.unread() });
  }, [client, at, unread]);
  return q;
}

export function useInvitees(enabled: boolean) {
  return useQuery({ queryKey: supportKeys.invitees(), queryFn: ({ signal }) => supportApi.invitees(signal), enabled });
}

/** An attached image as a blob (fetched with the session's token); the view shows it through an object URL. */
export function useAttachment(id: string, admin = false) {
  return useQuery({
    queryKey: admin ? [...supportKeys.adminAll(), 'attachment', id] : supportKeys.attachment(id),
    queryFn: ({ signal }) => supportApi.attachment(id, signal),
    staleTime: Infinity,
  });
}

/** A write of the chat: what it changed is asked again; refusals are shown beside the composer. */
function useSupportMutation<V, R>(run: (v: V) => Promise<R>, keys: (v: V) => readonly (readonly unknown[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (_r, v) => Promise.all(keys(v).map((queryKey) => client.invalidateQueries({ queryKey }))),
    meta: { showsError: true },
  });
}

export const useOpenConversation = () => useSupportMutation((v: { text: string; clientKey: string }) => supportApi.open(v), () => [supportKeys.conversations()]);
export const useSendSupportMessage = () =>
  useSupportMutation((v: { conversationId: string; text: string; clientKey: string; image?: File | null }) =>
    (v.image ? supportApi.sendImage({ ...v, image: v.image }) : supportApi.send(v)), (v) => [supportKeys.thread(v.conversationId), supportKeys.conversations()]);
export const useCloseConversation = () => useSupportMutation((id: string) => supportApi.close(id), (id: string) => [supportKeys.thread(id), supportKeys.conversations()]);

// ---------------------------------------------------------------- operators
export function useSupportQueue(status: SupportConversationStatus, page: number) {
  return useQuery({ queryKey: supportKeys.adminQueue(status, page), queryFn: ({ signal }) => supportAdminApi.queue({ status, pageNum: page, pageSize: 20 }, signal) });
}

export function useAdminSupportThread(id: string | null) {
  return useQuery({ queryKey: supportKeys.adminThread(id ?? ''), queryFn: ({ signal }) => supportAdminApi.thread(id!, signal), enabled: !!id });
}

export const useOperatorReply = () => useSupportMutation((v: { conversationId: string; text: string; clientKey: string }) => supportAdminApi.reply(v), () => [supportKeys.adminAll()]);
export const useOperatorClose = () => useSupportMutation((id: string) => supportAdminApi.close(id), () => [supportKeys.adminAll()]);
