import { describe, expect, it } from 'vitest';
import { entryReached, trailStop, trailingDistanceBroken, trailingStart } from '../../../src/contract/entryMath.ts';
import { EntryIndex } from '../../../server/trading/triggers/entries.ts';

describe('trailing stop (docs/trading.md)', () => {
  it('starts at price ∓ distance', () => {
    expect(trailingStart('up', '67000.00', '500', 2)).toBe('66500.00');
    expect(trailingStart('down', '67000.00', '500', 2)).toBe('67500.00');
  });

  it('the ratchet follows the best price and never moves back', () => {
    let stop = '66500.00';
    const path = ['67400', '67100', '66600', '67600', '67599.99', '68000'];
    const seen: string[] = [];
    for (const p of path) {
      const next = trailStop('up', stop, p, '500', 2);
      if (next !== null) {
        expect(Number(next)).toBeGreaterThan(Number(stop));
        stop = next;
      }
      seen.push(stop);
    }
    expect(seen).toEqual(['66900.00', '66900.00', '66900.00', '67100.00', '67100.00', '67500.00']);
    // down: the mirror
    expect(trailStop('down', '67500.00', '66800', '500', 2)).toBe('67300.00');
    expect(trailStop('down', '67300.00', '67000', '500', 2)).toBeNull();
  });

  it('a distance must be positive, in the precision, at least 0.1 % of the price and below it', () => {
    const p = { minDistance: '0.001', pricePrecision: 2 };
    expect(trailingDistanceBroken('67', '67000', p)).toBe(false);
    expect(trailingDistanceBroken('66.99', '67000', p)).toBe(true);
    expect(trailingDistanceBroken('100.001', '67000', p)).toBe(true);
    expect(trailingDistanceBroken('0', '67000', p)).toBe(true);
    expect(trailingDistanceBroken('67000', '67000', p)).toBe(true);
  });
});

describe('entry levels and the entry index', () => {
  it('limit buys at or below, stop buys at or above; sells the mirror', () => {
    expect(entryReached('up', 'limit', '66000', '66000')).toBe(true);
    expect(entryReached('up', 'limit', '66000', '66000.01')).toBe(false);
    expect(entryReached('up', 'stop', '68000', '68000')).toBe(true);
    expect(entryReached('down', 'limit', '68000', '67999')).toBe(false);
    expect(entryReached('down', 'stop', '66000', '65000')).toBe(true);
  });

  it('a tick takes exactly the orders it reaches (inclusive, gaps), each once; expiries earliest first', () => {
    const ix = new EntryIndex();
    ix.add({ id: 'a', code: 'X', fillsAtOrBelow: true, level: '100', expiresAt: 30 });
    ix.add({ id: 'b', code: 'X', fillsAtOrBelow: true, level: '95', expiresAt: 10 });
    ix.add({ id: 'c', code: 'X', fillsAtOrBelow: false, level: '110', expiresAt: 20 });
    ix.add({ id: 'd', code: 'Y', fillsAtOrBelow: true, level: '100', expiresAt: 5 });
    expect(ix.reachedBy('X', '100.01')).toEqual([]);
    expect(ix.reachedBy('X', '100')).toEqual(['a']);
    expect(ix.reachedBy('X', '90')).toEqual(['b']);
    expect(ix.reachedBy('X', '90')).toEqual([]);
    expect(ix.remove('d')).toBe(true);
    expect(ix.expiredBy(25)).toEqual(['c']);
    expect(ix.size).toBe(0);
  });
});
