import { AUTH_EVENT_TEXTS } from '../../src/contract/userEventTexts.ts';
import type { DomainManifest } from '../platform/domain.ts';
import passkeyRoutes from './passkeys/routes.ts';
import passkeys from './passkeys/plugin.ts';
import accounts from './plugin.ts';
import authRoutes, { accountSessionRoutes } from './routes.ts';
import twoFactor from './twofactor/plugin.ts';
import twoFactorRoutes from './twofactor/routes.ts';

/**
 * Accounts, sessions, passkeys and two-factor codes (docs/auth.md). Its security events (a sign-in,
 * a credential changed) are told by every domain that changes credentials. The two-factor plugin
 * puts step-up checks on the routes that need them, so it is registered, as every plugin, before
 * any route.
 */
export default {
  name: 'auth',
  plugins: [accounts, passkeys, twoFactor], // app.accounts, app.passkeys, app.twoFactor
  routes: [authRoutes, accountSessionRoutes, passkeyRoutes, twoFactorRoutes],
  events: AUTH_EVENT_TEXTS,
  keyRoot: 'account',
} as const satisfies DomainManifest;
