/** The NFT sale arithmetic the service settles with and the order dialog states before it. */
import Decimal from 'decimal.js';

/** The donation of a sale: gross × the share fixed at listing, rounded down to USDT's 6 places. */
export const donationOf = (gross: string, share: string): string =>
  new Decimal(gross).mul(share).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6);
