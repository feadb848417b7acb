/**
 * The auth domain's door in src/services: the only module of src/services/auth another domain imports
 * (eslint.config.js). It hands out only what other domains use.
 */
export { useMarkRead, useNotifications } from './account.ts';
