import type { FastifyBaseLogger } from 'fastify';
import type { Book } from '../../src/contract/constants.ts';
import type {
  BuyOptionsBody, CloseReason, Exposure, ListOptionsOrderQuery, OptionsPosition, OptionsProduct, PositionPage, UpdateStopsBody,
} from '../../src/contract/trading.ts';
import type { Db } from '../db/client.ts';
import type { OptionsOrderRow, OptionsPendingOrderRow } from '../db/schema/index.ts';
import type { MarketService } from '../market/service.ts';
import type { Bus } from '../notify/bus.ts';
import { exposure } from './exposure.ts';
import { buyOrder, closeOrder, listOrders, ownOrder, viewOf } from './orders.ts';
import { requireProduct } from './products.ts';
import { settleOrder, type CloseTick, type SettleOptions } from './settle.ts';
import { updateStops } from './stops.ts';
import { cancelPending, listPending, placePending } from './pending.ts';
import type { ListPendingQuery, PendingOrderPage, PendingOrderWire, PlacePendingBody } from '../../src/contract/pendingOrders.ts';
import type { TriggerEngine } from './engine.ts';

declare module '../config.ts' {
  interface Config {
    /** Open positions allowed per user and book (default 200). */
    maxOpenPositions?: number;
  }
}

/** What the trading domain works with. */
export interface TradingDeps {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  market: MarketService;
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

/**
 * Leveraged options trading (`app.trading`, docs/trading.md): products, positions in both books,
 * settlement, the operators' exposure view. Money moves only through the ledger; statuses only
 * along src/machines/optionsOrder.ts. The trigger engine (engine.ts) closes positions through
 * `settle`.
 */
export class TradingService {
  /** The trigger engine while this instance leads it (server/trading/engine.ts). */
  engine?: TriggerEngine;

  constructor(readonly deps: TradingDeps) {}

  now(): number {
    return this.deps.now();
  }

  /** The product of a listed instrument (10014 for anything else). */
  product(code: string): OptionsProduct {
    return requireProduct(this.deps.market, code, { maxOpenPositions: this.deps.maxOpenPositions }).product;
  }

  buy(userId: bigint, book: Book, body: BuyOptionsBody): Promise<OptionsPosition> {
    return buyOrder(this.deps, userId, book, body);
  }

  async get(userId: bigint, book: Book, id: bigint): Promise<OptionsPosition> {
    return viewOf(this.deps, await ownOrder(this.deps.db, userId, book, id));
  }

  list(userId: bigint, book: Book, q: ListOptionsOrderQuery): Promise<PositionPage> {
    return listOrders(this.deps, userId, book, q);
  }

  close(userId: bigint, book: Book, id: bigint): Promise<OptionsPosition> {
    return closeOrder(this.deps, userId, book, id);
  }

  /** New stop-loss and take-profit for an open position, checked against the current price. */
  updateStops(userId: bigint, book: Book, id: bigint, body: UpdateStopsBody): Promise<OptionsPosition> {
    return updateStops(this.deps, userId, book, body, id);
  }

  /** Closes a position at a tick for a reason (the engine's entry); a closed one is left as it is. */
  settle(id: bigint, reason: CloseReason, tick: CloseTick, opts?: SettleOptions) {
    return settleOrder(this.deps, id, reason, tick, opts);
  }

  /** A pending entry order: margin + fee held until the price reaches its level (docs/trading.md). */
  placePending(userId: bigint, book: Book, body: PlacePendingBody): Promise<PendingOrderWire> {
    return placePending(this.deps, userId, book, body);
  }

  cancelPending(userId: bigint, book: Book, id: bigint): Promise<PendingOrderWire> {
    return cancelPending(this.deps, userId, book, id);
  }

  listPending(userId: bigint, book: Book, q: ListPendingQuery): Promise<PendingOrderPage> {
    return listPending(this.deps, userId, book, q);
  }

  exposure(book: Book): Promise<Exposure> {
    return exposure(this.deps, book);
  }
}
