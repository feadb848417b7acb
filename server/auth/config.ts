import { Type } from 'typebox';
import { BRAND_NAME_DEFAULT } from '../../src/contract/constants.ts';
import { configFragment, EMAIL, int, secret, text, url } from '../platform/env.ts';

/** Sign-in: OpenID Connect, the operators from configuration, sessions, codes and passkeys. */
declare module '../platform/config.ts' {
  interface Config {
    oidc?: { issuer: string; clientId: string; clientSecret: string; redirectUri: string };
    operatorEmail?: string;
    operatorPassword?: string;
    /**
     * A second operator from configuration (OPERATOR2_EMAIL / OPERATOR2_PASSWORD): operator
     * management takes two operators, so the console cannot grow from one alone (docs/security.md).
     */
    operator2Email?: string;
    operator2Password?: string;
    /**
     * Operators must have two-factor sign-in on to approve or reject money reviews
     * (OPERATOR_2FA_REQUIRED; default on in production, off elsewhere; 10217; docs/security.md).
     */
    operator2faRequired: boolean;
    /**
     * The operators' review window (docs/security.md, "Review window"): open at most this long after
     * its second factor (REVIEW_WINDOW_MINUTES, default 10, at most 60) and closed after this long
     * without a review (REVIEW_WINDOW_IDLE_MINUTES, default 5).
     */
    reviewWindowMs: number;
    reviewWindowIdleMs: number;
    /** A session's absolute lifetime (SESSION_TTL_HOURS, default 12). */
    sessionTtlMs: number;
    /** A session ends after this long without a request (SESSION_IDLE_MINUTES, default 30). */
    sessionIdleMs: number;
    /** "Remember me on this device": absolute and idle limit (SESSION_REMEMBER_DAYS, default 7). */
    sessionRememberMs: number;
    /**
     * The longest a signed-in check is served from memory before the database is asked again
     * (SESSION_CACHE_SECONDS, default 5; 0 = off). Revocations reach every instance at once through
     * the bus; this bounds one lost in transit (server/auth/sessionCache.ts).
     */
    sessionCacheMs: number;
    /** Verification codes sent per hour over all addresses (against mail bombing). */
    codesPerHourGlobal: number;
    /**
     * Passkeys (WebAuthn, server/auth/passkeys/passkeys.ts): the relying party id (a domain), the origin the
     * browser signs for, and the name authenticators show. Default: PUBLIC_URL's host and origin.
     */
    webauthn: { rpId: string; origin: string; rpName: string };
    /**
     * The service's name (BRAND_NAME, default the name the app shows): with PUBLIC_URL's host, one of
     * the context-specific words a new password may not be built from (10171; issue 41).
     */
    brandName: string;
    /** Requests a minute one API key may make, counted across instances (API_KEY_RATE_PER_MINUTE, default 600; 10369). */
    apiKeyRatePerMinute: number;
  }
}

