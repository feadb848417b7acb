import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { AlertIndex, type WatchedAlert } from '../../../server/alerts/alertIndex.ts';
import { mulberry32 } from '../../../server/market/feed/prng.ts';
import { alertProblem } from '../../../src/contract/alerts.ts';
import { Err } from '../../../src/contract/errors.ts';

const a = (id: string, kind: WatchedAlert['kind'], value: string, code = 'BTCUSDT'): WatchedAlert => ({ id, code, kind, value });

describe('AlertIndex', () => {
  it('above at or below the tick, below at or above it, move at or under its size either way; each once', () => {
    const ix = new AlertIndex();
    ix.add(a('up', 'above', '100'));
    ix.add(a('down', 'below', '90'));
    ix.add(a('m5', 'move', '5'));
    ix.add(a('eth', 'above', '1', 'ETHUSDT'));
    expect(ix.reachedBy('BTCUSDT', '99.99', 4.99)).toEqual([]);
    expect(ix.reachedBy('BTCUSDT', '100', -5)).toEqual(['up', 'm5']);
    expect(ix.reachedBy('BTCUSDT', '100', -5)).toEqual([]);
    expect(ix.reachedBy('BTCUSDT', '90.000', 0)).toEqual(['down']);
    expect(ix.size).toBe(1);
    expect(ix.has('eth')).toBe(true);
  });

  it('adding an id again replaces its level; a removed alert is never reached', () => {
    const ix = new AlertIndex();
    ix.add(a('x', 'above', '100'));
    ix.add(a('x', 'below', '50'));
    ix.add(a('y', 'above', '100'));
    expect(ix.remove('y')).toBe(true);
    expect(ix.reachedBy('BTCUSDT', '150', 0)).toEqual([]);
    expect(ix.reachedBy('BTCUSDT', '49', 0)).toEqual(['x']);
    expect(() => ix.add(a('z', 'above', '1e5'))).toThrow(RangeError);
    expect(ix.size).toBe(0);
  });

  it('seeded random runs agree with a full scan with decimal comparisons', () => {
    const rnd = mulberry32(7);
    const ix = new AlertIndex();
    const live = new Map<string, WatchedAlert>();
    const codes = ['A', 'B', 'C'];
    let id = 0;
    for (let step = 0; step < 3000; step++) {
      const r = rnd();
      if (r < 0.5 || live.size === 0) {
        const kind = (['above', 'below', 'move'] as const)[Math.floor(rnd() * 3)];
        const value = kind === 'move' ? (0.1 + rnd() * 10).toFixed(2) : (90 + rnd() * 20).toFixed(3);
        const w = a(String(id++), kind, value, codes[Math.floor(rnd() * 3)]);
        ix.add(w);
        live.set(w.id, w);
      } else if (r < 0.6) {
        const victim = [...live.keys()][Math.floor(rnd() * live.size)];
        ix.remove(victim);
        live.delete(victim);
      } else {
        const code = codes[Math.floor(rnd() * 3)];
        const price = (90 + rnd() * 20).toFixed(2);
        const move = Number(((rnd() - 0.5) * 24).toFixed(2));
        const expected = [...live.values()]
          .filter(
            (w) =>
              w.code === code &&
              (w.kind === 'above'
                ? new Decimal(price).gte(w.value)
                : w.kind === 'below'
                  ? new Decimal(price).lte(w.value)
                  : new Decimal(Math.abs(move).toFixed(2)).gte(w.value)),
          )
          .map((w) => w.id)
          .sort();
        const got = ix.reachedBy(code, price, move).sort();
        expect(got).toEqual(expected);
        for (const g of got) live.delete(g);
      }
    }
    expect(ix.size).toBe(live.size);
  });
});

describe('alertProblem (the form and the service)', () => {
  it('names each rule', () => {
    expect(alertProblem('above', '101', '100', 0, 2)).toBeNull();
    expect(alertProblem('above', '100', '100', 0, 2)?.code).toBe(Err.ALERT_LEVEL_REACHED);
    expect(alertProblem('below', '100.5', '100', 0, 2)?.code).toBe(Err.ALERT_LEVEL_REACHED);
    expect(alertProblem('below', '99.999', '100', 0, 2)).toEqual({ code: Err.ALERT_PRICE_WRONG, params: { decimals: '2' } });
    expect(alertProblem('below', '0', '100', 0, 2)?.code).toBe(Err.ALERT_PRICE_WRONG);
    expect(alertProblem('move', '3', '100', -3, 2)).toEqual({
      code: Err.ALERT_MOVE_REACHED,
      params: { move: '3.00', percent: '3' },
    });
    expect(alertProblem('move', '3.001', '100', 0, 2)?.code).toBe(Err.ALERT_PERCENT_WRONG);
    expect(alertProblem('move', '3', '100', 2.99, 2)).toBeNull();
  });
});
