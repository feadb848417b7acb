import type { QueryKey } from '@tanstack/react-query';
import { accountKeys, walletKeys } from './keys.ts';

/**
 * What several domains' events make stale (each domain's changes.ts, listed by its manifest): the
 * bell, and the real book's money. Deposits and withdrawals move the real book only.
 */
export const real = 'real' as const;
export const notifications = (): QueryKey => accountKeys.notifications();
/** What moves the real book's money: its balances, statement and what can be withdrawn. */
export const realMoney = (): QueryKey[] => [
  walletKeys.balances(real),
  walletKeys.statement(real),
  walletKeys.withdrawalMethods(real),
];
/** A deposit claim waits for review (wallet) or is seen on the chain (chain): only the records list changes. */
export const depositClaim = (): QueryKey[] => [walletKeys.deposits(real), notifications()];
/** A deposit credited (approved, or confirmed on the chain): its record and the real book's money. */
export const depositCredited = (): QueryKey[] => [walletKeys.deposits(real), ...realMoney(), notifications()];
/** Anything else: the whole real book, and the bell. A kind this build does not know changes this. */
export const realBook = (): QueryKey[] => [walletKeys.book(real), notifications()];
