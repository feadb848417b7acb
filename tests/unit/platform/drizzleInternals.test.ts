/**
 * A canary for the places that lean on drizzle's and node-postgres's internals: server/platform/db/pgTransactions.ts
 * (the lighter `transaction` on PostgreSQL, built from drizzle's own session and transaction
 * classes) and server/platform/db/userWrites.ts (which wraps `transaction` on the handle and on every
 * transaction for its savepoints). Every transfer of money goes through them, so an upgrade of
 * drizzle-orm fails here first, loudly, instead of in a money path: re-read both files against the
 * new version, run the server tests on both databases, then move the pinned version below.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';

/** The drizzle-orm the two files were last checked against. */
const CHECKED_AGAINST = '0.45.4';
/** The node-postgres whose connection internals pgTransactions.ts holds back. */
const PG_CHECKED_AGAINST = '8.23.1';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('drizzle internals the transactions rely on', () => {
  it(`the installed drizzle-orm is ${CHECKED_AGAINST}, the version pgTransactions.ts and userWrites.ts were checked against`, () => {
    const installed = (
      JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/drizzle-orm/package.json'), 'utf8')) as { version: string }
    ).version;
    expect(installed, 'drizzle-orm changed: re-check server/platform/db/pgTransactions.ts and userWrites.ts').toBe(
      CHECKED_AGAINST,
    );
  });

  it('a node-postgres handle exposes its dialect and its session schema and options', async () => {
    // no connection is made: drizzle and the pool connect on the first query only
    const pool = new pg.Pool({ connectionString: 'postgresql://127.0.0.1:1/none' });
    try {
      const db = drizzle(pool, { casing: 'snake_case' }) as unknown as {
        dialect: { sqlToQuery?: unknown };
        session: Record<string, unknown>;
        transaction?: unknown;
      };
      expect(typeof db.dialect?.sqlToQuery).toBe('function');
      expect('schema' in db.session).toBe(true);
      expect('options' in db.session).toBe(true);
      expect(typeof db.transaction).toBe('function');
    } finally {
      await pool.end();
    }
  });

  it("a transaction built from drizzle's own classes on a client has the query and savepoint methods", async () => {
    const pool = new pg.Pool({ connectionString: 'postgresql://127.0.0.1:1/none' });
    try {
      const db = drizzle(pool, { casing: 'snake_case' }) as unknown as {
        dialect: ConstructorParameters<typeof NodePgSession>[1];
        session: {
          schema: ConstructorParameters<typeof NodePgSession>[2];
          options: ConstructorParameters<typeof NodePgSession>[3];
        };
      };
      const client = { query: async () => ({ rows: [] }) } as unknown as pg.PoolClient;
      const tx = new NodePgTransaction(
        db.dialect,
        new NodePgSession(client, db.dialect, db.session.schema, db.session.options),
        db.session.schema,
      ) as unknown as Record<string, unknown>;
      for (const method of ['transaction', 'execute', 'select', 'insert', 'update', 'delete', 'rollback']) {
        expect(typeof tx[method], method).toBe('function');
      }
      // the ledger sends its transfer on the session's own client (server/platform/ledger/ledger.ts)
      expect((tx.session as { client?: unknown }).client).toBe(client);
    } finally {
      await pool.end();
    }
  });

  it(`node-postgres ${PG_CHECKED_AGAINST}'s client writes through a socket it can hold back (pgTransactions.ts corks it)`, () => {
    const installed = (
      JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/pg/package.json'), 'utf8')) as { version: string }
    ).version;
    expect(installed, 'pg changed: re-check heldBack in server/platform/db/pgTransactions.ts').toBe(PG_CHECKED_AGAINST);
    // no connection is made: the client connects on its first query only
    const client = new pg.Client({ connectionString: 'postgresql://127.0.0.1:1/none' }) as unknown as {
      connection: { stream: { cork?: unknown; uncork?: unknown } };
    };
    expect(typeof client.connection.stream.cork).toBe('function');
    expect(typeof client.connection.stream.uncork).toBe('function');
  });
});
