/**
 * The wallet's door: the only module of src/services/wallet another domain imports
 * (eslint.config.js). Light on purpose: what it hands out reaches the home page's JavaScript when
 * an eager module imports it.
 */
export { depositClaim, depositCredited } from './changes.ts';
