/**
 * The market domain's door in src/services: the only module of src/services/market another domain imports
 * (eslint.config.js). It hands out only what other domains use.
 */
export { useMarketList } from './listQuery.ts';
