import { bigint, customType, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Raw bytes: node-postgres answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Stored files of the `db` blob store (server/platform/blobs/dbStore.ts, docs/storage.md): every
 * personal file, sealed before it gets here. `modifiedAt` (ms, the service clock) is the orphan
 * sweep's age, written by the service so that it and the sweep read one clock.
 */
export const blobs = pgTable('blobs', {
  key: text().primaryKey(),
  size: integer().notNull(),
  modifiedAt: bigint({ mode: 'number' }).notNull(),
  data: bytea().notNull(),
});
