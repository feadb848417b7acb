/**
 * Domains whose screens are still to come: the chain's customer screens (the deposit screen's own
 * address and its live confirmations) and console page are the front end of the chain deposits,
 * not built yet; its texts live with the wallet's until then.
 */
export const NO_SCREENS_YET: readonly string[] = ['chain'];
