/**
 * How the app tells each user event (src/contract/userEvents.ts): every kind of every domain with
 * the key of its sentence in the app texts (src/locales/<lng>/app.json), filled with the event's
 * parameters by src/services/userEventText.ts. Each domain's table is named by its manifest
 * (server/<domain>/manifest.ts) as its events; a table that misses a kind of its domain, or names
 * one it does not have, is a compile error.
 *
 * Only strings: the browser loads this with the first event it tells; the schemas stay in
 * userEvents.ts, which the browser reads for its types only.
 */
import type {
  ALERT_EVENTS,
  AUTH_EVENTS,
  CHAIN_EVENTS,
  KYC_EVENTS,
  LOAN_EVENTS,
  NFT_EVENTS,
  SMART_EVENTS,
  SUPPORT_EVENTS,
  TRADING_EVENTS,
  UserEventKind,
  WALLET_EVENTS,
} from './userEvents.ts';

/** A sentence's key, or null for a kind that is never told (the chat's). */
type TextsOf<Events> = { readonly [K in keyof Events]: string | null };

export const WALLET_EVENT_TEXTS = {
  'deposit.submitted': 'wallet.event.deposit_submitted',
  'deposit.approved': 'wallet.event.deposit_approved',
  'deposit.rejected': 'wallet.event.deposit_rejected',
  'withdrawal.submitted': 'wallet.event.withdrawal_submitted',
  'withdrawal.approved': 'wallet.event.withdrawal_approved',
  'withdrawal.rejected': 'wallet.event.withdrawal_rejected',
  'withdrawal.queued': 'wallet.event.withdrawal_queued',
  'withdrawal.waiting_funds': 'wallet.event.withdrawal_waiting_funds',
  'withdrawal.sent': 'wallet.event.withdrawal_sent',
  'withdrawal.confirming': 'wallet.event.withdrawal_confirming',
  'withdrawal.confirmed': 'wallet.event.withdrawal_confirmed',
  'allowlist.address_added': 'wallet.event.allowlist_address_added',
  'allowlist.turning_off': 'wallet.event.allowlist_turning_off',
} as const satisfies TextsOf<typeof WALLET_EVENTS>;

export const AUTH_EVENT_TEXTS = {
  'security.login': 'wallet.event.security_login',
  'security.password_changed': 'wallet.event.security_password_changed',
  'security.password_reset': 'wallet.event.security_password_reset',
  'security.google_linked': 'wallet.event.security_google_linked',
  'security.two_factor_enabled': 'wallet.event.security_two_factor_enabled',
  'security.two_factor_disabled': 'wallet.event.security_two_factor_disabled',
  'security.passkey_added': 'wallet.event.security_passkey_added',
  'security.passkey_removed': 'wallet.event.security_passkey_removed',
  'security.api_key_created': 'wallet.event.security_api_key_created',
  'security.api_key_new_ip': 'wallet.event.security_api_key_new_ip',
  'security.api_key_revoked': 'wallet.event.security_api_key_revoked',
} as const satisfies TextsOf<typeof AUTH_EVENTS>;

export const SMART_EVENT_TEXTS = {
  'smart.bought': 'wallet.event.smart_bought',
  'smart.payout': 'wallet.event.smart_payout',
  'smart.completed': 'wallet.event.smart_completed',
  'smart.exited': 'wallet.event.smart_exited',
} as const satisfies TextsOf<typeof SMART_EVENTS>;

export const TRADING_EVENT_TEXTS = {
  'order.opened': 'wallet.event.order_opened',
  /** told with `wallet.event.order_closed_gross` when it carries no net result (older notifications) */
  'order.closed': 'wallet.event.order_closed',
  'pending.refused': 'wallet.event.pending_refused',
  'pending.expired': 'wallet.event.pending_expired',
} as const satisfies TextsOf<typeof TRADING_EVENTS>;

/** The chat's events have their own badge and screen: never a sentence in the bell or a toast. */
export const SUPPORT_EVENT_TEXTS = {
  'support.opened': null,
  'support.message': null,
  'support.closed': null,
} as const satisfies TextsOf<typeof SUPPORT_EVENTS>;

export const NFT_EVENT_TEXTS = {
  'nft.bid': 'nfts.event.bid',
  'nft.outbid': 'nfts.event.outbid',
  'nft.won': 'nfts.event.won',
  'nft.bought': 'nfts.event.bought',
} as const satisfies TextsOf<typeof NFT_EVENTS>;

export const KYC_EVENT_TEXTS = {
  'kyc.submitted': 'kyc.event.submitted',
  'kyc.verified': 'kyc.event.verified',
  'kyc.rejected': 'kyc.event.rejected',
} as const satisfies TextsOf<typeof KYC_EVENTS>;

export const LOAN_EVENT_TEXTS = {
  'loan.submitted': 'loan.event.submitted',
  'loan.approved': 'loan.event.approved',
  'loan.rejected': 'loan.event.rejected',
  'loan.repayment': 'loan.event.repayment',
  'loan.repaid': 'loan.event.repaid',
  'loan.overdue': 'loan.event.overdue',
  'loan.ltv_warning': 'loan.event.ltv_warning',
  'loan.margin_call': 'loan.event.margin_call',
  'loan.liquidated_partly': 'loan.event.liquidated_partly',
  'loan.liquidated': 'loan.event.liquidated',
} as const satisfies TextsOf<typeof LOAN_EVENTS>;

export const ALERT_EVENT_TEXTS = {
  /** one sentence per alert kind under it: `alerts.event.above`, `.below`, `.move` */
  'alert.fired': 'alerts.event',
} as const satisfies TextsOf<typeof ALERT_EVENTS>;

export const CHAIN_EVENT_TEXTS = {
  'chain.deposit_seen': 'chain.event.deposit_seen',
  'chain.deposit_confirming': 'chain.event.deposit_confirming',
  'chain.deposit_credited': 'chain.event.deposit_credited',
  'chain.deposit_dropped': 'chain.event.deposit_dropped',
  'chain.deposit_below_minimum': 'chain.event.deposit_below_minimum',
} as const satisfies TextsOf<typeof CHAIN_EVENTS>;

/** Every kind's sentence. */
export const USER_EVENT_TEXTS: { readonly [K in UserEventKind]: string | null } = {
  ...WALLET_EVENT_TEXTS,
  ...AUTH_EVENT_TEXTS,
  ...SMART_EVENT_TEXTS,
  ...TRADING_EVENT_TEXTS,
  ...SUPPORT_EVENT_TEXTS,
  ...NFT_EVENT_TEXTS,
  ...KYC_EVENT_TEXTS,
  ...LOAN_EVENT_TEXTS,
  ...ALERT_EVENT_TEXTS,
  ...CHAIN_EVENT_TEXTS,
};
