import type { Book } from '../../../contract/constants.ts';

/**
 * The roots of the domains' query keys and the keys their user events change (invalidation.ts).
 * Each domain's module (wallet.ts, account.ts, admin.ts, kyc.ts, nfts.ts, smart.ts, support.ts)
 * grows its whole key factory from these and exports it with its query options and hooks: that
 * module is the one to import. These few live apart because invalidation.ts is part of the home page's
 * JavaScript: importing them from the domain modules would pull those domains' hooks and API
 * clients into every first visit (about 4 kB gzip; docs/performance.md), and every key here is
 * shipped to every visitor, so only what the shell needs is here. The trading keys are apart for
 * the same reason (tradingKeys.ts). The root strings are the domains' declared key roots: keep them.
 */

/** Wallet answers of a book: every key starts with ['wallet', book], so switching the book shows that book's cached answer. */
const wallet = ['wallet'] as const;
export const walletKeys = {
  all: wallet,
  book: (book: Book) => [...wallet, book] as const,
  balances: (book: Book) => [...wallet, book, 'balances'] as const,
  deposits: (book: Book) => [...wallet, book, 'deposits'] as const,
  withdrawals: (book: Book) => [...wallet, book, 'withdrawals'] as const,
  statement: (book: Book) => [...wallet, book, 'statement'] as const,
  withdrawalMethods: (book: Book) => [...wallet, book, 'withdrawalMethods'] as const,
};

/** The user's notifications (the bell), sessions and security settings: neither language nor book. */
const account = ['account'] as const;
export const accountKeys = {
  all: account,
  notifications: () => [...account, 'notifications'] as const,
};

/** Operator answers: every domain's operator keys grow from this root, so logging out drops the whole console. */
const admin = ['admin'] as const;
export const adminKeys = {
  all: admin,
  deposits: () => [...admin, 'deposits'] as const,
  withdrawals: () => [...admin, 'withdrawals'] as const,
};

/** Identity verification: the user's own under 'kyc', the operators' under 'admin'. */
const kyc = ['kyc'] as const;
export const kycKeys = { all: kyc, mine: () => [...kyc, 'mine'] as const };

/** Charity NFTs: neither book nor language. */
export const nftKeys = { all: ['nfts'] as const };

/** Smart plans: neither book nor language (plans are the real book's). */
const smart = ['smart'] as const;
export const smartKeys = {
  all: smart,
  products: () => [...smart, 'products'] as const,
  plans: () => [...smart, 'plans'] as const,
};

/**
 * The support chat: the customer's under 'support', the operators' under 'admin'. The keys its
 * events change (the chat's lists, threads and badge) are here; support.ts grows the rest.
 */
const support = ['support'] as const;
const supportAdmin = [...admin, 'support'] as const;
export const supportKeys = {
  all: support,
  conversations: () => [...support, 'conversations'] as const,
  unread: () => [...support, 'unread'] as const,
  threads: () => [...support, 'thread'] as const,
  adminAll: () => supportAdmin,
};

/**
 * Deposits from the chain: the customer's addresses and chain deposits (the real book's only), and
 * the operators' view of the networks, all under 'chain'. Its events change the deposits list.
 */
const chain = ['chain'] as const;
export const chainKeys = {
  all: chain,
  deposits: () => [...chain, 'deposits'] as const,
};
