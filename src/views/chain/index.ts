/**
 * What other domains' screens may use of the chain's: this module only. The wallet's deposit panel
 * asks which coins and networks are watched (the customer's own addresses) and renders the chain's
 * parts for them; the operator console renders the chain page.
 */
export { useChainAddresses } from '../../services/chain/index.ts';
export { ChainAuto } from './ChainAuto.tsx';
export { ChainConsole } from './ChainConsole.tsx';
export { ChainDeposits } from './ChainDeposits.tsx';
export { ChainReceive } from './ChainReceive.tsx';
