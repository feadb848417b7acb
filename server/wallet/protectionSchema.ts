import { bigserial, bigint, boolean, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../platform/identity/schema.ts';

/**
 * An address saved for withdrawals (server/wallet/allowlist.ts). Usable from `active_at`, the
 * time it was added plus ALLOWLIST_DELAY_HOURS. `address_key` is what withdrawals compare:
 * lower case where the network's addresses ignore case (Ethereum, bech32), as typed otherwise.
 */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    network: text().notNull(),
    address: text().notNull(),
    addressKey: text().notNull(),
    label: text().notNull(),
    activeAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('withdrawal_addresses_key').on(t.userId, t.network, t.addressKey)],
);

/**
 * "Withdraw only to saved addresses", per account. On at once; off only at `off_at` (set when
 * the user turned it off, ALLOWLIST_DELAY_HOURS later), until then it still applies.
 */
export const withdrawalAllowlist = pgTable('withdrawal_allowlist', {
  userId: bigint({ mode: 'bigint' })
    .primaryKey()
    .references(() => users.id),
  enabled: boolean().notNull().default(false),
  offAt: timestamp({ withTimezone: true }),
  changedAt: timestamp({ withTimezone: true }).notNull(),
});
