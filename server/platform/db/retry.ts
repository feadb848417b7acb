/**
 * Runs a database transaction again when PostgreSQL aborted it for a reason that is nobody's
 * fault and gone on a second try: a deadlock (SQLSTATE 40P01) or a serialization failure
 * (40001). Ledger transfers lock their accounts one way (docs/ledger.md), but a business
 * transaction touches other rows too, in its own order, so a rare cycle stays possible; the
 * caller should see the outcome of a clean run, not an internal error (issue 25).
 *
 * Only a whole top-level transaction is run again: by then everything it wrote was rolled back.
 * The callbacks given to `db.transaction` therefore keep their effects inside the transaction
 * (events are published after commit: PendingEvents), which is the rule anyway.
 */

/** SQLSTATEs after which the same transaction may simply be run again. */
export const RETRYABLE_SQLSTATES: ReadonlySet<string> = new Set(['40P01', '40001']);
/** Runs in all, the first included. */
export const MAX_TX_ATTEMPTS = 5;

/** The SQLSTATE of a driver error, also when the query builder wrapped it (`cause`). */
export function sqlStateOf(e: unknown): string | undefined {
  for (let cur = e, depth = 0; cur && typeof cur === 'object' && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isRetryable = (e: unknown): boolean => RETRYABLE_SQLSTATES.has(sqlStateOf(e) ?? '');

export interface RetryOptions {
  attempts?: number;
  /** Called before each new run, with the run number (2, 3, ...) and the error that ended the last. */
  onRetry?: (attempt: number, error: unknown) => void;
  /** Waits before a new run; the default is a short random back-off so two victims do not meet again. */
  pause?: (attempt: number) => Promise<void>;
}

const backOff = (attempt: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt));

/** `run()`, again while it fails with a retryable SQLSTATE, at most `attempts` runs in all. */
export async function withTxRetry<T>(run: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const attempts = opts.attempts ?? MAX_TX_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (attempt >= attempts || !isRetryable(e)) throw e;
      opts.onRetry?.(attempt + 1, e);
      await (opts.pause ?? backOff)(attempt);
    }
  }
}

/**
 * Makes `db.transaction` of a database handle run through withTxRetry. Nested transactions
 * (savepoints, `tx.transaction`) are the transaction object's own method and are left alone:
 * only the outermost run can be repeated.
 */
export function retryTransactions<D extends { transaction: (...args: never[]) => Promise<unknown> }>(
  db: D,
  opts: RetryOptions = {},
): D {
  const plain = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  (db as { transaction: unknown }).transaction = (...args: unknown[]) => withTxRetry(() => plain(...args), opts);
  return db;
}
