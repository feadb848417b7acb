import { describe, expect, it } from 'vitest';
import {
  marketDetailFromWire,
  marketDetailToWire,
  marketPageFromWire,
  marketPageToWire,
  marketRowFromWire,
  marketRowToWire,
  quoteFromWire,
  quoteToWire,
  type MarketDetail,
  type MarketRow,
  type Quote,
} from '../../../src/contract/market.ts';
import {
  staleFromWire,
  staleToWire,
  tickFromWire,
  tickToWire,
  ticksFromWire,
  type WsMeta,
  type WsTick,
} from '../../../src/contract/ws.ts';

const row: MarketRow = {
  code: 'BTCUSDT',
  type: 'crypto',
  id: '1',
  logo: '/swx/customer/index/logo/BTCUSDT.svg',
  appName: 'Bitcoin',
  price: '50000.00',
  change24hPct: -1.25,
  sparkline: [49000, 49500, 50000],
  nowPrice: '50000.00',
  source: 'simulated',
  stale: false,
  marketOpen: true,
  pricePrecision: 2,
  quantityStep: '0.0001',
};

describe('market names at the boundary', () => {
  it('a market row goes out as zdf/hundred and comes back unchanged', () => {
    const wire = marketRowToWire(row);
    expect(wire.zdf).toBe(-1.25);
    expect(wire.hundred).toEqual([49000, 49500, 50000]);
    expect(wire).not.toHaveProperty('change24hPct');
    expect(wire).not.toHaveProperty('sparkline');
    expect(marketRowFromWire(wire)).toEqual(row);
  });

  it('a page converts every row and keeps the total', () => {
    const wire = marketPageToWire({ rows: [row, { ...row, code: 'ETHUSDT', change24hPct: 3 }], total: 7 });
    expect(wire.rows.map((r) => [r.code, r.zdf])).toEqual([
      ['BTCUSDT', -1.25],
      ['ETHUSDT', 3],
    ]);
    expect(wire.total).toBe(7);
    expect(marketPageFromWire(wire).rows[1].change24hPct).toBe(3);
  });

  it('a detail and a price quote carry the change as zdf', () => {
    const detail: MarketDetail = {
      code: 'AAPL',
      type: 'stock',
      id: '9',
      appName: 'Apple',
      logo: '/l',
      price: '200.00',
      change: '2.00',
      change24hPct: 1.01,
      open: '198.00',
      high: '201.00',
      low: '197.50',
      volume: '10.0000',
      quoteVolume: '2000.00',
      source: 'simulated',
      stale: false,
      marketOpen: true,
      tradable: true,
      pricePrecision: 2,
      quantityStep: '1',
      time: '2025-07-09T15:00:00.000Z',
    };
    expect(marketDetailToWire(detail)).toMatchObject({ zdf: 1.01, change: '2.00' });
    expect(marketDetailFromWire(marketDetailToWire(detail))).toEqual(detail);
    const quote: Quote = {
      code: 'ETHUSDT',
      price: '3000.10',
      change24hPct: -0.5,
      source: 'exchange',
      stale: true,
      time: '2025-07-09T15:00:00.000Z',
    };
    expect(quoteToWire(quote)).toEqual({
      code: 'ETHUSDT',
      price: '3000.10',
      zdf: -0.5,
      source: 'exchange',
      stale: true,
      time: '2025-07-09T15:00:00.000Z',
    });
    expect(quoteFromWire(quoteToWire(quote))).toEqual(quote);
  });

  it('a websocket tick is exactly {code, price, zdf} on the wire', () => {
    const wire = tickToWire({ code: 'EURUSD', price: '1.08123', change24hPct: 0.12 });
    expect(wire).toEqual({ code: 'EURUSD', price: '1.08123', zdf: 0.12 });
    expect(Object.keys(wire).sort()).toEqual(['code', 'price', 'zdf']);
    expect(tickFromWire(wire)).toEqual({ code: 'EURUSD', price: '1.08123', change24hPct: 0.12 });
  });

  it('a prices frame leaves out entries that are not objects', () => {
    const frame = [{ code: 'X', price: '1', zdf: 2 }, null, 5] as unknown as WsTick[];
    expect(ticksFromWire(frame)).toEqual([{ code: 'X', price: '1', change24hPct: 2 }]);
  });

  it('a meta frame with stale codes holds no "[" (the published client would take it for a market list) and reads back', () => {
    const meta: WsMeta = {
      type: 'meta',
      simulated: false,
      source: 'exchange',
      stale: staleToWire(['DOGEUSDT', 'EURUSD']),
      serverTime: '2025-07-09T15:00:00.000Z',
    };
    const frame = JSON.stringify(meta);
    expect(frame).not.toContain('[');
    expect(staleFromWire(JSON.parse(frame).stale)).toEqual(['DOGEUSDT', 'EURUSD']);
    expect(JSON.stringify(staleToWire([]))).toBe('{}');
    // anything but an object is no stale code
    expect(staleFromWire(['AAPL'])).toEqual([]);
    expect(staleFromWire('AAPL')).toEqual([]);
    expect(staleFromWire(null)).toEqual([]);
  });
});
