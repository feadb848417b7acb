import { call } from './api.ts';
import type { Balances, DepositPage, NotificationPage, WithdrawalPage } from './types.ts';

const U = '/swx/customer/user';
export const walletApi = {
  balances: (signal?: AbortSignal) => call<Balances>(`${U}/balances`, { signal }),
  deposits: (q: { pageNum?: number; pageSize?: number }, signal?: AbortSignal) => call<DepositPage>(`${U}/listRecharge`, { query: q, signal }),
  withdrawals: (q: { pageNum?: number; pageSize?: number }, signal?: AbortSignal) =>
    call<WithdrawalPage>(`${U}/listWithdrwal`, { query: q, signal }),
  notifications: (q: { pageNum?: number; pageSize?: number }, signal?: AbortSignal) =>
    call<NotificationPage>(`${U}/listNotifications`, { query: q, signal }),
  readAll: (signal?: AbortSignal) => call<{ updated: number; unread: number }>(`${U}/readNotifications`, { method: 'POST', body: { all: true }, signal }),
};
