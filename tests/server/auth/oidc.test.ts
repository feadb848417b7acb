import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
// @ts-expect-error oidc-provider ships no type declarations (and @types/oidc-provider is not installed)
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcLogins } from '../../../server/auth/schema.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { useTestApp } from '../helpers.ts';
import { counts, get, L, post, registerByEmail, U } from '../auth.helpers.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';

/**
 * Google sign-in against a real OpenID Connect provider (oidc-provider) on a loopback port:
 * the test drives the browser's part of the flow with fetch (authorize -> login form ->
 * consent form -> redirect with code) and hands code and state to loginByGoogle, as the
 * app's /api/loginCallback/google page does.
 */
const REDIRECT = 'http://localhost:3000/api/loginCallback/google';
const claimsOf: Record<string, { email?: string; email_verified?: boolean; name?: string }> = {};

async function startProvider() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'tp-test',
        client_secret: 'tp-test-secret',
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: async (_ctx: unknown, sub: string) => ({ accountId: sub, claims: async () => ({ sub, ...claimsOf[sub] }) }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // put the scope's claims into the ID token, as Google does
    conformIdTokenClaims: false,
    cookies: { keys: ['oidc-test-cookie-key'] },
  });
  server.on('request', provider.callback());
  return { issuer, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Plays the user's browser: follows redirects, fills the login (as `sub`) and consent forms. */
async function signInAtProvider(authUrl: string, sub: string): Promise<{ code: string; state: string; iss?: string }> {
  const jar = new Map<string, string>();
  const step = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const kv = c.split(';')[0];
      const i = kv.indexOf('=');
      jar.set(kv.slice(0, i), kv.slice(i + 1));
    }
    return res;
  };
  let url = authUrl;
  for (let hops = 0; hops < 12; hops++) {
    const res = await step(url);
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url);
      if (next.href.startsWith(REDIRECT)) {
        const p = next.searchParams;
        if (p.get('error')) throw new Error(`provider error ${p.get('error')}: ${p.get('error_description')}`);
        return { code: p.get('code')!, state: p.get('state')!, iss: p.get('iss') ?? undefined };
      }
      url = next.href;
      continue;
    }
    const html = await res.text();
    expect(res.status, html.slice(0, 300)).toBe(200);
    const form: Record<string, string> = html.includes('name="login"')
      ? { prompt: 'login', login: sub, password: 'any' }
      : { prompt: 'consent' };
    const submitted = await step(url, {
      method: 'POST',
      body: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(submitted.status).toBeGreaterThanOrEqual(300);
    url = new URL(submitted.headers.get('location')!, url).href;
  }
  throw new Error('too many redirects');
}

