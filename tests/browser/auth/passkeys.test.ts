/**
 * Passkeys in Chromium with the DevTools protocol's virtual authenticator (CTAP2, internal,
 * resident keys, user verification): register a passkey on the security screen, sign out, sign in
 * with the "Sign in with a passkey" button, typing no password. The same screen saves a
 * withdrawal address and turns the allowlist on through its confirmation. The app runs on
 * `localhost` (a passkey's relying party is a domain, never an IP address); the service's
 * default WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN follow PUBLIC_URL, `http://localhost:<PORT>`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { DESKTOP, launch, newContext, registeredCustomer, shot, startService, type Service } from '../harness.ts';
import { addPasskey, virtualAuthenticator } from '../operatorConsole.ts';

let service: Service;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let cdp: CDPSession;
let authenticatorId: string;
let removeAuthenticator: (() => Promise<void>) | undefined;
const errors: string[] = [];

beforeAll(async () => {
  [service, browser] = await Promise.all([startService(), launch()]);
  ctx = await newContext(browser, DESKTOP, service.url.replace('127.0.0.1', 'localhost'));
  page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  ({ cdp, id: authenticatorId, remove: removeAuthenticator } = await virtualAuthenticator(page));
});
afterAll(async () => {
  await removeAuthenticator?.().catch(() => {});
  await ctx?.close();
  await browser?.close();
  await service?.stop();
});

describe('passkeys in Chromium', () => {
  const stamp = `pk${Date.now().toString(36)}`;
  const password = 'Passkey-pass-123';

  it('registers a passkey on the security screen, then signs in with it without a password', async () => {
    const user = await registeredCustomer(service.url, stamp, password);
    // signed in once with the password, the ordinary way
    await page.goto('/pass/login');
    await page.fill('[data-testid=account]', user.username);
    await page.fill('[data-testid=password]', password);
    await page.click('[data-testid=submit]');
    await page.waitForSelector('[data-testid=logout]');

    await addPasskey(page, 'Test laptop');
    expect(await page.locator('[data-testid=passkey]').count()).toBe(1);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

    // the allowlist: save an address (usable in 24 hours), turn it on after the confirmation
    await page.fill('[data-testid=al-address]', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    await page.fill('[data-testid=al-label]', 'cold wallet');
    await page.click('[data-testid=al-save]');
    await page.waitForSelector('[data-testid=al-saved]');
    await expect.poll(() => page.locator('[data-testid=saved-address]').count(), { timeout: 15_000 }).toBe(1);
    await page.click('[data-testid=allowlist-switch]');
    await page.click('[data-testid=allowlist-confirm]');
    await expect.poll(() => page.getAttribute('[data-testid=allowlist-status]', 'data-status'), { timeout: 15_000 }).toBe('on');
    await page.waitForSelector('[data-testid=limits-level]');
    await shot(page, 'desktop-security');

    await page.click('[data-testid=logout]');
    await page.waitForURL((u) => u.pathname === '/pass/login', { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // no name, no password: the authenticator offers its passkey for this site
    await page.click('[data-testid=passkey-login]');
    await page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
    await page.waitForSelector('[data-testid=logout]');
    expect(await page.inputValue('[data-testid=password]').catch(() => '')).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('isLogin'))).toBe('true');
    const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(after.credentials[0].signCount).toBeGreaterThan(credentials[0].signCount);
    expect(errors).toEqual([]);
  }, 120_000);
});
