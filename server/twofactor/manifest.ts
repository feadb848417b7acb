import type { DomainManifest } from '../platform/domain.ts';
import twoFactor from './plugin.ts';
import twoFactorRoutes from './routes.ts';

/**
 * Two-factor sign-in and step-up codes (docs/auth.md). Its plugin puts step-up checks on the routes
 * that need them, so it is registered before any route. Its events are auth's security events;
 * the app keeps its answers under auth's 'account' key root.
 */
export default {
  name: 'twofactor',
  plugins: [twoFactor], // app.twoFactor
  routes: [twoFactorRoutes],
} as const satisfies DomainManifest;
