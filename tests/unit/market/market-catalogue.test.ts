import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, cryptoPrecision, cryptoQuantityStep } from '../../../server/market/catalogue/index.ts';
import { isOpenAt, newYorkClock } from '../../../server/market/hours/hours.ts';
import { generatedLogo, LOGO_MAX_WIRE_BYTES, logoSvg } from '../../../server/market/quotes/logo.ts';

const count = (type: string) => CATALOGUE.filter((e) => e.type === type).length;

describe('instrument catalogue', () => {
  it('lists 350+ USDT crypto pairs and every other market type', () => {
    expect(count('crypto')).toBeGreaterThanOrEqual(350);
    expect(count('forex')).toBeGreaterThanOrEqual(20);
    expect(count('stock')).toBeGreaterThanOrEqual(45);
    expect(count('etf')).toBeGreaterThanOrEqual(18);
    expect(count('futures')).toBeGreaterThanOrEqual(10);
    for (const e of CATALOGUE.filter((x) => x.type === 'crypto')) {
      expect(e.code).toBe(`${e.base}USDT`);
      expect(e.quote).toBe('USDT');
    }
  });

  it('has unique, well-formed codes, real names and sane numbers', () => {
    expect(new Set(CATALOGUE.map((e) => e.code)).size).toBe(CATALOGUE.length);
    for (const e of CATALOGUE) {
      expect(e.code).toMatch(/^[A-Z0-9]{1,20}$/);
      expect(e.name.length).toBeGreaterThan(1);
      expect(e.refPrice).toBeGreaterThan(0);
      expect(e.volatility).toBeGreaterThan(0);
      expect(e.volatility).toBeLessThan(2);
      expect(Number(e.quantityStep)).toBeGreaterThan(0);
      expect(e.pricePrecision).toBeGreaterThanOrEqual(0);
      expect(e.pricePrecision).toBeLessThanOrEqual(12);
    }
    // the majors are there with their real names
    const byCode = new Map(CATALOGUE.map((e) => [e.code, e]));
    expect(byCode.get('BTCUSDT')?.name).toBe('Bitcoin');
    expect(byCode.get('ETHUSDT')?.name).toBe('Ethereum');
    for (const fx of ['EURUSD', 'USDJPY', 'GBPUSD', 'USDCHF', 'AUDUSD', 'USDCAD', 'NZDUSD', 'EURGBP', 'EURJPY', 'GBPJPY'])
      expect(byCode.has(fx)).toBe(true);
    for (const s of ['AAPL', 'MSFT', 'NVDA', 'SPY', 'QQQ', 'ES', 'GC', 'CL']) expect(byCode.has(s)).toBe(true);
  });

  it('derives crypto precision and quantity step from the price', () => {
    expect(cryptoPrecision(67000)).toBe(2);
    expect(cryptoPrecision(0.5)).toBe(5);
    expect(cryptoPrecision(0.00001785)).toBe(9);
    expect(cryptoQuantityStep(67000)).toBe('0.00001');
    expect(cryptoQuantityStep(0.5)).toBe('1');
    expect(cryptoQuantityStep(0.00001785)).toBe('10000');
  });
});

