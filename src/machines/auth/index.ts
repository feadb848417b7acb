/**
 * The auth domain's door in src/machines: the only module of src/machines/auth another domain imports
 * (eslint.config.js). It hands out only what other domains use.
 */
export { passkeyRegisterMachine } from './passkeyRegister.ts';
export { passkeySignInMachine } from './passkeySignIn.ts';
export { type SessionEvent, type sessionMachine } from './session.ts';
