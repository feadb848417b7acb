import { describe, expect, it } from 'vitest';
import { isRetryable, MAX_TX_ATTEMPTS, retryTransactions, sqlStateOf, withTxRetry } from '../../../server/platform/db/retry.ts';

/** Issue 25 item 3: a transaction aborted by a deadlock or a serialization failure runs again, a bounded number of times. */
const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
/** As the query builder throws it: the driver's error as the cause. */
const wrapped = (code: string) => Object.assign(new Error('Failed query: ...'), { cause: pgError(code) });
const noPause = { pause: async () => {} };

describe('transaction retry', () => {
  it('reads the SQLSTATE of a driver error, wrapped or not', () => {
    expect(sqlStateOf(pgError('40P01'))).toBe('40P01');
    expect(sqlStateOf(wrapped('40001'))).toBe('40001');
    expect(sqlStateOf(new Error('plain'))).toBeUndefined();
    expect([
      isRetryable(wrapped('40P01')),
      isRetryable(pgError('40001')),
      isRetryable(pgError('23505')),
      isRetryable(pgError('23514')),
    ]).toEqual([true, true, false, false]);
  });

  it('runs again after a deadlock or a serialization failure and answers the clean run', async () => {
    const failures = [wrapped('40P01'), pgError('40001')];
    const seen: number[] = [];
    let runs = 0;
    const out = await withTxRetry(
      async () => {
        runs++;
        const f = failures.shift();
        if (f) throw f;
        return 'done';
      },
      { ...noPause, onRetry: (n) => seen.push(n) },
    );
    expect([out, runs, seen]).toEqual(['done', 3, [2, 3]]);
  });

  it('gives up after the bound, with the last error', async () => {
    let runs = 0;
    const e = await withTxRetry(async () => {
      runs++;
      throw wrapped('40P01');
    }, noPause).catch((x: unknown) => x);
    expect(runs).toBe(MAX_TX_ATTEMPTS);
    expect(sqlStateOf(e)).toBe('40P01');
  });

  it('never runs again after any other error (a refusal, a constraint, a bug)', async () => {
    for (const err of [pgError('23505'), pgError('23514'), new Error('bug')]) {
      let runs = 0;
      const e = await withTxRetry(async () => {
        runs++;
        throw err;
      }, noPause).catch((x: unknown) => x);
      expect([e, runs]).toEqual([err, 1]);
    }
  });

  it("wraps a handle's transaction method: each run is a whole new transaction", async () => {
    let begun = 0;
    const db = {
      async transaction<T>(fn: (tx: { n: number }) => Promise<T>): Promise<T> {
        begun++;
        return fn({ n: begun });
      },
    };
    retryTransactions(db, noPause);
    const used: number[] = [];
    const out = await db.transaction(async (tx) => {
      used.push(tx.n);
      if (tx.n < 3) throw wrapped('40P01');
      return 'ok';
    });
    expect([out, used]).toEqual(['ok', [1, 2, 3]]);
  });
});
