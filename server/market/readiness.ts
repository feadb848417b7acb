import type { CheckResult } from '../platform/ops/readiness.ts';
import type { MarketService } from './service.ts';

/**
 * The feed is fresh unless every instrument whose market is open has gone without a price for
 * feed.staleAfterMs (FEED_STALE_MS): one quiet instrument (an exchange pausing a pair) leaves the
 * instance ready, a silent feed does not. Followers hear the leader's prices over the bus, so the
 * same check tells them the fan-out works.
 */
export function feedFreshness(market: MarketService): CheckResult {
  if (!market.feedExpected) return { ok: true, detail: 'no feed expected (engines off)' };
  const now = market.now();
  const open = market.state.list.filter((q) => market.isOpen(q, now));
  if (open.length === 0) return { ok: true, detail: 'every market is closed' };
  const stale = open.filter((q) => market.isStale(q, now)).length;
  return stale < open.length
    ? { ok: true, detail: `${stale} of ${open.length} open instruments stale` }
    : { ok: false, detail: `no price for ${market.staleAfterMs / 1000} s on any of the ${open.length} open instruments` };
}
