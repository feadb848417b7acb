import { USER_EVENT_TEXTS } from '../../contract/userEventTexts.ts';
import type { UserEvent } from '../../contract/userEvents.ts';
import { i18n } from '../../i18n/index.ts';

/** "150.500000" → "150.5": trailing zeros of a decimal string go, the digits stay exact. */
export function trimDecimal(v: string): string {
  return v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v;
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** A signed amount for a sentence: "+0.65", "−2.72" (one minus sign, U+2212), "0"; the digits exact. */
export function signedAmount(v: string): string {
  const trimmed = trimDecimal(v.replace(/^[-+]/, ''));
  const negative = v.startsWith('-') && /[1-9]/.test(trimmed);
  const positive = !v.startsWith('-') && /[1-9]/.test(trimmed);
  return `${negative ? '\u2212' : positive ? '+' : ''}${trimmed}`;
}

/**
 * The sign of what an event states as its outcome, for its colour: an options position's result
 * after both fees (order.closed); null for events that state no gain or loss.
 */
export function userEventTone(e: UserEvent): 'up' | 'down' | 'flat' | null {
  if (e.kind !== 'order.closed' || typeof e.params.net !== 'string') return null;
  const s = signedAmount(e.params.net);
  return s.startsWith('+') ? 'up' : s.startsWith('\u2212') ? 'down' : 'flat';
}

/** The translation key of an event (src/contract/userEventTexts.ts), or null for one that is never told or unknown to this build. */
function keyOf(e: UserEvent): string | null {
  switch (e.kind) {
    // a closed order told before it carried its net result says its figure is before fees
    case 'order.closed':
      return typeof e.params.net === 'string' ? USER_EVENT_TEXTS[e.kind] : 'wallet.event.order_closed_gross';
    // price alerts: one sentence per alert kind (above, below, move)
    case 'alert.fired':
      return `${USER_EVENT_TEXTS[e.kind]}.${text(e.params.kind)}`;
    default:
      return Object.hasOwn(USER_EVENT_TEXTS, e.kind) ? USER_EVENT_TEXTS[e.kind] : null;
  }
}

/**
 * A user event or notification in the user's language: the translated kind with its parameters
 * (amount, coin, the operator's reason). Unknown kinds fall back to a generic line.
 */
export function userEventText(e: UserEvent): string {
  const key = keyOf(e);
  // the parameters as sent (a notification may be older than a field): each read defensively
  const p: Record<string, unknown> = e.params;
  const params = {
    amount: trimDecimal(text(p.amount)),
    receiveAmount: trimDecimal(text(p.receiveAmount)),
    coin: text(p.coin),
    reason: text(p.reason),
    // smart plans
    productName: text(p.productName),
    day: text(p.day),
    days: text(p.days),
    penalty: trimDecimal(text(p.penalty)),
    refund: trimDecimal(text(p.refund)),
    // options orders (order.opened / order.closed): the instrument, size, side and result
    code: text(p.code),
    orderNo: text(p.orderNo),
    lots: trimDecimal(text(p.lots)),
    direction: p.direction === 'up' || p.direction === 'down' ? i18n.t(`app:orders.dir.${p.direction}`) : '',
    price: text(p.closePrice ?? p.openPrice ?? p.price),
    // the pnl before fees, and the result after both (what the sentence states as the outcome), signed
    profit: signedAmount(text(p.profit)),
    net: signedAmount(text(p.net)),
    // charity NFTs: the NFT's name
    name: text(p.name),
    closeReason: typeof p.closeReason === 'string' ? i18n.t(`app:orders.reason.${p.closeReason}`) : '',
    // loans: the LTV as a percentage, the collateral and what a liquidation sold and returned
    ltv: typeof p.ltv === 'string' ? trimDecimal((Number(p.ltv) * 100).toFixed(2)) : '',
    collateralAsset: text(p.collateralAsset),
    collateralAmount: trimDecimal(text(p.collateralAmount)),
    sold: trimDecimal(text(p.sold)),
    returned: trimDecimal(text(p.returned)),
    debt: trimDecimal(text(p.debt)),
    id: text(p.id),
    // the withdrawal allowlist: the address saved and its network
    address: text(p.address),
    network: text(p.network),
    // security events: the address a sign-in or an API key's use came from
    ip: text(p.ip),
    // price alerts: the alert's level or percent, and the instrument's 24-hour move when it fired
    value: trimDecimal(text(p.value)),
    // deposits from the chain: "confirming k/N", and the coin's minimum a deposit fell below
    confirmations: text(p.confirmations),
    required: text(p.required),
    minAmount: trimDecimal(text(p.minAmount)),
    move: text(p.move),
    // pending entry orders (pending.refused): why, in the user's language, from the catalogue code
    refusal: typeof p.refusedCode === 'number' ? i18n.t(`errors:${p.refusedCode}`) : '',
    entryKind: p.entryKind === 'limit' || p.entryKind === 'stop' ? i18n.t(`app:orders.pending.kindShort.${p.entryKind}`) : '',
  };
  return key !== null && i18n.exists(`app:${key}`) ? i18n.t(`app:${key}`, params) : i18n.t('app:wallet.event.other');
}
