import { expect, it } from 'vitest';
import type { Db } from '../../../server/platform/db/client.ts';
import { CandleWriter } from '../../../server/market/candles/candles.ts';

/**
 * Writing candles pauses between statements, and ticks keep arriving meanwhile. A bucket that
 * was written, then changed by a tick (its last seconds), then closed by the next minute's tick,
 * all during one flush, must still be written: dropping it from memory lost its final close,
 * high, low and volume for good (the stored candle disagrees with what was streamed).
 */
it('keeps a bucket changed during a flush until it is written', async () => {
  const written: Array<{ interval: string; time: Date; close: string }> = [];
  let during: (() => void) | undefined;
  const db = {
    insert: () => ({
      values: (rows: Array<{ interval: string; time: Date; close: string }>) => ({
        onConflictDoUpdate: async () => {
          written.push(...rows);
          const f = during;
          during = undefined;
          f?.(); // ticks arriving while this statement runs
        },
      }),
    }),
  } as unknown as Db;
  const w = new CandleWriter(db, () => 2);
  const m0 = Date.parse('2025-07-09T15:00:00Z');
  w.add([{ code: 'BTCUSDT', price: 100, time: m0 + 10_000, volume: 1 }]);
  during = () => {
    w.add([{ code: 'BTCUSDT', price: 105, time: m0 + 59_000, volume: 1 }]); // last second of minute 0
    w.add([{ code: 'BTCUSDT', price: 107, time: m0 + 60_000, volume: 1 }]); // minute 1 opens
  };
  await w.flush();
  written.length = 0;
  await w.flush();
  const minute0 = written.find((r) => r.interval === '1m' && r.time.getTime() === m0);
  expect(minute0?.close).toBe('105.00');
});
