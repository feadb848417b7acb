import type { OrderInput } from '../../contract/optionsMath.ts';

/** A level field as sent: trimmed, or null when left blank. */
export const levelOf = (s: string | null | undefined) => (s == null || s.trim() === '' ? null : s.trim());

/** What a market order's and a pending order's bodies share: the instrument and the order's terms. */
export const orderTermsOf = (product: { code: string }, order: OrderInput) => ({
  code: product.code,
  direction: order.direction,
  lots: order.lots.trim(),
  leverage: order.leverage,
  period: order.period,
});
