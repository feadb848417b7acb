import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { accountKeys, adminKeys, kycKeys, nftKeys, smartKeys, walletKeys } from './keys.ts';
import { supportKeys } from './support.ts';
import { orderKeysOf } from './tradingKeys.ts';

/**
 * What a change makes stale, by name. The user-events actor (live deposit / withdrawal status
 * changes), the wallet flows (the user's own submit) and the review flow (an operator's decision)
 * call these, so no screen polls or counts revisions: a mounted query whose key is invalidated
 * asks again, an unmounted one asks when it is next shown.
 */

/**
 * Keys a live user event changes (kinds: src/contract/wallet.ts WALLET_EVENT_KINDS). Deposits and
 * withdrawals move the real book only. A kind this list does not know invalidates the whole real
 * book, so a new kind is never silently ignored.
 */
export function keysChangedBy(kind: string): QueryKey[] {
  const real = 'real' as const;
  const notifications = accountKeys.notifications();
  switch (kind) {
    // a claim waits for review: only the records list changes
    case 'deposit.submitted':
    case 'deposit.rejected':
      return [walletKeys.deposits(real), notifications];
    case 'deposit.approved':
      return [walletKeys.deposits(real), walletKeys.balances(real), walletKeys.statement(real), walletKeys.withdrawalMethods(real), notifications];
    // submitting puts the amount on hold; approving pays it out; rejecting releases the hold
    case 'withdrawal.submitted':
    case 'withdrawal.approved':
    case 'withdrawal.rejected':
      return [walletKeys.withdrawals(real), walletKeys.balances(real), walletKeys.statement(real), walletKeys.withdrawalMethods(real), notifications];
    // a plan bought, paid, completed or exited: the plans, the real book's balances and statement,
    // and the public reserve figures (a purchase commits yield, an exit gives unpaid yield back)
    case 'smart.bought':
    case 'smart.payout':
    case 'smart.completed':
    case 'smart.exited':
      return [smartKeys.plans(), smartKeys.products(), walletKeys.balances(real), walletKeys.statement(real), walletKeys.withdrawalMethods(real), notifications];
    // an options position opened or closed (either book: the event's book is in its params, the
    // kind alone does not say): the orders, the balances (margin held or released) and the statement
    // (and a pending entry order refused at its level or expired: its hold is back in available)
    case 'order.opened':
    case 'order.closed':
    case 'pending.refused':
    case 'pending.expired':
      return [...(['demo', 'real'] as const).flatMap((book): QueryKey[] => [...orderKeysOf(book), walletKeys.balances(book), walletKeys.statement(book)]), notifications];
    // the support chat (both sides hear every message of a conversation): the customer's list,
    // threads and badge, and the operators' queue and threads; no notification is written
    case 'support.opened':
    case 'support.message':
    case 'support.closed':
      return [supportKeys.conversations(), supportKeys.unread(), ['support', 'thread'], supportKeys.adminAll()];
    // a bid held, an outbid (the hold released), an auction won or a purchase: every NFT answer
    // (bids, owner, donation), the real book's balances and statement
    case 'nft.bid':
    case 'nft.outbid':
    case 'nft.won':
    case 'nft.bought':
      return [nftKeys.all, walletKeys.balances(real), walletKeys.statement(real), walletKeys.withdrawalMethods(real), notifications];
    // identity verification: the user's status page (the session's user is refreshed on every event)
    case 'kyc.submitted':
    case 'kyc.verified':
    case 'kyc.rejected':
      return [kycKeys.mine(), notifications];
    default:
      // a loan submitted, reviewed, repaid, warned or liquidated: the loans, the real book's balances and statement
      if (kind.startsWith('loan.')) return [['loans'], walletKeys.balances(real), walletKeys.statement(real), walletKeys.withdrawalMethods(real), notifications];
      return [walletKeys.book(real), notifications];
  }
}

export function invalidateKeys(client: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);
}

/** A live user event arrived. */
export const invalidateForUserEvent = (client: QueryClient, kind: string) => invalidateKeys(client, keysChangedBy(kind));

/** The user's own deposit or withdrawal was accepted (the live event may come later, or not at all when the socket is down). */
export const invalidateAfterSubmit = (client: QueryClient, kind: 'deposit' | 'withdrawal' | 'smart' | 'nft') =>
  invalidateKeys(client, keysChangedBy(kind === 'smart' ? 'smart.bought' : kind === 'nft' ? 'nft.bought' : `${kind}.submitted`));

/** The user's own order opened in `book` (the live event may come later, or not at all when the socket is down). */
export const invalidateAfterOrder = (client: QueryClient, book: 'demo' | 'real') =>
  invalidateKeys(client, [...orderKeysOf(book), walletKeys.balances(book), walletKeys.statement(book)]);

/**
 * An operator decided a deposit or withdrawal: the record, as the service returned it, replaces
 * its row in every cached page of its queue. The row keeps its new status on screen (even under
 * the "pending" filter) until the queue is next asked for, instead of vanishing mid-review.
 */
export function recordReviewed<R extends { id: string }>(client: QueryClient, kind: 'deposit' | 'withdrawal', record: R): void {
  client.setQueriesData<{ rows: R[]; total: number }>({ queryKey: kind === 'deposit' ? adminKeys.deposits() : adminKeys.withdrawals() }, (page) =>
    page && { ...page, rows: page.rows.map((r) => (r.id === record.id ? record : r)) },
  );
}

/** Roots of answers that belong to the signed-in user: dropped when the session ends. */
/**
 * Answers that are the same for every visitor: the market (but the watchlist), the content pages,
 * the smart products and the loan terms. Everything else is somebody's, so the end of a session
 * removes it: a domain added later is forgotten without being listed here (a list of user keys
 * once missed the loans).
 */
export function isPublicKey(queryKey: QueryKey): boolean {
  const [root, part] = queryKey;
  switch (root) {
    case 'content': return true;
    case 'market': return part !== 'watchlist';
    case 'smart': return part === 'products';
    case 'loans': return part === 'terms';
    default: return false;
  }
}

/** The session ended (logout, 401): nothing of that user stays in memory for the next one. */
export function forgetUser(client: QueryClient): void {
  client.removeQueries({ predicate: (q) => !isPublicKey(q.queryKey) });
}