/** The variables the auth domain reads (README, "Configuration"). */
export const AUTH_ENV = {
  OIDC_ISSUER: url(['https', 'http'], 'OpenID Connect issuer'),
  OIDC_CLIENT_ID: text('OpenID Connect client id'),
  OIDC_CLIENT_SECRET: secret(text('OpenID Connect client secret')),
  OIDC_REDIRECT_URI: url(['https', 'http'], 'OpenID Connect redirect URI'),
  OPERATOR_EMAIL: Type.Optional(
    Type.String({ pattern: EMAIL, maxLength: 254, description: 'the first operator account', hint: 'an e-mail address' }),
  ),
  OPERATOR_PASSWORD: secret(
    Type.Optional(Type.String({ minLength: 8, maxLength: 200, description: 'the first operator password' })),
  ),
  OPERATOR2_EMAIL: Type.Optional(
    Type.String({ pattern: EMAIL, maxLength: 254, description: 'a second operator account', hint: 'an e-mail address' }),
  ),
  OPERATOR2_PASSWORD: secret(
    Type.Optional(Type.String({ minLength: 8, maxLength: 200, description: 'the second operator password' })),
  ),
  OPERATOR_2FA_REQUIRED: Type.Optional(
    Type.Boolean({ description: 'operators need two-factor sign-in to review money (default: on in production)' }),
  ),
  REVIEW_WINDOW_MINUTES: int(1, 60, 10, "an operator's review window: open this long after one second factor"),
  REVIEW_WINDOW_IDLE_MINUTES: int(1, 60, 5, "an operator's review window closes after this long without a review"),
  WEBAUTHN_RP_ID: Type.Optional(
    Type.String({
      pattern: '^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$',
      description: "passkeys: the relying party id, a domain (default: PUBLIC_URL's host name)",
      hint: 'a lower-case domain such as trade.example.com',
    }),
  ),
  WEBAUTHN_ORIGIN: url(['https', 'http'], "passkeys: the origin the app runs at (default: PUBLIC_URL's origin)"),
  WEBAUTHN_RP_NAME: text('passkeys: the name authenticators show (default: BRAND_NAME)'),
  SESSION_TTL_HOURS: int(1, 24 * 365, 12, "a session's absolute lifetime"),
  SESSION_IDLE_MINUTES: int(1, 60 * 24 * 365, 30, 'a session ends after this long without a request'),
  SESSION_REMEMBER_DAYS: int(1, 365, 7, '"remember me": absolute and idle limit'),
  SESSION_CACHE_SECONDS: int(0, 60, 5, 'longest a session check is served from memory (0: the database on every request)'),
  BRAND_NAME: text("the service's name, refused as the base of a password", BRAND_NAME_DEFAULT),
  CODES_PER_HOUR_GLOBAL: int(1, 10_000_000, 500, 'verification codes per hour over all addresses'),
  API_KEY_RATE_PER_MINUTE: int(1, 100_000, 600, 'requests a minute one API key may make, over all instances'),
};

/** The passkeys' relying party: WEBAUTHN_* when set, else PUBLIC_URL's host name and origin. */
function webauthnConfig(
  publicUrl: string,
  e: { WEBAUTHN_RP_ID?: string; WEBAUTHN_ORIGIN?: string; WEBAUTHN_RP_NAME?: string; BRAND_NAME?: string },
) {
  const pub = new URL(publicUrl);
  return {
    rpId: e.WEBAUTHN_RP_ID ?? pub.hostname,
    origin: new URL(e.WEBAUTHN_ORIGIN ?? pub.origin).origin,
    rpName: e.WEBAUTHN_RP_NAME ?? e.BRAND_NAME ?? BRAND_NAME_DEFAULT,
  };
}

export const authConfig = configFragment(AUTH_ENV, (e) => {
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT ?? 3000}`;
  return {
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET ?? '',
            redirectUri: e.OIDC_REDIRECT_URI ?? `${publicUrl}/api/loginCallback/google`,
          }
        : undefined,
    operatorEmail: e.OPERATOR_EMAIL,
    operatorPassword: e.OPERATOR_PASSWORD,
    operator2Email: e.OPERATOR2_EMAIL,
    operator2Password: e.OPERATOR2_PASSWORD,
    operator2faRequired: e.OPERATOR_2FA_REQUIRED ?? e.NODE_ENV === 'production',
    reviewWindowMs: (e.REVIEW_WINDOW_MINUTES ?? 10) * 60_000,
    reviewWindowIdleMs: (e.REVIEW_WINDOW_IDLE_MINUTES ?? 5) * 60_000,
    sessionTtlMs: (e.SESSION_TTL_HOURS ?? 12) * 3600_000,
    sessionIdleMs: (e.SESSION_IDLE_MINUTES ?? 30) * 60_000,
    sessionRememberMs: (e.SESSION_REMEMBER_DAYS ?? 7) * 86_400_000,
    sessionCacheMs: (e.SESSION_CACHE_SECONDS ?? 5) * 1000,
    codesPerHourGlobal: e.CODES_PER_HOUR_GLOBAL ?? 500,
    webauthn: webauthnConfig(publicUrl, e),
    brandName: e.BRAND_NAME ?? BRAND_NAME_DEFAULT,
    apiKeyRatePerMinute: e.API_KEY_RATE_PER_MINUTE ?? 600,
  };
});