describe('market hours (America/New_York)', () => {
  // 2025-07-09 is a Wednesday (EDT, UTC-4); 2025-01-08 a Wednesday (EST, UTC-5)
  it('reads the New York clock across daylight saving', () => {
    expect(newYorkClock(new Date('2025-07-09T13:30:00Z'))).toEqual({ day: 3, minute: 9 * 60 + 30 });
    expect(newYorkClock(new Date('2025-01-08T14:30:00Z'))).toEqual({ day: 3, minute: 9 * 60 + 30 });
  });

  it('US equities trade 09:30-16:00 Monday to Friday', () => {
    expect(isOpenAt('us-equity', new Date('2025-07-09T13:29:00Z'))).toBe(false);
    expect(isOpenAt('us-equity', new Date('2025-07-09T13:30:00Z'))).toBe(true);
    expect(isOpenAt('us-equity', new Date('2025-07-09T19:59:00Z'))).toBe(true);
    expect(isOpenAt('us-equity', new Date('2025-07-09T20:00:00Z'))).toBe(false);
    expect(isOpenAt('us-equity', new Date('2025-01-08T14:29:00Z'))).toBe(false); // winter: 09:29 EST
    expect(isOpenAt('us-equity', new Date('2025-01-08T14:30:00Z'))).toBe(true);
    expect(isOpenAt('us-equity', new Date('2025-07-12T15:00:00Z'))).toBe(false); // Saturday
  });

  it('forex is 24/5 from Sunday 17:00 to Friday 17:00', () => {
    expect(isOpenAt('forex', new Date('2025-07-12T15:00:00Z'))).toBe(false); // Saturday
    expect(isOpenAt('forex', new Date('2025-07-13T20:59:00Z'))).toBe(false); // Sunday 16:59 EDT
    expect(isOpenAt('forex', new Date('2025-07-13T21:00:00Z'))).toBe(true); // Sunday 17:00 EDT
    expect(isOpenAt('forex', new Date('2025-07-09T03:00:00Z'))).toBe(true); // midweek night
    expect(isOpenAt('forex', new Date('2025-07-11T21:00:00Z'))).toBe(false); // Friday 17:00 EDT
  });

  it('futures have a daily 17:00-18:00 break; crypto never closes', () => {
    expect(isOpenAt('futures', new Date('2025-07-09T21:30:00Z'))).toBe(false); // 17:30 EDT
    expect(isOpenAt('futures', new Date('2025-07-09T22:00:00Z'))).toBe(true); // 18:00 EDT
    expect(isOpenAt('futures', new Date('2025-07-13T21:30:00Z'))).toBe(false); // Sunday 17:30
    expect(isOpenAt('futures', new Date('2025-07-13T22:00:00Z'))).toBe(true); // Sunday 18:00
    expect(isOpenAt('always', new Date('2025-07-12T15:00:00Z'))).toBe(true);
  });
});

describe('logos', () => {
  it('serves the icon package for known coins and a generated badge otherwise', () => {
    const btc = logoSvg({ type: 'crypto', base: 'BTC', code: 'BTCUSDT' });
    expect(btc.packaged).toBe(true);
    expect(btc.entry.body.toString()).toMatch(/^<svg/);
    const aapl = logoSvg({ type: 'stock', base: 'AAPL', code: 'AAPL' });
    expect(aapl.packaged).toBe(false);
    expect(aapl.entry.body.toString()).toContain('>AAPL</text>');
    // the colour is a function of the code
    expect(generatedLogo({ type: 'forex', base: 'EUR', code: 'EURUSD' })).toBe(
      generatedLogo({ type: 'forex', base: 'EUR', code: 'EURUSD' }),
    );
    expect(generatedLogo({ type: 'forex', base: 'EUR', code: 'EURUSD' })).toContain('>EUR</text>');
  });

  it('no logo of the catalogue weighs more than 32 kB on the wire: a heavy icon gets the badge', () => {
    const logos = CATALOGUE.map((e) => ({ code: e.code, ...logoSvg(e) }));
    for (const { entry } of logos) {
      expect(entry.br ?? zlib.brotliCompressSync(entry.body)).toSatisfy((b: Buffer) => b.length <= LOGO_MAX_WIRE_BYTES);
    }
    // PUMP's icon embeds a 960 kB raster image: it gets the badge; DOGE's is vector (18 kB compressed) and stays
    expect(logos.find((l) => l.code === 'PUMPUSDT')?.packaged).toBe(false);
    expect(logos.find((l) => l.code === 'DOGEUSDT')?.packaged).toBe(true);
    // most coins keep their icon
    expect(logos.filter((l) => l.packaged).length).toBeGreaterThan(300);
  });
});
