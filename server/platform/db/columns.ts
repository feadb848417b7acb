/**
 * The column sets the domains' tables share, written once (drizzle names each column after its
 * key, in snake_case: drizzle.config.ts). Each is a function, since a column builder belongs to
 * the one table it is given to.
 */
import { bigint, bigserial, numeric, timestamp } from 'drizzle-orm/pg-core';

/** A row's own id, from its serial. */
export const serialId = () => bigserial({ mode: 'bigint' }).primaryKey();

/** A customer's record: its own id and the user it belongs to. */
export const userOwned = () => ({ id: serialId(), userId: bigint({ mode: 'bigint' }).notNull() });

/** An amount of money: exact, 18 decimals, read as a decimal string (docs/ledger.md). */
export const money = () => numeric({ precision: 38, scale: 18 });

/** A point in time, with its zone. */
export const instant = () => timestamp({ withTimezone: true });

/**
 * An operator's review of a claim with four eyes above an amount: the first operator's approval,
 * then a different operator's decision that completes it (or the only one below the amount).
 */
export const fourEyesReview = () => ({
  firstApprovedBy: bigint({ mode: 'bigint' }),
  firstApprovedAt: instant(),
  reviewedBy: bigint({ mode: 'bigint' }),
  reviewedAt: instant(),
});
