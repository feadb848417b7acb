import { bigserial, bigint, index, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Reserves (server/proof/reserves/): the platform's on-chain wallets and its holdings per asset, as
 * operators record them (audited). Nothing here touches a customer's money.
 */
export const reserveWallets = pgTable(
  'reserve_wallets',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    asset: text().notNull(),
    network: text().notNull(),
    address: text().notNull(),
    label: text().notNull(),
    declaredBy: bigint({ mode: 'bigint' }).notNull(),
    declaredAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('reserve_wallets_address').on(t.network, t.address)],
);

/**
 * Holdings per asset; the newest row per asset is the current figure. With an attestor and a
 * report reference it is attested (a third party checked the wallets); without, only declared.
 */
export const reserveHoldings = pgTable(
  'reserve_holdings',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    asset: text().notNull(),
    amount: numeric({ precision: 38, scale: 18 }).notNull(),
    /** the moment the holdings were counted (not after the record) */
    asOf: timestamp({ withTimezone: true }).notNull(),
    attestor: text(),
    reportRef: text(),
    declaredBy: bigint({ mode: 'bigint' }).notNull(),
    declaredAt: timestamp({ withTimezone: true }).notNull(),
    clientKey: text(),
  },
  (t) => [
    index('reserve_holdings_asset').on(t.asset, t.id),
    uniqueIndex('reserve_holdings_client_key').on(t.declaredBy, t.clientKey),
  ],
);

export type ReserveHoldingRow = typeof reserveHoldings.$inferSelect;

export type ReserveWalletRow = typeof reserveWallets.$inferSelect;
