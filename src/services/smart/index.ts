/**
 * The smart domain's door in src/services: the only module of src/services/smart another domain imports
 * (eslint.config.js). It hands out only what other domains use.
 */
export { useAdminReserve } from './queries.ts';
