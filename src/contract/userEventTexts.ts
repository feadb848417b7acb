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

/** Compiles only when `Kinds` names every kind of `Events`; else the error names the ones missing. */
type Every<Events, Kinds extends readonly (keyof Events)[]> = Kinds &
  ([Exclude<keyof Events, Kinds[number]>] extends [never] ? unknown : { missing: Exclude<keyof Events, Kinds[number]> });

/**
 * A domain's table where each key follows from its kind: `prefix` and the kind with its dots as
 * underscores (deposit.submitted → wallet.event.deposit_submitted) or, for `'rest'`, the kind after
 * its domain's word (nft.bid → nfts.event.bid).
 */
function toldBy<Events>(prefix: string, naming: 'whole' | 'rest') {
  return <const Kinds extends readonly (keyof Events & string)[]>(kinds: Every<Events, Kinds>) =>
    Object.fromEntries(
      (kinds as readonly string[]).map((kind) => [
        kind,
        prefix + (naming === 'whole' ? kind.replaceAll('.', '_') : kind.slice(kind.indexOf('.') + 1)),
      ]),
    ) as TextsOf<Events>;
}

export const WALLET_EVENT_TEXTS = toldBy<typeof WALLET_EVENTS>(
  'wallet.event.',
  'whole',
)([
  'deposit.submitted',
  'deposit.approved',
  'deposit.rejected',
  'withdrawal.submitted',
  'withdrawal.approved',
  'withdrawal.rejected',
  'withdrawal.queued',
  'withdrawal.waiting_funds',
  'withdrawal.sent',
  'withdrawal.confirming',
  'withdrawal.confirmed',
  'allowlist.address_added',
  'allowlist.turning_off',
]);

export const AUTH_EVENT_TEXTS = toldBy<typeof AUTH_EVENTS>(
  'wallet.event.',
  'whole',
)([
  'security.login',
  'security.password_changed',
  'security.password_reset',
  'security.google_linked',
  'security.two_factor_enabled',
  'security.two_factor_disabled',
  'security.passkey_added',
  'security.passkey_removed',
  'security.api_key_created',
  'security.api_key_new_ip',
  'security.api_key_revoked',
]);

export const SMART_EVENT_TEXTS = toldBy<typeof SMART_EVENTS>(
  'wallet.event.',
  'whole',
)(['smart.bought', 'smart.payout', 'smart.completed', 'smart.exited']);

/** order.closed is told with `wallet.event.order_closed_gross` when it carries no net result (older notifications). */
export const TRADING_EVENT_TEXTS = toldBy<typeof TRADING_EVENTS>(
  'wallet.event.',
  'whole',
)(['order.opened', 'order.closed', 'pending.refused', 'pending.expired']);

/** The chat's events have their own badge and screen: never a sentence in the bell or a toast. */
export const SUPPORT_EVENT_TEXTS = {
  'support.opened': null,
  'support.message': null,
  'support.closed': null,
} as const satisfies TextsOf<typeof SUPPORT_EVENTS>;

export const NFT_EVENT_TEXTS = toldBy<typeof NFT_EVENTS>(
  'nfts.event.',
  'rest',
)(['nft.bid', 'nft.outbid', 'nft.won', 'nft.bought']);

export const KYC_EVENT_TEXTS = toldBy<typeof KYC_EVENTS>('kyc.event.', 'rest')(['kyc.submitted', 'kyc.verified', 'kyc.rejected']);

export const LOAN_EVENT_TEXTS = toldBy<typeof LOAN_EVENTS>(
  'loan.event.',
  'rest',
)([
  'loan.submitted',
  'loan.approved',
  'loan.rejected',
  'loan.repayment',
  'loan.repaid',
  'loan.overdue',
  'loan.ltv_warning',
  'loan.margin_call',
  'loan.liquidated_partly',
  'loan.liquidated',
]);

export const ALERT_EVENT_TEXTS = {
  /** one sentence per alert kind under it: `alerts.event.above`, `.below`, `.move` */
  'alert.fired': 'alerts.event',
} as const satisfies TextsOf<typeof ALERT_EVENTS>;

export const CHAIN_EVENT_TEXTS = toldBy<typeof CHAIN_EVENTS>(
  'chain.event.',
  'rest',
)([
  'chain.deposit_seen',
  'chain.deposit_confirming',
  'chain.deposit_credited',
  'chain.deposit_dropped',
  'chain.deposit_below_minimum',
]);

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
