import type { Book } from '../../src/contract/constants.ts';
import type {
  BuyOptionsBody,
  CloseReason,
  Exposure,
  ListOptionsOrderQuery,
  OptionsPosition,
  OptionsProduct,
  PositionPage,
  UpdateStopsBody,
} from '../../src/contract/trading.ts';
import { exposure } from './exposure.ts';
import { buyOrder, closeOrder, listOrders, ownOrder, viewOf } from './orders.ts';
import { requireProduct } from './products.ts';
import { settleOrder, type CloseTick, type SettleOptions } from './settle.ts';
import { updateStops } from './stops.ts';
import { cancelPending, listPending, placePending } from './pending.ts';
import type { ListPendingQuery, PendingOrderPage, PendingOrderWire, PlacePendingBody } from '../../src/contract/pendingOrders.ts';
import type { TriggerEngine } from './engine.ts';
import type { TradingDeps } from './deps.ts';

export type { TradingDeps } from './deps.ts';

declare module '../platform/config.ts' {
  interface Config {
    /** Open positions allowed per user and book (default 200). */
    maxOpenPositions?: number;
  }
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
