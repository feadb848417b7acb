import { Err } from '../../../src/contract/errors.ts';
import { INTERVAL_MS, type KLineQuery } from '../../../src/contract/market.ts';
import { BizError } from '../../platform/http/errors.ts';
import type { CandleQuery } from './candles.ts';

/** Candles returned when the request names neither a limit nor a start. */
export const DEFAULT_CANDLES = 300;
/** Most candles one request returns (the contract's `limit` maximum). */
export const MAX_CANDLES = 1500;

/**
 * The candle window a kline request asks for. Without `limit`: the `DEFAULT_CANDLES` newest, or,
 * with `from`, the whole from..to range up to `MAX_CANDLES`. Refuses 10030 when `from` is after `to`.
 */
export function candleQueryOf(q: Omit<KLineQuery, 'code'>, now: number): CandleQuery {
  const from = q.from ? Date.parse(q.from) : undefined;
  const to = q.to ? Date.parse(q.to) : undefined;
  if (from !== undefined && to !== undefined && from > to) {
    throw new BizError(Err.MALFORMED_REQUEST, { detail: 'querystring: from is after to' });
  }
  const interval = q.interval ?? '1m';
  const limit =
    q.limit ??
    (from !== undefined ? Math.min(MAX_CANDLES, Math.ceil(((to ?? now) - from) / INTERVAL_MS[interval]) + 1) : DEFAULT_CANDLES);
  return { interval, from, to, limit: Math.max(1, limit) };
}
