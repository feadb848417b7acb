import { expect, it } from 'vitest';
import { body, useTestApp } from '../helpers.ts';

/**
 * With FEED=exchange only crypto comes from the exchange: stocks, forex and futures are still
 * simulated, and their volume is part of the home page's 24h volume. The figure must then carry
 * the simulated label, as the websocket meta and marketStats already say.
 */
const t = useTestApp({ feed: { kind: 'exchange', staleAfterMs: 30_000 } });

it('labels the home figures simulated while any listed price is simulated', async () => {
  const stats = body<{ source: string }>(await t.app.inject({ method: 'GET', url: '/swx/customer/index/marketStats' })).result!;
  expect(stats.source).toBe('simulated');
  expect(t.app.market.state.list.some((q) => q.info.source === 'simulated')).toBe(true);
  const figures = body<{ simulatedPrices: boolean }>(
    await t.app.inject({ method: 'GET', url: '/swx/customer/index/homeFigures' }),
  ).result!;
  expect(figures.simulatedPrices).toBe(true);
});
