import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { UserEventKind } from '../../../contract/userEvents.ts';
import { accountKeys, adminKeys, chainKeys, kycKeys, nftKeys, smartKeys, supportKeys, walletKeys } from './keys.ts';
import { orderKeysOf } from '../../trading/keys.ts';

/**
 * What a change makes stale, by name. The user-events actor (live deposit / withdrawal status
 * changes), the wallet flows (the user's own submit) and the review flow (an operator's decision)
 * call these, so no screen polls or counts revisions: a mounted query whose key is invalidated
 * asks again, an unmounted one asks when it is next shown.
 */

const real = 'real' as const;
const notifications = () => accountKeys.notifications();
/** What moves the real book's money: its balances, statement and what can be withdrawn. */
const realMoney = () => [walletKeys.balances(real), walletKeys.statement(real), walletKeys.withdrawalMethods(real)];
/** Anything else: the whole real book, and the bell. */
const realBook = () => [walletKeys.book(real), notifications()];

// a claim waits for review: only the records list changes
const depositClaim = () => [walletKeys.deposits(real), notifications()];
// a deposit seen on the chain, dropped or below the minimum: the chain's list, the wallet's records, the bell
const chainDeposit = () => [chainKeys.deposits(), walletKeys.deposits(real), notifications()];
// submitting puts the amount on hold; approving pays it out; rejecting releases the hold
const withdrawal = () => [walletKeys.withdrawals(real), ...realMoney(), notifications()];
// a plan bought, paid, completed or exited: the plans, the real book's money, and the public
// reserve figures (a purchase commits yield, an exit gives unpaid yield back)
const plan = () => [smartKeys.plans(), smartKeys.products(), ...realMoney(), notifications()];
// an options position opened or closed (either book: the event's book is in its params, the kind
// alone does not say): the orders, the balances (margin held or released) and the statement (and a
// pending entry order refused at its level or expired: its hold is back in available)
const position = () => [
  ...(['demo', 'real'] as const).flatMap((book): QueryKey[] => [
    ...orderKeysOf(book),
    walletKeys.balances(book),
    walletKeys.statement(book),
  ]),
  notifications(),
];
// the support chat (both sides hear every message of a conversation): the customer's list,
// threads and badge, and the operators' queue and threads; no notification is written
const chat = () => [supportKeys.conversations(), supportKeys.unread(), supportKeys.threads(), supportKeys.adminAll()];
// a bid held, an outbid (the hold released), an auction won or a purchase: every NFT answer
// (bids, owner, donation), the real book's money
const nft = () => [nftKeys.all, ...realMoney(), notifications()];
// identity verification: the user's status page (the session's user is refreshed on every event)
const kyc = () => [kycKeys.mine(), notifications()];
// a loan submitted, reviewed, repaid, warned or liquidated: the loans, the real book's money
const loan = () => [['loans'], ...realMoney(), notifications()];

/**
 * What each kind of user event (src/contract/userEvents.ts) makes stale. A kind added to the
 * union without a line here does not compile. Deposits and withdrawals move the real book only.
 */
