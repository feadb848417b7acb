import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import type { Bus } from '../platform/bus/bus.ts';

/** What the NFT domain works with. */
export interface NftDeps {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  now: () => number;
  /** share of a sale donated, fixed into each NFT when it is listed (NFT_DONATION_SHARE, 0.9–1) */
  donationShare: string;
  /** the charity every sale donates to (NFT_CHARITY) */
  charity: string;
  /** the largest price or charity payout an operator may type (OPERATOR_AMOUNT_MAX, USDT) */
  amountMax: string;
}