describe('Google sign-in (OpenID Connect code flow with PKCE)', () => {
  let idp: Awaited<ReturnType<typeof startProvider>>;
  beforeAll(async () => {
    idp = await startProvider();
  });
  afterAll(async () => {
    await idp?.close();
  });
  const t = useTestApp(() => ({
    oidc: { issuer: idp.issuer, clientId: 'tp-test', clientSecret: 'tp-test-secret', redirectUri: REDIRECT },
  }));

  const startFlow = async () => {
    const res = await get(t, `${L}/googleAuthUrl`);
    expect(res.code, res.msg).toBe(Ok.SUCCESS);
    return res.result as { url: string; state: string };
  };
  const signIn = async (sub: string) => {
    const { url } = await startFlow();
    const cb = await signInAtProvider(url, sub);
    return post(t, `${L}/loginByGoogle`, { code: cb.code, state: cb.state });
  };

  it('googleAuthUrl points at the provider with PKCE, state and nonce, and keeps them server-side', async () => {
    const { url, state } = await startFlow();
    const u = new URL(url);
    expect(u.origin).toBe(idp.issuer);
    expect(u.searchParams.get('client_id')).toBe('tp-test');
    expect(u.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(u.searchParams.get('nonce')).toBeTruthy();
    expect(u.searchParams.get('state')).toBe(state);
    expect(u.searchParams.get('scope')).toContain('openid');
    const [row] = await t.app.db.select().from(oidcLogins).where(eq(oidcLogins.state, state));
    expect(row.codeVerifier).toBeTruthy();
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('a new Google user gets an account with the demo grant; the next sign-in finds the same account', async () => {
    claimsOf['g-100'] = { email: 'Gwen@Example.com', email_verified: true, name: 'Gwen' };
    const first = await signIn('g-100');
    expect(first.code, first.msg).toBe(Ok.SUCCESS);
    expect(first.result.user).toMatchObject({
      username: 'Gwen',
      email: 'gwen@example.com',
      hasPassword: false,
      role: 'customer',
    });
    const info = await post(t, `${U}/getUserInfo`, undefined, { token: first.result.token });
    expect(info.code).toBe(Ok.SUCCESS);
    expect(info.result.balances.demo.totalUsdt).toBe('100000.000000');
    const again = await signIn('g-100');
    expect(again.code).toBe(Ok.SUCCESS);
    expect(again.result.user.id).toBe(first.result.user.id);
    // a Google-only account has no password to log in with
    expect((await post(t, `${L}/login`, { account: 'gwen@example.com', password: 'Anything1' })).code).toBe(Err.PASSWORD_WRONG);
  });

  it('links Google to an existing account with the same verified e-mail', async () => {
    const existing = await registerByEmail(t, 'linda', 'linda@example.com');
    claimsOf['g-200'] = { email: 'linda@example.com', email_verified: true };
    const res = await signIn('g-200');
    expect(res.code).toBe(Ok.SUCCESS);
    expect(res.result.user.id).toBe(existing.user.id);
    const [row] = await t.app.db.select().from(users).where(eq(users.username, 'linda'));
    expect(row.googleSub).toBe('g-200');
  });

  it('an unverified e-mail does not link: a separate account without e-mail is made', async () => {
    const existing = await registerByEmail(t, 'uma', 'uma@example.com');
    claimsOf['g-300'] = { email: 'uma@example.com', email_verified: false };
    const res = await signIn('g-300');
    expect(res.code).toBe(Ok.SUCCESS);
    expect(res.result.user.id).not.toBe(existing.user.id);
    expect(res.result.user.email).toBeNull();
    expect(res.result.user.username).toMatch(/^uma_\d+$/);
  });

  it('refuses 10048: unknown state, replayed state, wrong code; nothing written', async () => {
    claimsOf['g-400'] = { email: 'vic@example.com', email_verified: true };
    const { url } = await startFlow();
    const cb = await signInAtProvider(url, 'g-400');
    const before = await counts(t);
    expect((await post(t, `${L}/loginByGoogle`, { code: cb.code, state: 'not-a-state' })).code).toBe(Err.GOOGLE_LOGIN_FAILED);
    expect((await post(t, `${L}/loginByGoogle`, { code: 'forged-code', state: cb.state })).code).toBe(Err.GOOGLE_LOGIN_FAILED);
    // the state was spent by the failed attempt: the real code cannot be used with it any more
    expect((await post(t, `${L}/loginByGoogle`, { code: cb.code, state: cb.state })).code).toBe(Err.GOOGLE_LOGIN_FAILED);
    expect(await counts(t)).toEqual(before);
    // the provider's iss, when forwarded, is checked
    const second = await startFlow();
    const cb2 = await signInAtProvider(second.url, 'g-400');
    expect((await post(t, `${L}/loginByGoogle`, { ...cb2, iss: 'https://evil.example.com' })).code).toBe(Err.GOOGLE_LOGIN_FAILED);
    const third = await startFlow();
    const cb3 = await signInAtProvider(third.url, 'g-400');
    expect((await post(t, `${L}/loginByGoogle`, cb3)).code).toBe(Ok.SUCCESS);
  });

  it('bad input: missing fields, wrong types, 10 kB strings, unknown fields -> 10030, nothing written', async () => {
    const before = await counts(t);
    const big = 'z'.repeat(10 * 1024);
    for (const payload of [
      { code: 'x' },
      { state: 'x' },
      { code: 1, state: 'x' },
      { code: big, state: 'x' },
      { code: 'x', state: big },
      { code: 'x', state: 'y', sub: 'admin' },
      { code: '', state: '' },
    ]) {
      const res = await post(t, `${L}/loginByGoogle`, payload);
      expect(res.code, JSON.stringify(payload).slice(0, 60)).toBe(Err.MALFORMED_REQUEST);
    }
    expect((await post(t, `${L}/loginByGoogle`, { code: "' OR 1=1 --", state: '<script>alert(1)</script>' })).code).toBe(
      Err.GOOGLE_LOGIN_FAILED,
    );
    expect((await get(t, `${L}/googleAuthUrl`, { redirect: 'https://evil.example.com' })).code).toBe(Err.MALFORMED_REQUEST);
    expect(await counts(t)).toEqual(before);
  });
});

describe('Google sign-in when OIDC is not configured', () => {
  const t = useTestApp({ oidc: undefined });

  it('googleAuthUrl and loginByGoogle answer 10048', async () => {
    expect((await get(t, `${L}/googleAuthUrl`)).code).toBe(Err.GOOGLE_LOGIN_FAILED);
    expect((await post(t, `${L}/loginByGoogle`, { code: 'abc', state: 'def' })).code).toBe(Err.GOOGLE_LOGIN_FAILED);
  });
});
