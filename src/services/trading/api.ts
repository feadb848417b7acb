import type { Book } from '../../contract/constants.ts';
import {
  positionFromWire,
  positionPageFromWire,
  productFromWire,
  TRADING_PATHS,
  type BuyOptionsBody,
  type Exposure,
  type OptionsOrderPageWire,
  type OptionsOrderWire,
  type OptionsOrderStatus,
  type OptionsPosition,
  type OptionsProduct,
  type OptionsProductWire,
  type OptionsRisk,
  type PositionPage,
  type UpdateStopsBody,
} from '../../contract/trading.ts';
import {
  PENDING_PATHS,
  type PendingOrderPage,
  type PendingOrderWire,
  type PlacePendingBody,
} from '../../contract/pendingOrders.ts';
import { call } from '../platform/api.ts';

/**
 * Trading calls. The wire's names (`fee`, `profit`, `period`, `leverage`, `periods`) are
 * translated here, once, with the contract's FromWire functions: everything above this module
 * works with OptionsProduct and OptionsPosition. Reads and writes carry the book they are for
 * (the `virtually` header), so an order goes to the book the confirmation dialog showed.
 */
export type OrdersQuery = { status?: OptionsOrderStatus; code?: string; pageNum: number; pageSize: number };
type BookScope = { book: Book };

export const tradingApi = {
  product: async (code: string, signal?: AbortSignal): Promise<OptionsProduct> =>
    productFromWire(await call<OptionsProductWire>(TRADING_PATHS.product + encodeURIComponent(code), { signal })),
  buy: async ({ book }: BookScope, body: BuyOptionsBody, signal?: AbortSignal): Promise<OptionsPosition> =>
    positionFromWire(await call<OptionsOrderWire>(TRADING_PATHS.buy, { method: 'POST', body, signal, scope: { book } })),
  order: async ({ book }: BookScope, id: string, signal?: AbortSignal): Promise<OptionsPosition> =>
    positionFromWire(await call<OptionsOrderWire>(TRADING_PATHS.get + encodeURIComponent(id), { signal, scope: { book } })),
  orders: async ({ book }: BookScope, q: OrdersQuery, signal?: AbortSignal): Promise<PositionPage> =>
    positionPageFromWire(await call<OptionsOrderPageWire>(TRADING_PATHS.list, { query: q, signal, scope: { book } })),
  close: async ({ book }: BookScope, id: string, signal?: AbortSignal): Promise<OptionsPosition> =>
    positionFromWire(
      await call<OptionsOrderWire>(TRADING_PATHS.close, { method: 'POST', body: { id }, signal, scope: { book } }),
    ),
  /** new stop-loss and take-profit of an open position (null removes one) */
  stops: async ({ book }: BookScope, body: UpdateStopsBody, signal?: AbortSignal): Promise<OptionsPosition> =>
    positionFromWire(await call<OptionsOrderWire>(TRADING_PATHS.stops, { method: 'POST', body, signal, scope: { book } })),
  /** a pending entry order (limit or stop): margin + fee at its level held until it fills, is cancelled or expires */
  placePending: ({ book }: BookScope, body: PlacePendingBody, signal?: AbortSignal) =>
    call<PendingOrderWire>(PENDING_PATHS.place, { method: 'POST', body, signal, scope: { book } }),
  cancelPending: ({ book }: BookScope, id: string, signal?: AbortSignal) =>
    call<PendingOrderWire>(PENDING_PATHS.cancel, { method: 'POST', body: { id }, signal, scope: { book } }),
  /** the book's orders still waiting for their level, newest first */
  pendingOrders: ({ book }: BookScope, pageNum: number, pageSize: number, signal?: AbortSignal) =>
    call<PendingOrderPage>(PENDING_PATHS.list, { query: { status: 'pending', pageNum, pageSize }, signal, scope: { book } }),
  /** the share of the book's positions closed in the last 90 days that lost money after fees */
  risk: (book: Book, signal?: AbortSignal) => call<OptionsRisk>(TRADING_PATHS.risk, { query: { book }, signal, scope: { book } }),
  /** operator console: open exposure per instrument (read-only) */
  exposure: (book: Book, signal?: AbortSignal) => call<Exposure>(TRADING_PATHS.exposure, { query: { book }, signal }),
};
