import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../server/market/feed/prng.ts';
import { SortedLevels } from '../../../server/platform/priceLevels.ts';
import { scalePrice, TriggerIndex, type TriggerReason, type WatchedPosition } from '../../../server/trading/triggers/index.ts';

const T0 = 1_700_000_000_000;

function pos(id: string, over: Partial<WatchedPosition> = {}): WatchedPosition {
  return {
    id,
    code: 'BTCUSDT',
    direction: 'up',
    stopLoss: null,
    takeProfit: null,
    stopOut: '90',
    expiresAt: T0 + 60_000,
    ...over,
  };
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describe('scalePrice', () => {
  it('scales exactly to 18 decimals and refuses what it cannot compare exactly', () => {
    expect(scalePrice('1')).toBe(10n ** 18n);
    expect(scalePrice('100.000')).toBe(scalePrice('100'));
    expect(scalePrice('0.000000000000000001')).toBe(1n);
    expect(scalePrice('0.1000000000000000000000')).toBe(10n ** 17n);
    expect(() => scalePrice('0.0000000000000000001')).toThrow(RangeError);
    for (const bad of ['', '1e5', 'abc', '1.2.3', ' 1', 'NaN']) expect(() => scalePrice(bad)).toThrow(RangeError);
  });
});

describe('TriggerIndex: each side and level, inclusive edges', () => {
  it('up: stop-loss at or below, stop-out at or below, take-profit at or above', () => {
    const ix = new TriggerIndex();
    ix.add(pos('sl', { stopLoss: '95', takeProfit: '110' }));
    ix.add(pos('so', { stopOut: '90' }));
    ix.add(pos('tp', { takeProfit: '105.5' }));
    expect(ix.crossedBy('BTCUSDT', '95.000000000000000001')).toEqual([]);
    expect(ix.crossedBy('BTCUSDT', '95')).toEqual([{ id: 'sl', reason: 'stop_loss' }]);
    expect(ix.crossedBy('BTCUSDT', '105.499999999999999999')).toEqual([]);
    expect(ix.crossedBy('BTCUSDT', '105.5')).toEqual([{ id: 'tp', reason: 'take_profit' }]);
    expect(ix.crossedBy('BTCUSDT', '90.01')).toEqual([]);
    expect(ix.crossedBy('BTCUSDT', '90.00')).toEqual([{ id: 'so', reason: 'stop_out' }]);
    expect(ix.size).toBe(0);
  });

  it('down: the mirror', () => {
    const ix = new TriggerIndex();
    ix.add(pos('sl', { direction: 'down', stopLoss: '105', takeProfit: '90', stopOut: '110' }));
    ix.add(pos('so', { direction: 'down', stopOut: '110' }));
    ix.add(pos('tp', { direction: 'down', takeProfit: '94.5', stopOut: '110' }));
    expect(ix.crossedBy('BTCUSDT', '104.999999999999999999')).toEqual([]);
    expect(ix.crossedBy('BTCUSDT', '105')).toEqual([{ id: 'sl', reason: 'stop_loss' }]);
    expect(ix.crossedBy('BTCUSDT', '94.500000000000000001')).toEqual([]);
    expect(ix.crossedBy('BTCUSDT', '94.5')).toEqual([{ id: 'tp', reason: 'take_profit' }]);
    expect(ix.crossedBy('BTCUSDT', '109.99')).toEqual([]);
    expect(ix.crossedBy('BTCUSDT', '110')).toEqual([{ id: 'so', reason: 'stop_out' }]);
  });

  it('compares exactly where floats would not', () => {
    const ix = new TriggerIndex();
    ix.add(pos('a', { stopLoss: '0.3', stopOut: '0.1' }));
    expect(Number('0.30000000000000001')).toBe(0.3); // as floats the tick would equal the stop-loss
    expect(ix.crossedBy('BTCUSDT', '0.30000000000000001')).toEqual([]);
    expect(ix.crossedBy('BTCUSDT', '0.300000000000000000')).toEqual([{ id: 'a', reason: 'stop_loss' }]);
  });

  it('keeps instruments apart', () => {
    const ix = new TriggerIndex();
    ix.add(pos('btc', { stopLoss: '95' }));
    ix.add(pos('eth', { code: 'ETHUSDT', stopLoss: '95' }));
    expect(ix.crossedBy('ETHUSDT', '1')).toEqual([{ id: 'eth', reason: 'stop_loss' }]);
    expect(ix.crossedBy('XRPUSDT', '1')).toEqual([]);
    expect(ix.has('btc')).toBe(true);
  });
});

describe('TriggerIndex: gaps and precedence', () => {
  it('a gap through several levels settles every position it passes, once', () => {
    const ix = new TriggerIndex();
    for (let i = 0; i < 10; i++)
      ix.add(pos(`u${i}`, { stopLoss: String(99 - i), stopOut: String(80 - i), takeProfit: String(101 + i) }));
    for (let i = 0; i < 10; i++)
      ix.add(
        pos(`d${i}`, { direction: 'down', stopLoss: String(101 + i), stopOut: String(120 + i), takeProfit: String(99 - i) }),
      );
    const down = ix.crossedBy('BTCUSDT', '94');
    expect(
      down
        .filter((r) => r.reason === 'stop_loss')
        .map((r) => r.id)
        .sort(),
    ).toEqual(['u0', 'u1', 'u2', 'u3', 'u4', 'u5']);
    expect(
      down
        .filter((r) => r.reason === 'take_profit')
        .map((r) => r.id)
        .sort(),
    ).toEqual(['d0', 'd1', 'd2', 'd3', 'd4', 'd5']);
    expect(down).toHaveLength(12);
    expect(ix.size).toBe(8);
    // a gap far down: the remaining longs by stop-loss (not stop-out), the remaining shorts by take-profit
    const crash = ix.crossedBy('BTCUSDT', '1');
    expect(crash).toHaveLength(8);
    expect(new Set(crash.map((r) => r.reason))).toEqual(new Set(['stop_loss', 'take_profit']));
    expect(ix.crossedBy('BTCUSDT', '1000')).toEqual([]);
    expect(ix.size).toBe(0);
  });

  it('stop-loss wins over stop-out when one tick reaches both', () => {
    const ix = new TriggerIndex();
    ix.add(pos('up', { stopLoss: '95', stopOut: '90' }));
    ix.add(pos('upEqual', { stopLoss: '90', stopOut: '90' }));
    ix.add(pos('upNoSl', { stopOut: '90' }));
    ix.add(pos('down', { direction: 'down', stopLoss: '105', stopOut: '110' }));
    expect(ix.crossedBy('BTCUSDT', '89').sort(byId)).toEqual([
      { id: 'up', reason: 'stop_loss' },
      { id: 'upEqual', reason: 'stop_loss' },
      { id: 'upNoSl', reason: 'stop_out' },
    ]);
    expect(ix.crossedBy('BTCUSDT', '111')).toEqual([{ id: 'down', reason: 'stop_loss' }]);
  });
});

describe('TriggerIndex: remove and re-add', () => {
  it('removing drops every level; re-adding watches the new levels only', () => {
    const ix = new TriggerIndex();
    ix.add(pos('a', { stopLoss: '95', takeProfit: '110' }));
    expect(ix.remove('a')).toBe(true);
    expect(ix.remove('a')).toBe(false);
    expect(ix.has('a')).toBe(false);
    expect(ix.crossedBy('BTCUSDT', '80')).toEqual([]);
    expect(ix.crossedBy('BTCUSDT', '120')).toEqual([]);
    ix.add(pos('a', { stopLoss: '50', stopOut: '40', takeProfit: '200' }));
    expect(ix.crossedBy('BTCUSDT', '95')).toEqual([]);
    // adding the same id again replaces it (an SL/TP edit)
    ix.add(pos('a', { stopLoss: '96', stopOut: '40', takeProfit: '200' }));
    expect(ix.size).toBe(1);
    expect(ix.crossedBy('BTCUSDT', '100')).toEqual([]);
    expect(ix.crossedBy('BTCUSDT', '96')).toEqual([{ id: 'a', reason: 'stop_loss' }]);
  });

  it('a refused add changes nothing', () => {
    const ix = new TriggerIndex();
    ix.add(pos('a', { stopLoss: '95' }));
    expect(() => ix.add(pos('a', { stopLoss: '1e2' }))).toThrow(RangeError);
    expect(() => ix.add(pos('b', { expiresAt: Number.NaN }))).toThrow(RangeError);
    expect(ix.size).toBe(1);
    expect(ix.has('b')).toBe(false);
    expect(ix.crossedBy('BTCUSDT', '95')).toEqual([{ id: 'a', reason: 'stop_loss' }]);
  });
});

describe('TriggerIndex: expiry', () => {
  it('returns expiries earliest first, inclusive, ties in order of add', () => {
    const ix = new TriggerIndex();
    ix.add(pos('c', { expiresAt: T0 + 300 }));
    ix.add(pos('a', { expiresAt: T0 + 100 }));
    ix.add(pos('b1', { expiresAt: T0 + 200 }));
    ix.add(pos('b2', { expiresAt: T0 + 200 }));
    expect(ix.expiredBy(T0 + 99)).toEqual([]);
    expect(ix.expiredBy(T0 + 200)).toEqual(['a', 'b1', 'b2']);
    expect(ix.expiredBy(T0 + 200)).toEqual([]);
    expect(ix.has('c')).toBe(true);
    expect(ix.crossedBy('BTCUSDT', '1')).toEqual([{ id: 'c', reason: 'stop_out' }]);
    expect(ix.expiredBy(T0 + 10_000)).toEqual([]);
  });

  it('skips removed, settled and replaced positions (lazy deletion)', () => {
    const ix = new TriggerIndex();
    ix.add(pos('removed', { expiresAt: T0 + 1 }));
    ix.add(pos('settled', { stopLoss: '95', expiresAt: T0 + 2 }));
    ix.add(pos('moved', { expiresAt: T0 + 3 }));
    ix.add(pos('kept', { expiresAt: T0 + 4 }));
    ix.remove('removed');
    expect(ix.crossedBy('BTCUSDT', '95')).toEqual([{ id: 'settled', reason: 'stop_loss' }]);
    ix.add(pos('moved', { expiresAt: T0 + 10 })); // replaced: the entry at T0 + 3 is stale
    ix.remove('kept');
    ix.add(pos('kept', { expiresAt: T0 + 4 })); // removed and re-added at the same time: reported once
    expect(ix.expiredBy(T0 + 5)).toEqual(['kept']);
    expect(ix.expiredBy(T0 + 10)).toEqual(['moved']);
    expect(ix.size).toBe(0);
  });

  it('stays bounded under add/remove churn', () => {
    const ix = new TriggerIndex();
    for (let i = 0; i < 20_000; i++) {
      ix.add(pos(`p${i}`, { expiresAt: T0 + i }));
      if (i % 10 !== 0) ix.remove(`p${i}`);
    }
    expect(ix.size).toBe(2000);
    expect(ix.expiredBy(T0 + 20_000)).toEqual(Array.from({ length: 2000 }, (_, j) => `p${j * 10}`));
  });
});

/** The reference: a full scan with decimal.js comparisons over every open position. */
class NaiveScan {
  private open = new Map<string, { p: WatchedPosition; order: number }>();
  private order = 0;
  add(p: WatchedPosition) {
    this.open.delete(p.id);
    this.open.set(p.id, { p, order: this.order++ });
  }
  remove(id: string) {
    return this.open.delete(id);
  }
  get size() {
    return this.open.size;
  }
  crossedBy(code: string, price: string): { id: string; reason: TriggerReason }[] {
    const at = new Decimal(price);
    const out: { id: string; reason: TriggerReason }[] = [];
    for (const { p } of this.open.values()) {
      if (p.code !== code) continue;
      // up: a stop is reached at or below it, the take-profit at or above; down: the mirror
      const stop = (level: string) => (p.direction === 'up' ? at.lte(level) : at.gte(level));
      const profit = (level: string) => (p.direction === 'up' ? at.gte(level) : at.lte(level));
      const reason: TriggerReason | null =
        p.stopLoss !== null && stop(p.stopLoss)
          ? 'stop_loss'
          : stop(p.stopOut)
            ? 'stop_out'
            : p.takeProfit !== null && profit(p.takeProfit)
              ? 'take_profit'
              : null;
      if (reason) out.push({ id: p.id, reason });
    }
    for (const r of out) this.open.delete(r.id);
    return out;
  }
  expiredBy(at: number): string[] {
    const due = [...this.open.values()]
      .filter((e) => e.p.expiresAt <= at)
      .sort((a, b) => a.p.expiresAt - b.p.expiresAt || a.order - b.order);
    for (const e of due) this.open.delete(e.p.id);
    return due.map((e) => e.p.id);
  }
}

describe('TriggerIndex agrees with a full scan (seeded random positions and ticks)', () => {
  const run = (seed: number, codes: string[], steps: number, idSpace: number, tickShare = 0.3, expiryShare = 0.05) => {
    const rnd = mulberry32(seed);
    const int = (n: number) => Math.floor(rnd() * n);
    // prices on a coarse grid (many exact ties with the levels) with a few long decimals mixed in
    const price = () => (rnd() < 0.2 ? (90 + rnd() * 20).toFixed(18) : (90 + int(41) * 0.5).toFixed(int(3) + 1));
    const ix = new TriggerIndex();
    const naive = new NaiveScan();
    let now = T0;
    let events = 0;
    let largest = 0;
    for (let step = 0; step < steps; step++) {
      const op = rnd();
      if (op < tickShare) {
        const code = codes[int(codes.length)];
        const tick = price();
        const got = ix.crossedBy(code, tick);
        const want = naive.crossedBy(code, tick);
        expect(got.slice().sort(byId), `step ${step}: ${code} @ ${tick}`).toEqual(want.sort(byId));
        events += got.length;
      } else if (op < tickShare + expiryShare) {
        now += int(5000);
        const got = ix.expiredBy(now);
        expect(got, `step ${step}: expiry at ${now}`).toEqual(naive.expiredBy(now));
        events += got.length;
      } else if (op < tickShare + expiryShare + 0.1) {
        const id = `p${int(idSpace)}`;
        expect(ix.remove(id)).toBe(naive.remove(id));
      } else {
        const direction = rnd() < 0.5 ? 'up' : 'down';
        const p: WatchedPosition = {
          id: `p${int(idSpace)}`,
          code: codes[int(codes.length)],
          direction,
          stopLoss: rnd() < 0.7 ? price() : null,
          takeProfit: rnd() < 0.7 ? price() : null,
          stopOut: price(),
          expiresAt: now + int(50) * 1000,
        };
        ix.add(p);
        naive.add(p);
      }
      expect(ix.size).toBe(naive.size);
      largest = Math.max(largest, ix.size);
    }
    return { events, largest };
  };

  it('few instruments, small id space (replacements and re-adds)', () => {
    expect(run(7, ['BTCUSDT', 'EURUSD', 'AAPL'], 4000, 300).events).toBeGreaterThan(500);
  });

  it('one instrument with thousands of levels (chunk splits and merges)', () => {
    // rare ticks and expiries, so the open set grows between the ticks
    const { events, largest } = run(20251123, ['BTCUSDT'], 12_000, 20_000, 0.0005, 0.0003);
    expect(largest).toBeGreaterThan(2000); // about 1,000 levels per list: several chunks each
    expect(events).toBeGreaterThan(1000);
  });
});

describe('SortedLevels against a sorted array', () => {
  it('inserts, deletes and takes prefixes and suffixes across many chunks', () => {
    const rnd = mulberry32(42);
    const int = (n: number) => Math.floor(rnd() * n);
    const levels = new SortedLevels();
    let model: { key: bigint; id: string }[] = [];
    const held = new Set<string>();
    const sortModel = () =>
      model.sort((a, b) => (a.key !== b.key ? (a.key < b.key ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (let step = 0; step < 30_000; step++) {
      const op = rnd();
      if (op < 0.6) {
        const e = { key: BigInt(int(2000)), id: `i${int(100_000)}` };
        if (held.has(`${e.key}/${e.id}`)) continue;
        held.add(`${e.key}/${e.id}`);
        levels.insert(e.key, e.id);
        model.push(e);
      } else if (op < 0.88 && model.length > 0) {
        const victim = model[int(model.length)];
        expect(levels.delete(victim.key, victim.id)).toBe(true);
        expect(levels.delete(victim.key, victim.id + 'x')).toBe(false);
        held.delete(`${victim.key}/${victim.id}`);
        model = model.filter((m) => m !== victim);
      } else {
        // small takes at either end, now and then a large one
        const out: string[] = [];
        const above = rnd() < 0.5;
        const price = BigInt(above ? 2000 - int(rnd() < 0.002 ? 2000 : 30) : int(rnd() < 0.002 ? 2000 : 30));
        if (above) levels.takeAtOrAbove(price, out);
        else levels.takeAtOrBelow(price, out);
        sortModel();
        const taken = model.filter((m) => (above ? m.key >= price : m.key <= price));
        expect(out).toEqual(taken.map((m) => m.id));
        for (const m of taken) held.delete(`${m.key}/${m.id}`);
        const gone = new Set(taken);
        model = model.filter((m) => !gone.has(m));
      }
      if (step % 500 === 0 || step > 29_900) {
        sortModel();
        expect([...levels.entries()].map((e) => e.id)).toEqual(model.map((m) => m.id));
      }
      expect(levels.size).toBe(model.length);
    }
    expect(model.length).toBeGreaterThan(1000);
  });
});
