/**
 * The wallet's door: the only module of src/services/wallet another domain imports
 * (eslint.config.js). It hands out only what other domains use.
 */
export { walletApi } from './api.ts';
export { passkeyRegisterFlow, passkeySignInFlow } from './protectionFlows.ts';
export { useAllowlist, usePasskeys, useRemovePasskey } from './protectionQueries.ts';
export { availableOf, useAvailable, useBalances, walletKeys } from './queries.ts';
export { typedByContent } from './rules.ts';
