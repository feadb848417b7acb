/**
 * What the app's first visit knows of user events (src/contract/userEvents.ts) besides their
 * types: the kinds it treats apart. Only strings, no schema (the home page loads this module).
 */
import type { SUPPORT_EVENTS, UserEvent, UserEventKind } from './userEvents.ts';

/**
 * An event heard on the socket or read as a notification row, as the union. The service writes
 * only these kinds, but a newer service may send one this build does not know: every reader falls
 * back for it (keysChangedBy: the whole book is stale; userEventText: the generic sentence).
 */
export const asUserEvent = (e: {
  kind: string;
  params: Record<string, unknown>;
  refType: string | null;
  refId: string | null;
  id?: string;
}) => e as UserEvent;

/** The support chat's kinds (all of the support domain's): their own badge and screen, neither the bell nor a toast. */
const CHAT: { readonly [K in keyof typeof SUPPORT_EVENTS]: true } = {
  'support.opened': true,
  'support.message': true,
  'support.closed': true,
};
export const isChatKind = (kind: UserEventKind): boolean => Object.hasOwn(CHAT, kind);

/**
 * Progress the screen showing it already moves (a chain deposit's or payout's "confirming k/N"): no
 * notification row is written for it, so like the chat's it neither counts in the bell nor toasts.
 */
const PROGRESS: ReadonlySet<UserEventKind> = new Set<UserEventKind>(['chain.deposit_confirming', 'withdrawal.confirming']);
/** Kinds that only mark what they changed stale: the chat's and progress. */
export const isQuietKind = (kind: UserEventKind): boolean => isChatKind(kind) || PROGRESS.has(kind);

/**
 * Kinds whose toast would repeat what the acting screen just said: a submitted deposit or
 * withdrawal (20002 / 20003), a smart plan bought (the purchase's one confirmation, 20004).
 */
export const ECHO_KINDS: ReadonlySet<UserEventKind> = new Set<UserEventKind>([
  'deposit.submitted',
  'withdrawal.submitted',
  'loan.submitted',
  'kyc.submitted',
  'smart.bought',
]);

/** An operator's refusal: told in the neutral tone, never as a success. */
export const DECLINED_KINDS: ReadonlySet<UserEventKind> = new Set<UserEventKind>([
  'deposit.rejected',
  'withdrawal.rejected',
  'loan.rejected',
  'kyc.rejected',
]);
