import * as client from 'openid-client';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Err } from '../../src/contract/errors.ts';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/client.ts';
import { oidcLogins } from './schema.ts';
import { BizError } from '../platform/http/errors.ts';

/** How long a started Google sign-in may take before its state is refused. */
export const OIDC_LOGIN_TTL_MS = 10 * 60_000;

export interface OidcIdentity {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

/**
 * OpenID Connect authorization-code flow (openid-client v6) with PKCE, state and nonce.
 * The provider's metadata is discovered once and cached; a failed discovery is retried on
 * the next call. An http:// issuer is accepted (development and tests on loopback only:
 * production issuers such as https://accounts.google.com use https).
 */
export function createOidc(oidc: NonNullable<Config['oidc']>, db: Db, log: FastifyBaseLogger, now: () => number) {
  let configPromise: Promise<client.Configuration> | undefined;
  const configuration = () => {
    configPromise ??= (async () => {
      const issuer = new URL(oidc.issuer);
      const insecure = issuer.protocol === 'http:';
      return client.discovery(
        issuer,
        oidc.clientId,
        oidc.clientSecret || undefined,
        oidc.clientSecret ? client.ClientSecretPost(oidc.clientSecret) : client.None(),
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      );
    })().catch((err) => {
      configPromise = undefined;
      log.warn({ err }, 'OIDC discovery failed');
      throw new BizError(Err.GOOGLE_LOGIN_FAILED);
    });
    return configPromise;
  };

  return {
    /** Stores state, nonce and PKCE verifier server-side and returns the provider's URL. */
    async authorizationUrl(): Promise<{ url: string; state: string }> {
      const config = await configuration();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
      await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, new Date(now())));
      await db.insert(oidcLogins).values({ state, nonce, codeVerifier, expiresAt: new Date(now() + OIDC_LOGIN_TTL_MS) });
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: oidc.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state };
    },

    /**
     * Redeems the code the callback received. The state is single-use: it is deleted before
     * the exchange, so a replay finds nothing. Any failure is 10048 (details in the log).
     */
    async redeem(code: string, state: string, iss?: string): Promise<OidcIdentity> {
      const config = await configuration();
      const [pending] = await db
        .delete(oidcLogins)
        .where(and(eq(oidcLogins.state, state), gt(oidcLogins.expiresAt, new Date(now()))))
        .returning();
      if (!pending) throw new BizError(Err.GOOGLE_LOGIN_FAILED);
      const callback = new URL(oidc.redirectUri);
      callback.search = '';
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      // RFC 9207: providers that send `iss` are checked against it; the app's callback page
      // may not forward it, and with a single configured issuer a mix-up cannot happen.
      const meta = config.serverMetadata();
      if (iss !== undefined || meta.authorization_response_iss_parameter_supported)
        callback.searchParams.set('iss', iss ?? meta.issuer);
      try {
        const tokens = await client.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims?.sub) throw new BizError(Err.GOOGLE_LOGIN_FAILED);
        return {
          sub: String(claims.sub),
          email: typeof claims.email === 'string' ? claims.email : undefined,
          emailVerified: claims.email_verified === true,
          name: typeof claims.name === 'string' ? claims.name : undefined,
        };
      } catch (err) {
        if (err instanceof BizError) throw err;
        log.warn({ err }, 'OIDC code exchange failed');
        throw new BizError(Err.GOOGLE_LOGIN_FAILED);
      }
    },
  };
}
export type Oidc = ReturnType<typeof createOidc>;