const CHANGES: { readonly [K in UserEventKind]: () => QueryKey[] } = {
  'deposit.submitted': depositClaim,
  'deposit.rejected': depositClaim,
  'deposit.approved': () => [walletKeys.deposits(real), ...realMoney(), notifications()],
  'withdrawal.submitted': withdrawal,
  'withdrawal.approved': withdrawal,
  'withdrawal.rejected': withdrawal,
  'allowlist.address_added': realBook,
  'allowlist.turning_off': realBook,
  'security.login': realBook,
  'security.password_changed': realBook,
  'security.password_reset': realBook,
  'security.google_linked': realBook,
  'security.two_factor_enabled': realBook,
  'security.two_factor_disabled': realBook,
  'security.passkey_added': realBook,
  'security.passkey_removed': realBook,
  'smart.bought': plan,
  'smart.payout': plan,
  'smart.completed': plan,
  'smart.exited': plan,
  'order.opened': position,
  'order.closed': position,
  'pending.refused': position,
  'pending.expired': position,
  'support.opened': chat,
  'support.message': chat,
  'support.closed': chat,
  'nft.bid': nft,
  'nft.outbid': nft,
  'nft.won': nft,
  'nft.bought': nft,
  'kyc.submitted': kyc,
  'kyc.verified': kyc,
  'kyc.rejected': kyc,
  'loan.submitted': loan,
  'loan.approved': loan,
  'loan.rejected': loan,
  'loan.repayment': loan,
  'loan.repaid': loan,
  'loan.overdue': loan,
  'loan.ltv_warning': loan,
  'loan.margin_call': loan,
  'loan.liquidated_partly': loan,
  'loan.liquidated': loan,
  'alert.fired': realBook,
  // deposits from the chain: the chain deposits list (and the wallet's records, where a matched
  // claim shows); a count that grew writes no notification; a credit moves money
  'chain.deposit_seen': chainDeposit,
  'chain.deposit_confirming': () => [chainKeys.deposits()],
  'chain.deposit_credited': () => [...chainDeposit(), ...realMoney()],
  'chain.deposit_dropped': chainDeposit,
  'chain.deposit_below_minimum': chainDeposit,
};

/**
 * Keys a live user event changes. A kind a newer service sends that this build does not know
 * makes the whole real book stale, so it is never silently ignored.
 */
export function keysChangedBy(kind: UserEventKind): QueryKey[] {
  return Object.hasOwn(CHANGES, kind) ? CHANGES[kind]() : realBook();
}

export function invalidateKeys(client: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);
}

/** A live user event arrived. */
export const invalidateForUserEvent = (client: QueryClient, kind: UserEventKind) => invalidateKeys(client, keysChangedBy(kind));

/** What the user's own submission brings, before its live event (which may come later, or not at all when the socket is down). */
const SUBMITTED = {
  deposit: 'deposit.submitted',
  withdrawal: 'withdrawal.submitted',
  smart: 'smart.bought',
  nft: 'nft.bought',
} as const satisfies Record<string, UserEventKind>;

/** The user's own deposit, withdrawal, plan or NFT purchase was accepted. */
export const invalidateAfterSubmit = (client: QueryClient, kind: keyof typeof SUBMITTED) =>
  invalidateKeys(client, keysChangedBy(SUBMITTED[kind]));

/** The user's own order opened in `book` (the live event may come later, or not at all when the socket is down). */
export const invalidateAfterOrder = (client: QueryClient, book: 'demo' | 'real') =>
  invalidateKeys(client, [...orderKeysOf(book), walletKeys.balances(book), walletKeys.statement(book)]);

/**
 * An operator decided a deposit or withdrawal: the record, as the service returned it, replaces
 * its row in every cached page of its queue. The row keeps its new status on screen (even under
 * the "pending" filter) until the queue is next asked for, instead of vanishing mid-review.
 */
export function recordReviewed<R extends { id: string }>(client: QueryClient, kind: 'deposit' | 'withdrawal', record: R): void {
  client.setQueriesData<{ rows: R[]; total: number }>(
    { queryKey: kind === 'deposit' ? adminKeys.deposits() : adminKeys.withdrawals() },
    (page) => page && { ...page, rows: page.rows.map((r) => (r.id === record.id ? record : r)) },
  );
}

/**
 * Answers that are the same for every visitor: the market (but the watchlist), the content pages,
 * the smart products and the loan terms. Everything else is somebody's, so the end of a session
 * removes it: a domain added later is forgotten without being listed here (a list of user keys
 * once missed the loans).
 */
export function isPublicKey(queryKey: QueryKey): boolean {
  const [root, part] = queryKey;
  switch (root) {
    case 'content':
      return true;
    case 'market':
      return part !== 'watchlist';
    case 'smart':
      return part === 'products';
    case 'loans':
      return part === 'terms';
    default:
      return false;
  }
}

/** The session ended (logout, 401): nothing of that user stays in memory for the next one. */
export function forgetUser(client: QueryClient): void {
  client.removeQueries({ predicate: (q) => !isPublicKey(q.queryKey) });
}
