import { AUTH_EVENT_TEXTS } from '../../src/contract/userEventTexts.ts';
import type { DomainManifest } from '../platform/domain.ts';
import passkeyRoutes from './passkeyRoutes.ts';
import passkeys from './passkeysPlugin.ts';
import accounts from './plugin.ts';
import authRoutes, { accountSessionRoutes } from './routes.ts';

/**
 * Accounts, sessions and passkeys (docs/auth.md). Its security events (a sign-in, a credential
 * changed) are told by every domain that changes credentials: two-factor sign-in raises them too.
 */
export default {
  name: 'auth',
  plugins: [accounts, passkeys], // app.accounts, app.passkeys
  routes: [authRoutes, accountSessionRoutes, passkeyRoutes],
  events: AUTH_EVENT_TEXTS,
  keyRoot: 'account',
} as const satisfies DomainManifest;
