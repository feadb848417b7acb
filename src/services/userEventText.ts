import { i18n } from '../i18n/index.ts';
import type { UserEvent } from '../machines/userEvents.ts';

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
export function userEventTone(e: Pick<UserEvent, 'kind' | 'params'>): 'up' | 'down' | 'flat' | null {
  if (e.kind !== 'order.closed' || typeof e.params.net !== 'string') return null;
  const s = signedAmount(e.params.net);
  return s.startsWith('+') ? 'up' : s.startsWith('\u2212') ? 'down' : 'flat';
}

/** The translation key of an event; a closed order told before it carried its net result says its figure is before fees. */
function keyOf(e: Pick<UserEvent, 'kind' | 'params'>): string {
  if (e.kind === 'order.closed' && typeof e.params.net !== 'string') return 'app:wallet.event.order_closed_gross';
  // price alerts: one sentence per alert kind (above, below, move)
  if (e.kind === 'alert.fired') return `app:alerts.event.${text(e.params.kind)}`;
  return e.kind.startsWith('loan.') ? `app:loan.event.${e.kind.slice(5)}`
    : e.kind.startsWith('nft.') ? `app:nfts.event.${e.kind.slice(4)}`
    : e.kind.startsWith('kyc.') ? `app:kyc.event.${e.kind.slice(4)}`
    : `app:wallet.event.${e.kind.replace('.', '_')}`;
}

/**
 * A user event or notification in the user's language: the translated kind with its parameters
 * (amount, coin, the operator's reason). Unknown kinds fall back to a generic line.
 */
export function userEventText(e: Pick<UserEvent, 'kind' | 'params'>): string {
  // loans, charity NFTs and identity verification keep their texts under their own namespaces (app:loan.event.*, app:nfts.event.*, app:kyc.event.*)
  const key = keyOf(e);
  const params = {
    amount: trimDecimal(text(e.params.amount)),
    receiveAmount: trimDecimal(text(e.params.receiveAmount)),
    coin: text(e.params.coin),
    reason: text(e.params.reason),
    // smart plans
    productName: text(e.params.productName),
    day: text(e.params.day),
    days: text(e.params.days),
    penalty: trimDecimal(text(e.params.penalty)),
    refund: trimDecimal(text(e.params.refund)),
    // options orders (order.opened / order.closed): the instrument, size, side and result
    code: text(e.params.code),
    orderNo: text(e.params.orderNo),
    lots: trimDecimal(text(e.params.lots)),
    direction: e.params.direction === 'up' || e.params.direction === 'down' ? i18n.t(`app:orders.dir.${e.params.direction}`) : '',
    price: text(e.params.closePrice ?? e.params.openPrice ?? e.params.price),
    // the pnl before fees, and the result after both (what the sentence states as the outcome), signed
    profit: signedAmount(text(e.params.profit)),
    net: signedAmount(text(e.params.net)),
    // charity NFTs: the NFT's name
    name: text(e.params.name),
    closeReason: typeof e.params.closeReason === 'string' ? i18n.t(`app:orders.reason.${e.params.closeReason}`) : '',
    // loans: the LTV as a percentage, the collateral and what a liquidation sold and returned
    ltv: typeof e.params.ltv === 'string' ? trimDecimal((Number(e.params.ltv) * 100).toFixed(2)) : '',
    collateralAsset: text(e.params.collateralAsset),
    collateralAmount: trimDecimal(text(e.params.collateralAmount)),
    sold: trimDecimal(text(e.params.sold)),
    returned: trimDecimal(text(e.params.returned)),
    debt: trimDecimal(text(e.params.debt)),
    id: text(e.params.id),
    // the withdrawal allowlist: the address saved and its network
    address: text(e.params.address),
    network: text(e.params.network),
    // price alerts: the alert's level or percent, and the instrument's 24-hour move when it fired
    value: trimDecimal(text(e.params.value)),
    move: text(e.params.move),
    // pending entry orders (pending.refused): why, in the user's language, from the catalogue code
    refusal: typeof e.params.refusedCode === 'number' ? i18n.t(`errors:${e.params.refusedCode}`) : '',
    entryKind: e.params.entryKind === 'limit' || e.params.entryKind === 'stop' ? i18n.t(`app:orders.pending.kindShort.${e.params.entryKind}`) : '',
  };
  return i18n.exists(key) ? i18n.t(key, params) : i18n.t('app:wallet.event.other');
}
