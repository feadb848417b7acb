import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Every transaction the signer signed (server/signer/signer.ts), written by the signer itself before
 * it answers: which withdrawal, from which wallet, with which nonce and fees. A withdrawal is
 * signed again only with the same nonce (a replacement, higher fees), and a nonce belongs to one
 * withdrawal: two signatures can never both pay. Sweeps (server/signer/sweeps.ts) are recorded here
 * too: `fuel`, the gas the hot wallet sends a deposit address before a token sweep (a hot-wallet
 * nonce, so one payouts can never take), and `sweep`, a deposit address's transfer to the hot
 * wallet; both name their sweep instead of a withdrawal.
 */
export const signerSignatures = pgTable(
  'signer_signatures',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    kind: text().$type<'payout' | 'fuel' | 'sweep'>().notNull().default('payout'),
    withdrawalId: bigint({ mode: 'bigint' }),
    sweepId: bigint({ mode: 'bigint' }),
    chainId: integer().notNull(),
    fromAddress: text().notNull(),
    nonce: integer().notNull(),
    txHash: text().notNull(),
    maxFeePerGas: text().notNull(),
    maxPriorityFeePerGas: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('signer_signatures_tx').on(t.txHash),
    index('signer_signatures_withdrawal').on(t.withdrawalId),
    index('signer_signatures_nonce').on(t.chainId, t.fromAddress, t.nonce),
    index('signer_signatures_sweep').on(t.sweepId),
    check(
      'signer_signatures_names_one',
      sql`(${t.kind} = 'payout') = (${t.withdrawalId} is not null) and (${t.kind} = 'payout') = (${t.sweepId} is null)`,
    ),
  ],
);
