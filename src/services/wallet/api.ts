import type { Book } from '../../contract/constants.ts';
import { call, download } from '../platform/api.ts';
import type { DepositValues } from '../../machines/wallet/depositForm.ts';
import type { WithdrawalValues } from '../../machines/wallet/withdrawalForm.ts';
import type {
  Balances,
  Deposit,
  DepositAddressList,
  DepositPage,
  NotificationPage,
  StatementEventPage,
  StatementPage,
  Withdrawal,
  WithdrawalMethods,
  WithdrawalPage,
} from '../platform/types.ts';

const U = '/swx/customer/user';
type PageQ = { pageNum?: number; pageSize?: number };
export type StatementFilter = PageQ & { asset?: 'USDT' | 'BTC' | 'ETH' };

/**
 * Wallet calls. Reads take the book they are for (it travels as the `virtually` header), so a
 * query's answer matches the book in its key; the real-book-only reads are refused (10033) in
 * the demo book. Writes go with the book now selected.
 */
type BookScope = { book: Book };
export const walletApi = {
  balances: ({ book }: BookScope, signal?: AbortSignal) => call<Balances>(`${U}/balances`, { signal, scope: { book } }),
  deposits: ({ book }: BookScope, q: PageQ, signal?: AbortSignal) =>
    call<DepositPage>(`${U}/listRecharge`, { query: q, signal, scope: { book } }),
  withdrawals: ({ book }: BookScope, q: PageQ, signal?: AbortSignal) =>
    call<WithdrawalPage>(`${U}/listWithdrwal`, { query: q, signal, scope: { book } }),
  depositAddresses: ({ book }: BookScope, signal?: AbortSignal) =>
    call<DepositAddressList>(`${U}/depositAddresses`, { signal, scope: { book } }),
  /** multipart: the text fields and the proof image (the browser sets the boundary) */
  recharge: (v: DepositValues, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('amount', v.amount.trim());
    form.append('coin', v.coin);
    form.append('network', v.network);
    form.append('txHash', v.txHash.trim());
    form.append('proofLast6', v.proofLast6.trim());
    if (v.proof) form.append('proof', v.proof as unknown as Blob, v.proof.name);
    return call<Deposit>(`${U}/recharge`, { method: 'POST', body: form, signal });
  },
  withdrawalMethods: ({ book }: BookScope, signal?: AbortSignal) =>
    call<WithdrawalMethods>(`${U}/withdrawalMethods`, { signal, scope: { book } }),
  /** `clientKey`: a retry with the same key returns the first withdrawal (docs/wallet.md) */
  withdraw: (v: WithdrawalValues, clientKey: string, signal?: AbortSignal) =>
    call<Withdrawal>(`${U}/withdrawal`, {
      method: 'POST',
      body: { method: v.method, address: v.address.trim(), amount: v.amount.trim(), clientKey },
      signal,
    }),
  statement: ({ book }: BookScope, q: StatementFilter, signal?: AbortSignal) =>
    call<StatementPage>(`${U}/statement`, { query: q, signal, scope: { book } }),
  /** the CSV with the token header: a blob the screen saves */
  statementEvents: ({ book }: BookScope, q: StatementFilter, signal?: AbortSignal) =>
    call<StatementEventPage>(`${U}/statement/events`, { query: q, signal, scope: { book } }),
  statementCsv: ({ book }: BookScope, q: Omit<StatementFilter, 'pageNum' | 'pageSize'>, signal?: AbortSignal) =>
    download(`${U}/statement.csv`, { query: q, signal, scope: { book } }),
  resetDemo: (signal?: AbortSignal) => call<Balances>(`${U}/resetDemo`, { method: 'POST', body: {}, signal }),
  notifications: (q: PageQ & { unreadOnly?: boolean }, signal?: AbortSignal) =>
    call<NotificationPage>(`${U}/listNotifications`, { query: q, signal }),
  /** the bell's count (one row fetched, the count is what matters) */
  unreadCount: (signal?: AbortSignal) =>
    call<NotificationPage>(`${U}/listNotifications`, { query: { pageSize: 1 }, signal }).then((p) => p.unread),
  readAll: (signal?: AbortSignal) =>
    call<{ updated: number; unread: number }>(`${U}/readNotifications`, { method: 'POST', body: { all: true }, signal }),
  read: (ids: string[], signal?: AbortSignal) =>
    call<{ updated: number; unread: number }>(`${U}/readNotifications`, { method: 'POST', body: { ids }, signal }),
};
