/**
 * The loans domain's door in src/services: the only module of src/services/loans another domain
 * imports (eslint.config.js). It hands out only what other domains use.
 */
export { loanReviewed } from './queries.ts';
