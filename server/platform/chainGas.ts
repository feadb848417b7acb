/**
 * The gas limits the platform's own transactions are given, one figure for the chain side (what it
 * checks a balance against) and the signer (what it signs): a fuel pays for exactly a token
 * transfer's limit, so the two must never drift apart.
 */

/** A plain ETH transfer: fixed by the protocol. */
export const NATIVE_TRANSFER_GAS = 21_000n;

/** One token (USDT) transfer: a payout's and a token sweep's limit, and what a fuel pays for. */
export const TOKEN_TRANSFER_GAS = 100_000n;
