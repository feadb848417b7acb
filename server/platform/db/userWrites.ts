/**
 * Which users a write changed, told once the write is over (issue 26). Reads kept in memory per
 * user (server/platform/userReads.ts) must be forgotten after a change of that user's data is
 * committed, never before: forgotten before the commit, a read in between would put the old rows
 * back. So a write names its users inside its transaction (`userWritten(tx, id)`: the ledger's
 * transfer does it for every account it moves, PendingEvents for every event it records, the
 * domains for the rows they change) and they are told when the outermost transaction has ended,
 * committed or not (a failed COMMIT may still have committed; telling too often costs a re-read).
 * A statement outside a transaction goes through `userWrite(db, ids, run)`, which counts it as
 * under way while it runs (`writesSettled`, the tests' check of the memory, waits for it).
 *
 * The database handle's `transaction` is wrapped once when it is opened (server/platform/db/client.ts), so
 * every transaction of the service is covered whoever starts it, retries included (the scope
 * spans every run of it: server/platform/db/retry.ts); a savepoint (`tx.transaction`) belongs to the
 * transaction around it. The handle's `transaction` promise resolves only once the users are
 * told, which on several instances means once their write versions have moved in Redis
 * (server/platform/bus/userVersions.ts): the request that wrote answers after that, and waits for no
 * other instance (issue 44: a paused instance used to hold every write up to two seconds).
 */
import type { Db, DbOrTx } from './types.ts';

/** What a database tells about the users its writes changed (one per database handle). */
export type UserWritesSink = (userIds: readonly bigint[]) => Promise<void>;

interface Scope {
  ids: Set<bigint>;
}

type TxFn = (tx: unknown) => Promise<unknown>;
type TxMethod = (fn: TxFn, config?: unknown) => Promise<unknown>;

/** Each transaction handle's outermost transaction. */
const scopes = new WeakMap<object, Scope>();
/** The wrapped database handles, with their sink once one listens. */
const roots = new WeakMap<object, { sink?: UserWritesSink; running: Set<Promise<unknown>> }>();

/** Transaction handles whose savepoints already record into their handle's current scope. */
const wrapped = new WeakSet<object>();

/**
 * The transaction handle `tx` (and the savepoints it opens) record into `scope`. A handle may be
 * used by one transaction after another (on PostgreSQL each pooled connection keeps one:
 * pgTransactions.ts), so its savepoint method is wrapped once and reads the handle's scope of the
 * moment; wrapped at each transaction, the wrappers would pile up for the connection's life.
 */
function enter(tx: object, scope: Scope): object {
  scopes.set(tx, scope);
  if (!wrapped.has(tx)) {
    wrapped.add(tx);
    const nested = (tx as { transaction: TxMethod }).transaction.bind(tx);
    (tx as { transaction: TxMethod }).transaction = (fn, config) =>
      nested((inner) => fn(enter(inner as object, scopes.get(tx)!)), config);
  }
  return tx;
}

async function tell(db: object, ids: Iterable<bigint>): Promise<void> {
  const list = [...ids];
  if (list.length > 0) await roots.get(db)?.sink?.(list);
}

/** Runs `work` counted among the writes under way on `db` (writesSettled waits for them). */
function counted<T>(db: object, work: Promise<T>): Promise<T> {
  const running = roots.get(db)!.running;
  running.add(work);
  const done = () => running.delete(work);
  work.then(done, done);
  return work;
}

/** Wraps `db.transaction` so that the users its writes name are told after it ends. */
export function trackUserWrites<D extends object>(db: D): D {
  if (roots.has(db)) return db;
  roots.set(db, { running: new Set() });
  const plain = (db as unknown as { transaction: TxMethod }).transaction.bind(db);
  (db as unknown as { transaction: TxMethod }).transaction = (fn, config) => {
    const scope: Scope = { ids: new Set() };
    return counted(
      db,
      (async () => {
        try {
          return await plain((tx) => fn(enter(tx as object, scope)), config);
        } finally {
          await tell(db, scope.ids);
        }
      })(),
    );
  };
  return db;
}

/** Who hears about `db`'s writes (one listener; a new one replaces it). Returns a remover. */
export function onUserWrites(db: Db, sink: UserWritesSink): () => void {
  const root = roots.get(db);
  if (!root) throw new Error('userWrites: the database handle is not tracked (openDatabase tracks it)');
  root.sink = sink;
  return () => {
    if (root.sink === sink) root.sink = undefined;
  };
}

/**
 * The users whose data this write changes. Inside a transaction they are told after it ends; on
 * the database handle itself (a statement outside a transaction, committed as it ran) at once.
 * Await it: on several instances the telling moves their versions in Redis. A handle
 * the service did not open (a tool's or a test's own connection) has nobody listening: nothing
 * to tell.
 */
export async function userWritten(tx: DbOrTx, ...userIds: bigint[]): Promise<void> {
  const scope = scopes.get(tx);
  if (scope) {
    for (const id of userIds) scope.ids.add(id);
    return;
  }
  if (roots.has(tx)) await counted(tx, tell(tx, userIds));
}

/** A write outside a transaction (one statement, committed as it runs): `run`, then `userIds` told. */
export function userWrite<T>(db: Db, userIds: readonly bigint[], run: () => Promise<T>): Promise<T> {
  if (!roots.has(db)) throw new Error('userWrite: the database handle is not tracked');
  return counted(
    db,
    (async () => {
      try {
        return await run();
      } finally {
        await tell(db, userIds);
      }
    })(),
  );
}

/** Resolves when every write under way on `db` now has ended and told its users (tests' checks). */
export async function writesSettled(db: Db): Promise<void> {
  await Promise.allSettled([...(roots.get(db)?.running ?? [])]);
}
