import { call } from '../platform/api.ts';
import type { SmartBuyValues } from '../../machines/smart/smartBuy.ts';
// types only: the TypeBox builders of the contract stay out of the bundle that does not check bodies
import type {
  AdminReserve,
  AdminSmartProducts,
  FundReserveBody,
  SmartExitQuote,
  SmartPlan,
  SmartPlanPage,
  SmartPlanStatus,
  SmartProduct,
  SmartProductList,
  SmartUser,
  SmartUserList,
  UpdateSmartProductBody,
} from '../../contract/smart.ts';

export type {
  AdminReserve,
  SmartExitQuote,
  SmartPlan,
  SmartPlanPage,
  SmartProduct,
  SmartProductList,
  SmartUser,
  UpdateSmartProductBody,
};

const O = '/swx/customer/order';
const A = '/admin-api/smart';
const id = (v: string) => encodeURIComponent(v);

/**
 * Smart plan calls (docs/smart-plans.md). Plans live in the real book only: the list is read
 * with the real book's header whatever book is selected (it is the user's real money, shown
 * either way); buying and leaving go with the selected book, so the service refuses them in the
 * demo book (10033) and nothing is ever bought with real money from a screen in demo mode.
 */
export const smartApi = {
  /** public: products with each term's reserve cover, and the reserve */
  products: (signal?: AbortSignal) => call<SmartProductList>(`${O}/listSmartProduct`, { signal }),
  plans: (q: { pageNum: number; pageSize: number; status?: SmartPlanStatus }, signal?: AbortSignal) =>
    call<SmartPlanPage>(`${O}/listSmartOrder`, { query: q, signal, scope: { book: 'real' } }),
  /** `clientKey`: a retry with the same key answers the first plan */
  buy: (v: SmartBuyValues, clientKey: string, signal?: AbortSignal) =>
    call<SmartPlan>(`${O}/buySmart`, {
      method: 'POST',
      body: { productId: v.productId, amount: v.amount.trim(), days: v.days, clientKey },
      signal,
    }),
  exitQuote: (planId: string, signal?: AbortSignal) => call<SmartExitQuote>(`${O}/smartExitQuote/${id(planId)}`, { signal }),
  exit: (planId: string, signal?: AbortSignal) =>
    call<SmartPlan>(`${O}/exitSmart`, { method: 'POST', body: { id: planId }, signal }),
};

/** The operator's smart plan calls (every one audited on the service). */
export const smartAdminApi = {
  reserve: (signal?: AbortSignal) => call<AdminReserve>(`${A}/reserve`, { signal }),
  /** proposes a movement; another operator confirms it (`confirm`) before money moves */
  propose: (b: FundReserveBody, signal?: AbortSignal) =>
    call<AdminReserve>(`${A}/reserve`, { method: 'POST', body: { ...b }, signal }),
  confirm: (movementId: string, signal?: AbortSignal) =>
    call<AdminReserve>(`${A}/reserve/${id(movementId)}/confirm`, { method: 'POST', body: {}, signal }),
  reject: (movementId: string, signal?: AbortSignal) =>
    call<AdminReserve>(`${A}/reserve/${id(movementId)}/reject`, { method: 'POST', body: {}, signal }),
  products: (signal?: AbortSignal) => call<AdminSmartProducts>(`${A}/products`, { signal }),
  updateProduct: (productId: string, b: UpdateSmartProductBody, signal?: AbortSignal) =>
    call<SmartProduct>(`${A}/products/${id(productId)}`, { method: 'PUT', body: { ...b }, signal }),
  users: (q: string, signal?: AbortSignal) => call<SmartUserList>(`${A}/users`, { query: { q }, signal }),
  setUser: (userId: string, smartEnabled: boolean, signal?: AbortSignal) =>
    call<SmartUser>(`${A}/users/${id(userId)}`, { method: 'PUT', body: { smartEnabled }, signal }),
};
