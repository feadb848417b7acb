import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Every transaction the signer signed (server/signer/signer.ts), written by the signer itself before
 * it answers: which withdrawal, from which wallet, with which nonce and fees. A withdrawal is
 * signed again only with the same nonce (a replacement, higher fees), and a nonce belongs to one
 * withdrawal: two signatures can never both pay.
 */
export const signerSignatures = pgTable(
  'signer_signatures',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    withdrawalId: bigint({ mode: 'bigint' }).notNull(),
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
  ],
);
