import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm';
import type pg from 'pg';
import { createTestDatabase, usingPostgres } from '../helpers.ts';
import { openDatabase, type Database } from '../../../server/platform/db/client.ts';
import { beginStatement } from '../../../server/platform/db/pgTransactions.ts';

/**
 * `db.transaction` on PostgreSQL (server/platform/db/pgTransactions.ts): BEGIN goes out with the first
 * statement instead of a round trip before it, and each connection keeps one transaction handle.
 * What drizzle's transactions did must still hold: commit, rollback on a throw or a failed
 * statement (the connection coming back clean), savepoints, `tx.rollback()`, isolation settings.
 * One connection in the pool, so every transaction reuses the same one and its handle.
 */
type Rows<T> = { rows: T[] };
let created: { url: string; drop: () => Promise<void> } | undefined;
let database: Database | undefined;

beforeAll(async () => {
  if (!usingPostgres()) return;
  created = await createTestDatabase();
  database = await openDatabase({ databaseUrl: created.url, poolSize: 1 });
  await database.db.execute(sql`create table tx_probe (n int primary key)`);
});
afterAll(async () => {
  await database?.close();
  await created?.drop();
});

const probe = async () =>
  ((await database!.db.execute(sql`select n from tx_probe order by n`)) as unknown as Rows<{ n: number }>).rows.map((r) => r.n);

describe.runIf(usingPostgres())('PostgreSQL transactions', () => {
  it('BEGIN and the first statement are both on the wire before the server answers either', async () => {
    const pool = database!.pool!;
    const client = await pool.connect(); // the pool's one connection, the one the transaction gets
    const stream = (client as unknown as { connection: { stream: NodeJS.ReadWriteStream } }).connection.stream;
    client.release();
    const events: string[] = [];
    const write = stream.write.bind(stream);
    const onData = () => events.push('answer');
    stream.write = ((chunk: Buffer, ...rest: never[]) => {
      events.push(
        `sent ${chunk.toString('latin1').includes('select 42') ? 'statement' : chunk.toString('latin1').includes('begin') ? 'begin' : 'other'}`,
      );
      return write(chunk, ...rest);
    }) as typeof stream.write;
    stream.prependListener('data', onData); // before the driver reads it (and sends what waited for it)
    try {
      await database!.db.transaction((tx) => tx.execute(sql`select 42 as n`));
    } finally {
      stream.write = write;
      stream.off('data', onData);
    }
    const firstAnswer = events.indexOf('answer');
    expect(events.indexOf('sent begin')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('sent begin')).toBeLessThan(events.indexOf('sent statement'));
    expect(events.indexOf('sent statement')).toBeLessThan(firstAnswer);
  });

  it('commits; a throw, a failed statement or tx.rollback() leave nothing and the connection clean', async () => {
    expect(
      await database!.db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe values (1)`);
        return 'done';
      }),
    ).toBe('done');
    const thrown = await database!.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe values (2)`);
        throw new Error('abandoned');
      })
      .catch((e: unknown) => e);
    expect((thrown as Error).message).toBe('abandoned');
    // the first statement fails: the pipelined BEGIN had opened the transaction it aborts
    const failed = await database!.db
      .transaction((tx) => tx.execute(sql`insert into tx_probe values (null)`))
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    const rolledBack = await database!.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe values (3)`);
        tx.rollback();
      })
      .catch((e: unknown) => e);
    expect(rolledBack).toBeInstanceOf(TransactionRollbackError);
    // the same (only) connection answers a new transaction: not left inside an aborted one
    await database!.db.transaction((tx) => tx.execute(sql`insert into tx_probe values (4)`));
    expect(await probe()).toEqual([1, 4]);
    expect(database!.pool!.totalCount).toBe(1);
  });

  it('a nested transaction is a savepoint: its failure rolls back only its own writes', async () => {
    await database!.db.transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe values (10)`);
      const inner = await tx
        .transaction(async (sp) => {
          await sp.execute(sql`insert into tx_probe values (11)`);
          throw new Error('inner');
        })
        .catch((e: unknown) => (e as Error).message);
      expect(inner).toBe('inner');
      await tx.execute(sql`insert into tx_probe values (12)`);
    });
    expect((await probe()).filter((n) => n >= 10)).toEqual([10, 12]);
  });

  it('runs with the isolation level and access mode asked for', async () => {
    const level = await database!.db.transaction(
      async (tx) =>
        ((await tx.execute(sql`show transaction_isolation`)) as unknown as Rows<{ transaction_isolation: string }>).rows[0]
          .transaction_isolation,
      { isolationLevel: 'repeatable read' },
    );
    expect(level).toBe('repeatable read');
    const readOnly = await database!.db
      .transaction((tx) => tx.execute(sql`insert into tx_probe values (20)`), { accessMode: 'read only' })
      .catch((e: unknown) => e);
    expect((readOnly as { cause?: pg.DatabaseError }).cause?.code ?? (readOnly as pg.DatabaseError).code).toBe('25006'); // read_only_sql_transaction
    const after = await database!.db.transaction(
      async (tx) =>
        ((await tx.execute(sql`show transaction_isolation`)) as unknown as Rows<{ transaction_isolation: string }>).rows[0]
          .transaction_isolation,
    );
    expect(after).toBe('read committed'); // the settings were the transaction's, not the connection's
  });
});

it("BEGIN carries drizzle's transaction settings in its words", () => {
  expect(beginStatement()).toBe('begin');
  expect(beginStatement({ isolationLevel: 'serializable', accessMode: 'read only', deferrable: true })).toBe(
    'begin isolation level serializable read only deferrable',
  );
  expect(beginStatement({ isolationLevel: 'repeatable read', deferrable: false })).toBe(
    'begin isolation level repeatable read not deferrable',
  );
});
