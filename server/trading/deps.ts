import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import type { OptionsOrderRow } from './schema.ts';
import type { OptionsPendingOrderRow } from './pendingSchema.ts';
import type { MarketService } from '../market/index.ts';
import type { Bus } from '../platform/bus/bus.ts';
import type { UserReads } from '../platform/userReads.ts';

/** What the trading domain works with. */
export interface TradingDeps {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  market: MarketService;
  /** A user's own reads kept in memory (server/platform/userReads.ts): the pages of their positions. */
  reads: UserReads;
  /** the service clock (ms): the market's, so tests that pin one pin both */
  now: () => number;
  maxOpenPositions?: number;
  /** Told of every position opened or closed here after its commit (the trigger engine keeps its index with it). */
  onOpened?: (row: OptionsOrderRow) => void;
  onClosed?: (row: OptionsOrderRow) => void;
  /** ... and of every stop-loss / take-profit change here */
  onStopsChanged?: (row: OptionsOrderRow) => void;
  /** ... and of every pending entry order placed, and ended (filled, refused, cancelled, expired) here */
  onPendingPlaced?: (row: OptionsPendingOrderRow) => void;
  onPendingEnded?: (row: OptionsPendingOrderRow) => void;
}
