/**
 * The routes an API key may call, each with the scope it needs (docs/api.md, "Scopes"). Named by
 * method and full URL, as the step-up routes are (server/auth/twofactor/stepUp.ts), so the domains'
 * routes stay as they are; a route not listed here refuses a key (10368): account security,
 * sessions, the keys themselves, identity documents, support and the operator API (whose guard
 * never reads a key at all). tests/server/auth/apiKeys.test.ts fails when a listed route is not
 * registered, so a renamed route cannot leave a stale entry.
 */
import type { ApiKeyScope } from '../../../src/contract/apiKeys.ts';

export const API_KEY_ROUTES: Readonly<Record<string, ApiKeyScope>> = {
  // the account, its money and its records
  'POST /swx/customer/user/getUserInfo': 'read',
  'GET /swx/customer/user/balances': 'read',
  'GET /swx/customer/user/statement': 'read',
  'GET /swx/customer/user/listRecharge': 'read',
  'GET /swx/customer/user/listWithdrwal': 'read',
  'GET /swx/customer/user/withdrawalMethods': 'read',
  'GET /swx/customer/user/withdrawalLimits': 'read',
  'GET /swx/customer/user/allowlist': 'read',
  'GET /swx/customer/user/depositAddresses': 'read',
  'GET /swx/customer/user/listNotifications': 'read',
  'GET /swx/customer/user/watchlist/list': 'read',
  'GET /swx/customer/portfolio/summary': 'read',
  'GET /swx/customer/portfolio/history': 'read',
  'GET /swx/customer/order/listOptionsOrder': 'read',
  'GET /swx/customer/order/getOptionsOrderById/:id': 'read',
  'GET /swx/customer/order/listPendingOptions': 'read',
  'GET /swx/customer/order/listSmartOrder': 'read',
  'GET /swx/customer/order/smartExitQuote/:id': 'read',
  'GET /swx/customer/user/listLoanRecord': 'read',
  'GET /swx/customer/user/listNft': 'read',
  'GET /swx/customer/alerts/list': 'read',
  // orders and plans: open, change, close
  'POST /swx/customer/order/buyOptions': 'trade',
  'POST /swx/customer/order/closeOptions': 'trade',
  'POST /swx/customer/order/updateOptionsStops': 'trade',
  'POST /swx/customer/order/placePendingOptions': 'trade',
  'POST /swx/customer/order/cancelPendingOptions': 'trade',
  'POST /swx/customer/order/buySmart': 'trade',
  'POST /swx/customer/order/exitSmart': 'trade',
  // only to saved addresses, with the allowlist on (server/auth/apiKeys/authenticate.ts)
  'POST /swx/customer/user/withdrawal': 'withdraw',
};

export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

/** The scope a route needs of a key, or undefined when it takes none. */
export const scopeOf = (method: string, url: string | undefined): ApiKeyScope | undefined =>
  url === undefined || url.startsWith('/admin-api/') ? undefined : API_KEY_ROUTES[routeKey(method, url)];
