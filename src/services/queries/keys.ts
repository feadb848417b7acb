import type { Book } from '../../contract/constants.ts';
import type { AdminKyc } from '../../contract/kyc.ts';
import type { NftSaleType, NftStatus } from '../../contract/nfts.ts';
import type { RecordStatus } from '../adminApi.ts';

/**
 * The key factories of the domains whose user events the shell turns into invalidation
 * (invalidation.ts) and whose answers it drops at logout (forgetUser). They live apart from their
 * domain's hooks (each domain module re-exports its own) because invalidation.ts is part of the
 * home page's JavaScript: importing a key factory from a domain module would pull that domain's
 * hooks and API client into every first visit (about 4 kB gzip for wallet, account, admin, KYC,
 * NFTs and smart plans; docs/performance.md). The trading keys are apart for the same reason
 * (tradingKeys.ts).
 */

/**
 * Wallet reads of the selected book. Every key starts with ['wallet', book], so switching the
 * book shows that book's cached answer (or asks). Deposits, withdrawals, deposit addresses and
 * withdrawal methods exist for the real book only (the demo book is refused with 10033).
 */
export const walletKeys = {
  all: ['wallet'] as const,
  book: (book: Book) => ['wallet', book] as const,
  balances: (book: Book) => ['wallet', book, 'balances'] as const,
  deposits: (book: Book) => ['wallet', book, 'deposits'] as const,
  depositsPage: (book: Book, page: number, pageSize: number) => ['wallet', book, 'deposits', { page, pageSize }] as const,
  withdrawals: (book: Book) => ['wallet', book, 'withdrawals'] as const,
  withdrawalsPage: (book: Book, page: number, pageSize: number) => ['wallet', book, 'withdrawals', { page, pageSize }] as const,
  statement: (book: Book) => ['wallet', book, 'statement'] as const,
  statementPage: (book: Book, page: number, pageSize: number) => ['wallet', book, 'statement', { page, pageSize }] as const,
  depositAddresses: (book: Book) => ['wallet', book, 'depositAddresses'] as const,
  withdrawalMethods: (book: Book) => ['wallet', book, 'withdrawalMethods'] as const,
};

/** The user's notifications (the bell) and sessions: they depend on neither language nor book. */
export const accountKeys = {
  all: ['account'] as const,
  notifications: () => ['account', 'notifications'] as const,
  notificationsPage: (page: number, pageSize: number) => ['account', 'notifications', { page, pageSize }] as const,
  sessions: () => ['account', 'sessions'] as const,
  documentAccess: (page: number) => ['account', 'documentAccess', page] as const,
};

/** Operator answers depend on neither book nor language; the whole 'admin' root is dropped on logout. */
export type QueueFilter = { status: RecordStatus | 'all'; page: number; pageSize: number };
export type PageFilter = { page: number; pageSize: number };
export const adminKeys = {
  all: ['admin'] as const,
  deposits: () => ['admin', 'deposits'] as const,
  depositsPage: (f: QueueFilter) => ['admin', 'deposits', f] as const,
  withdrawals: () => ['admin', 'withdrawals'] as const,
  withdrawalsPage: (f: QueueFilter) => ['admin', 'withdrawals', f] as const,
  proof: (depositId: string) => ['admin', 'proof', depositId] as const,
  addresses: () => ['admin', 'addresses'] as const,
  outbox: (f: PageFilter) => ['admin', 'outbox', f] as const,
  audit: (f: PageFilter) => ['admin', 'audit', f] as const,
  operators: () => ['admin', 'operators'] as const,
  operatorProposals: () => ['admin', 'operators', 'proposals'] as const,
};

/** Identity verification: the user's own under 'kyc' (dropped at logout), the operators' under 'admin'. */
export type KycQueueFilter = { status: AdminKyc['status'] | 'all'; page: number; pageSize: number };
export const kycKeys = {
  all: ['kyc'] as const,
  mine: () => ['kyc', 'mine'] as const,
  image: (url: string) => ['kyc', 'image', url] as const,
  admin: () => ['admin', 'kyc'] as const,
  adminPage: (f: KycQueueFilter) => ['admin', 'kyc', 'page', f] as const,
  adminDetail: (id: string) => ['admin', 'kyc', 'detail', id] as const,
};

/** Charity NFTs: names are the creators', amounts USDT, so the keys carry neither book nor language. */
export const nftKeys = {
  all: ['nfts'] as const,
  list: (filter: { status?: NftStatus; saleType?: NftSaleType }, page: number) => ['nfts', 'list', filter, page] as const,
  detail: (id: string) => ['nfts', 'detail', id] as const,
  mine: () => ['nfts', 'mine'] as const,
  donations: () => ['nfts', 'donations'] as const,
};

/** Smart plans: neither the products nor the plans (real book only) depend on book or language. */
export const smartKeys = {
  all: ['smart'] as const,
  products: () => ['smart', 'products'] as const,
  plans: () => ['smart', 'plans'] as const,
  plansPage: (page: number, pageSize: number) => ['smart', 'plans', { page, pageSize }] as const,
  // the operator's, under 'admin' so that logging out drops them with the rest of the console
  adminReserve: () => ['admin', 'smart', 'reserve'] as const,
  adminProducts: () => ['admin', 'smart', 'products'] as const,
  adminUsers: (q: string) => ['admin', 'smart', 'users', q] as const,
};
