/**
 * What other domains' screens may use of the chain's browser side: this module only. The wallet's
 * deposit panel asks which coins and networks are watched (the customer's own addresses).
 */
export { useChainAddresses } from './queries.ts';
