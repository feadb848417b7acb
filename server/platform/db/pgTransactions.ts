/**
 * `db.transaction` on PostgreSQL, doing less per transaction than drizzle's own, which a ledger
 * transfer (one statement) paid for about as much as for the statement itself (docs/performance.md,
 * "Ledger against TPC-B"):
 * - BEGIN is sent without waiting for its answer: the pool's connections are in node-postgres's
 *   pipeline mode, so it reaches the server with the transaction's first statement, one round
 *   trip less per transaction, and in the same write to the socket (heldBack). The server runs
 *   them in order; were BEGIN to fail, so would the statement behind it, and the transaction fails
 *   as it would have;
 * - each pooled connection keeps one transaction handle for its life: drizzle's builds a new
 *   one per transaction, with a query builder for every table of the schema;
 * - BEGIN, COMMIT and ROLLBACK are plain text, not built through drizzle's SQL template.
 * The handle is drizzle's own transaction class on the checked-out connection, so queries,
 * nested transactions (savepoints), `tx.rollback()` and the isolation settings behave as before.
 */
import type pg from 'pg';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './types.ts';

/** `begin` with the settings drizzle's `transaction(…, config)` accepts, in its words. */
export function beginStatement(config?: PgTransactionConfig): string {
  const parts = ['begin'];
  if (config?.isolationLevel) parts.push(`isolation level ${config.isolationLevel}`);
  if (config?.accessMode) parts.push(config.accessMode);
  if (typeof config?.deferrable === 'boolean') parts.push(config.deferrable ? 'deferrable' : 'not deferrable');
  return parts.join(' ');
}

/**
 * Holds what is written to `client`'s socket until the end of this turn of the event loop, so BEGIN
 * leaves in one write with the statement the transaction sends first, instead of a write (a system
 * call, the larger part of the process's work per transfer: docs/performance.md) of its own. The
 * socket is let go at the next `setImmediate` at the latest, which runs after every promise the
 * transaction's code resolves without waiting for I/O; returns the call that lets it go at once
 * (it does nothing the second time).
 */
function heldBack(client: pg.PoolClient): () => void {
  const stream = (client as unknown as { connection: { stream: { cork?(): void; uncork?(): void } } }).connection.stream;
  if (!stream.cork || !stream.uncork) return () => {};
  stream.cork();
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    clearImmediate(timer);
    stream.uncork!();
  };
  const timer = setImmediate(release);
  return release;
}

/** Gives `db` (drizzle on `pool`) the lighter `transaction`; returns it. */
export function pipelinedTransactions(db: Db, pool: pg.Pool): Db {
  const internals = db as unknown as {
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    session: { schema: ConstructorParameters<typeof NodePgSession>[2]; options: ConstructorParameters<typeof NodePgSession>[3] };
  };
  const {
    dialect,
    session: { schema, options },
  } = internals;
  const handles = new WeakMap<pg.PoolClient, Tx>();
  const handleOf = (client: pg.PoolClient): Tx => {
    let tx = handles.get(client);
    if (!tx) {
      tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, schema, options), schema) as unknown as Tx;
      handles.set(client, tx);
    }
    return tx;
  };
  const transaction = async <T>(run: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T> => {
    const client = await pool.connect();
    // a connection whose ROLLBACK failed is destroyed, not given back to the pool
    let broken: Error | undefined;
    const sendBegin = heldBack(client);
    try {
      const begun = client.query(beginStatement(config));
      begun.catch(() => {}); // awaited below; its failure is also the first statement's
      const result = await run(handleOf(client));
      await begun;
      await client.query('commit');
      return result;
    } catch (e) {
      await client.query('rollback').catch((err: Error) => {
        broken = err;
      });
      throw e;
    } finally {
      sendBegin();
      client.release(broken);
    }
  };
  (db as unknown as { transaction: typeof transaction }).transaction = transaction;
  return db;
}
