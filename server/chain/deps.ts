import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import type { Bus } from '../platform/bus/bus.ts';
import type { Clock } from '../platform/clock.ts';
import type { EvmWatchConfig } from './config.ts';
import type { EvmClient } from './evm.ts';
import type { PayoutBook } from './payoutBook.ts';

/** What the chain domain works with: the platform's database, bus and clock, and each watched network's node. */
export interface ChainDeps {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  /** The platform clock (app.clock): every time the domain writes. */
  clock: Clock;
  /** The wallet's withdrawals on the chain, whose confirmations the chain job counts (server/wallet/payouts.ts). */
  payouts?: () => PayoutBook | undefined;
}

/** One watched network: its settings and its node. */
export interface Watched {
  cfg: EvmWatchConfig;
  evm: EvmClient;
}
