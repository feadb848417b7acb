/**
 * The kyc domain's door in src/services: the only module of src/services/kyc another domain imports
 * (eslint.config.js). It hands out only what other domains use.
 */
export { kycReviewed } from './queries.ts';
