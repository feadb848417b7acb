import { describe, expect, it } from 'vitest';
import type { InstrumentType } from '../../../src/contract/market.ts';
import { Err } from '../../../src/contract/errors.ts';
import { filterQuotes, findQuote, pageOf } from '../../../server/market/quotes/list.ts';
import type { LiveQuote } from '../../../server/market/quotes/state.ts';
import { DEFAULT_CANDLES, MAX_CANDLES, candleQueryOf } from '../../../server/market/candles/range.ts';

const quote = (code: string, base: string, name: string, type: InstrumentType): LiveQuote => ({
  info: {
    id: 1,
    code,
    type,
    base,
    quote: 'USD',
    name,
    pricePrecision: 2,
    quantityStep: '1',
    hours: 'always',
    source: 'simulated',
    volatility: 0.1,
    dailyTurnover: 1,
    sortOrder: 0,
    seed: 's',
    anchorAt: 0,
    anchorPrice: 1,
  },
  price: 1,
  time: 0,
  priceAt: 0,
  seenAt: 0,
  change24hPct: 0,
});
const list = [
  quote('BTCUSDT', 'BTC', 'Bitcoin', 'crypto'),
  quote('ETHUSDT', 'ETH', 'Ethereum', 'crypto'),
  quote('AAPL', 'AAPL', 'Apple Inc.', 'stock'),
  quote('EURUSD', 'EUR', 'Euro / US Dollar', 'forex'),
];
const codes = (qs: LiveQuote[]) => qs.map((q) => q.info.code);

describe('market list filter', () => {
  it('keeps catalogue order and narrows by type', () => {
    expect(codes(filterQuotes(list, {}))).toEqual(['BTCUSDT', 'ETHUSDT', 'AAPL', 'EURUSD']);
    expect(codes(filterQuotes(list, { type: 'crypto' }))).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  it('searches the start of code or base and any part of the name, case-insensitively', () => {
    expect(codes(filterQuotes(list, { search: 'eth' }))).toEqual(['ETHUSDT']); // code prefix
    expect(codes(filterQuotes(list, { search: 'eur' }))).toEqual(['EURUSD']); // base prefix
    expect(codes(filterQuotes(list, { search: 'DOLLAR' }))).toEqual(['EURUSD']); // name substring
    expect(codes(filterQuotes(list, { search: 'usdt' }))).toEqual([]); // not a prefix of any code or base, in no name
    expect(codes(filterQuotes(list, { search: 'apple', type: 'crypto' }))).toEqual([]);
    expect(codes(filterQuotes(list, { search: '   ' }))).toHaveLength(list.length); // blank is no search
  });

  it('finds what an instrument page names: exact code, then id, then a base code within the type, USDT before USD', () => {
    const at = (q: LiveQuote, id: number, quoteCcy: string): LiveQuote => ({ ...q, info: { ...q.info, id, quote: quoteCcy } });
    const more = [
      at(quote('EURJPY', 'EUR', 'Euro / Yen', 'forex'), 10, 'JPY'),
      at(quote('EURUSD', 'EUR', 'Euro / US Dollar', 'forex'), 11, 'USD'),
      at(quote('BTCUSDT', 'BTC', 'Bitcoin', 'crypto'), 12, 'USDT'),
      at(quote('BTCUSD', 'BTC', 'Bitcoin futures', 'futures'), 13, 'USD'),
    ];
    const find = (q: Parameters<typeof findQuote>[1]) => findQuote(more, q)?.info.code;
    expect(find({ code: 'eurjpy' })).toBe('EURJPY');
    expect(find({ code: 'EURJPY', id: '12' })).toBe('EURJPY');
    expect(find({ id: '13' })).toBe('BTCUSD');
    expect(find({ code: 'EUR' })).toBe('EURUSD'); // USD before the first listed
    expect(find({ code: 'BTC' })).toBe('BTCUSDT'); // USDT first
    expect(find({ code: 'BTC', type: 'futures' })).toBe('BTCUSD');
    expect(find({ code: 'BTC', type: 'stock' })).toBeUndefined();
    expect(find({ id: '99' })).toBeUndefined();
    expect(find({})).toBeUndefined();
  });

  it('pages from 1; a page past the end is empty', () => {
    expect(pageOf([1, 2, 3, 4, 5], 1, 2)).toEqual([1, 2]);
    expect(pageOf([1, 2, 3, 4, 5], 3, 2)).toEqual([5]);
    expect(pageOf([1, 2, 3, 4, 5], 4, 2)).toEqual([]);
    expect(pageOf(Array.from({ length: 30 }, (_, i) => i))).toHaveLength(20); // default page size
  });
});

describe('kline window', () => {
  const now = Date.parse('2025-07-09T15:00:00Z');

  it('defaults to the newest DEFAULT_CANDLES one-minute candles', () => {
    expect(candleQueryOf({}, now)).toEqual({ interval: '1m', from: undefined, to: undefined, limit: DEFAULT_CANDLES });
  });

  it('a start without a limit returns the whole range up to MAX_CANDLES', () => {
    const from = '2025-07-09T14:00:00Z';
    expect(candleQueryOf({ from, to: '2025-07-09T14:59:00Z' }, now).limit).toBe(60);
    expect(candleQueryOf({ from }, now).limit).toBe(61); // to defaults to now
    expect(candleQueryOf({ from: '2025-01-01T00:00:00Z' }, now).limit).toBe(MAX_CANDLES);
    expect(candleQueryOf({ from, interval: '1h' }, now).limit).toBe(2);
  });

  it('an explicit limit wins; from after to is MALFORMED_REQUEST', () => {
    expect(candleQueryOf({ from: '2025-07-09T14:00:00Z', limit: 5 }, now).limit).toBe(5);
    expect(() => candleQueryOf({ from: '2025-07-02T00:00:00Z', to: '2025-07-01T00:00:00Z' }, now)).toThrow(
      expect.objectContaining({ code: Err.MALFORMED_REQUEST }),
    );
  });
});
