/**
 * The support domain's door in src/services: the only module of src/services/support another domain imports
 * (eslint.config.js). It hands out only what other domains use.
 */
export { useInvitees } from './queries.ts';
