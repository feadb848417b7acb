import { AUTH_EVENT_TEXTS } from '../../src/contract/userEventTexts.ts';
import type { DomainManifest } from '../platform/domain.ts';
import apiKeys from './apiKeys/plugin.ts';
import apiKeyRoutes from './apiKeys/routes.ts';
import guard from './guard.ts';
import passkeyRoutes from './passkeys/routes.ts';
import passkeys from './passkeys/plugin.ts';
import accounts from './plugin.ts';
import authRoutes, { accountSessionRoutes } from './routes.ts';
import twoFactor from './twofactor/plugin.ts';
import twoFactorRoutes from './twofactor/routes.ts';
import reviewWindowRoutes from './twofactor/reviewWindowRoutes.ts';
import { authConfig } from './config.ts';
import { seedOperator } from './seedOperator.ts';

/** The mail texts it sends (src/locales/<lng>/mail.json). */
const mailKeys = [
  'code.subject',
  'code.register',
  'code.login',
  'code.reset',
  'security.subject',
  'security.password_changed',
  'security.password_reset',
  'security.google_linked',
  'security.hold',
  'security.passkey_added',
  'security.passkey_removed',
  'security.two_factor_enabled',
  'security.two_factor_disabled',
  'security.api_key_created',
  'security.api_key_new_ip',
  'security.api_key_revoked',
] as const;
declare module '../platform/mail/mailText.ts' {
  interface MailKeys {
    auth: (typeof mailKeys)[number];
  }
}

/** The reasons of its ledger transfers (their texts: the statement's `reasons`, every language). */
const ledgerReasons = ['demo.grant'] as const;
declare module '../platform/ledger/reasons.ts' {
  interface LedgerReasons {
    auth: (typeof ledgerReasons)[number];
  }
}

/**
 * Accounts, sessions, passkeys and two-factor codes (docs/auth.md). Its security events (a sign-in,
 * a credential changed) are told by every domain that changes credentials. The two-factor plugin
 * puts step-up checks on the routes that need them, so it is registered, as every plugin, before
 * any route.
 */
export default {
  name: 'auth',
  // the guard first (requireUser, requireOperator, optionalUser, req.book): every route of every domain uses it
  plugins: [guard, accounts, passkeys, twoFactor, apiKeys], // app.accounts, app.passkeys, app.twoFactor, app.apiKeys
  routes: [authRoutes, accountSessionRoutes, passkeyRoutes, twoFactorRoutes, apiKeyRoutes],
  adminRoutes: [reviewWindowRoutes],
  events: AUTH_EVENT_TEXTS,
  keyRoot: 'account',
  config: authConfig,
  seed: seedOperator,
  mailKeys,
  ledgerReasons,
  openApiTags: [
    { name: 'login', description: 'Registration, sign-in, codes and password reset' },
    { name: 'user', description: 'The signed-in account: profile, sessions, two-factor sign-in, document access' },
    { name: 'passkeys', description: 'Passkeys (WebAuthn): register, sign in, remove' },
    {
      name: 'apiKeys',
      description: 'API keys (Ed25519): register a public key with scopes and an IP allowlist, list, revoke (docs/api.md)',
    },
  ],
} as const satisfies DomainManifest;
