/**
 * The content domain's door in src/services: the only module of src/services/content another domain imports
 * (eslint.config.js). It hands out only what other domains use.
 */
export { useContentLists, useGoogleSignIn, usePasswordContext, useWithdrawHoldHours } from './queries.ts';
