/**
 * What the market's routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  addWatchlist: {
    operationId: 'addWatchlist',
    summary: 'Add an instrument to my watchlist',
    description: "Adds an instrument to the caller's watchlist (adding one already there changes nothing).",
    refusals: [Err.INSTRUMENT_NOT_FOUND],
  },
  removeWatchlist: {
    operationId: 'removeWatchlist',
    summary: 'Remove an instrument from my watchlist',
    description: "Removes an instrument from the caller's watchlist (removing one not there changes nothing).",
    refusals: [],
  },
  listWatchlist: {
    operationId: 'listWatchlist',
    summary: 'My watchlist with current prices',
    description:
      "The instruments on the caller's watchlist with their last price, 24h change and sparkline, as listMarketByType answers them.",
    refusals: [],
  },
  listMarketByType: {
    operationId: 'listMarketByType',
    summary: 'Instruments of a type with their prices, paged',
    description:
      'The market list: instruments of one type (or all), optionally searched, with the last price, the 24h change (`zdf`) and the sparkline (`hundred`), paged (`pageNum`, `pageSize`). Prices come from the configured feed; the simulator is labelled simulated.',
    refusals: [],
  },
  getKValueByCodeAndDate: {
    operationId: 'getKValueByCodeAndDate',
    summary: 'Candles of an instrument',
    description: 'Candles (open, high, low, close, volume) of one instrument at an interval over a time range, oldest first.',
    refusals: [Err.INSTRUMENT_NOT_FOUND],
  },
  getMarketInfo: {
    operationId: 'getMarketInfo',
    summary: 'One instrument with its price',
    description: 'One instrument: its names, type, precision, trading hours, last price and 24h figures.',
    refusals: [Err.INSTRUMENT_NOT_FOUND],
  },
  findMarket: {
    operationId: 'findMarket',
    summary:
      'The instrument an instrument page (/cruuency?code&type&id) names: the exact code, else the id, else the code as a base asset (BTC → BTCUSDT) within type',
    description:
      'Resolves the instrument an instrument page (/cruuency?code&type&id) names: the exact code, else the id, else the code read as a base asset (BTC \u2192 BTCUSDT) within the type. A query with neither code nor id is refused with 10030.',
    refusals: [Err.INSTRUMENT_NOT_FOUND],
  },
  getMarketStats: {
    operationId: 'getMarketStats',
    summary: 'Market-wide figures',
    description:
      'Market-wide figures for the home page: instruments listed, gainers and losers, computed from the current prices.',
    refusals: [],
  },
  getMarketLogo: {
    operationId: 'getMarketLogo',
    summary: 'An instrument logo (SVG)',
    description: 'The logo of an instrument or asset as an SVG image (cached a day).',
    refusals: [Err.NOT_FOUND],
  },
} as const satisfies Record<string, RouteDoc>;
