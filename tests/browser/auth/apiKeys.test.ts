/**
 * API keys in Chromium (docs/api.md, "Authentication with an API key"): on the security screen a
 * customer with two-factor sign-in on creates a key (the step-up dialog asks for the code), the
 * browser makes the Ed25519 pair with WebCrypto and offers the private key once; the downloaded
 * PEM then signs a request the service accepts, the key is listed with its last use, and revoked
 * from the list, after which the same signing is refused. Screenshots at 1440 and 390 px, in
 * English and Arabic.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generateSync } from 'otplib';
import { Err } from '../../../src/contract/errors.ts';
import {
  DESKTOP,
  MOBILE,
  api,
  inLanguage,
  launch,
  loginThroughPage,
  pageForBlock,
  registeredCustomer,
  shot,
  signIn,
  startService,
  type Service,
} from '../harness.ts';

let service: Service;
let browser: Browser;

beforeAll(async () => {
  [service, browser] = await Promise.all([startService(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

// the service in a browser test runs on the real clock, as an authenticator app and a key's signer do
const codeAt = (secret: string, offsetSeconds = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/** A request signed with the key, as examples/api-client.mjs makes it. */
async function signedBalances(id: string, privateKeyPem: string) {
  const path = '/swx/customer/user/balances';
  const ts = String(Date.now());
  const signature = crypto.sign(null, Buffer.from(`${ts}GET${path}`), crypto.createPrivateKey(privateKeyPem)).toString('base64');
  const r = await fetch(service.url + path, {
    headers: { 'x-api-key': id, 'x-api-timestamp': ts, 'x-api-signature': signature, virtually: 'NO' },
  });
  return ((await r.json()) as { code: number }).code;
}

const password = 'Api-keys-pass-123';

describe('API keys on the security screen (1440 px)', () => {
  let page: Page;
  const errors = pageForBlock(
    DESKTOP,
    () => ({ browser, base: service.url }),
    (p) => (page = p),
  );

  it('creates a key with the second factor, downloads its private key once, sees it listed, revokes it', async () => {
    const stamp = `ak${Date.now().toString(36)}`;
    const user = await registeredCustomer(service.url, stamp, password);
    // the desktop profile, 1440 px wide
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, user.username, password);
    // two-factor sign-in on (through the service, as the two-factor browser test does on screen)
    const setup = await api<{ secret: string }>(service.url, '/swx/customer/user/twoFactor/setup', {
      body: {},
      token: user.token,
    });
    const secret = setup.result.secret;
    expect(
      (await api(service.url, '/swx/customer/user/twoFactor/enable', { body: { code: codeAt(secret) }, token: user.token })).code,
    ).toBe(200);

    await page.goto('/profile/security');
    await page.waitForSelector('[data-testid=api-keys]');
    await page.fill('[data-testid=api-key-name]', 'Trading bot');
    await page.check('[data-testid=api-key-scope-trade]');
    await page.fill('[data-testid=api-key-ips]', '127.0.0.1, ::1, 10.0.0.0/8');
    // the allowlist is off: withdraw is not offered
    expect(await page.isDisabled('[data-testid=api-key-scope-withdraw]')).toBe(true);
    await page.click('[data-testid=api-key-create]');
    // the enabling used this step's code: the step-up takes the app's next one
    await page.waitForSelector('[data-testid=step-up-dialog]');
    await page.fill('[data-testid=step-up-code]', codeAt(secret, 30));
    await page.click('[data-testid=step-up-submit]');
    await page.waitForSelector('[data-testid=api-key-created]', { timeout: 30_000 });
    const id = (await page.textContent('[data-testid=api-key-created-id]'))!.trim();
    expect(id).toMatch(/^ak_[a-z0-9]{24}$/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=api-key-download]')]);
    const pem = fs.readFileSync((await download.path())!, 'utf8');
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    await page.locator('[data-testid=api-key-created]').scrollIntoViewIfNeeded();
    await shot(page, 'api-keys-created-1440-en');
    await page.click('[data-testid=api-key-done]');

    // the key the browser made signs for the account (the service runs on 127.0.0.1)
    expect(await signedBalances(id, pem)).toBe(200);
    await page.reload();
    const item = page.locator(`[data-testid=api-key][data-id=${id}]`);
    await expect.poll(() => item.textContent(), { timeout: 15_000 }).toContain('127.0.0.1');
    expect(await item.textContent()).toContain('Trading bot');
    await item.scrollIntoViewIfNeeded();
    await shot(page, 'api-keys-list-1440-en');

    await inLanguage(page, 'ar', '[data-testid=api-keys]');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await page.locator(`[data-testid=api-key][data-id=${id}]`).scrollIntoViewIfNeeded();
    await shot(page, 'api-keys-list-1440-ar');
    await inLanguage(page, 'en', '[data-testid=api-keys]');

    await page.locator(`[data-testid=api-key][data-id=${id}] [data-testid=api-key-revoke]`).click();
    await page.locator(`[data-testid=api-key][data-id=${id}] [data-testid=api-key-revoke-confirm]`).click();
    await expect
      .poll(() => page.getAttribute(`[data-testid=api-key][data-id=${id}]`, 'data-revoked'), { timeout: 15_000 })
      .toBe('true');
    expect(await signedBalances(id, pem)).toBe(Err.API_KEY_REVOKED);
    expect(errors).toEqual([]);
  });
});

describe('API keys on the security screen (390 px)', () => {
  let page: Page;
  const errors = pageForBlock(
    MOBILE,
    () => ({ browser, base: service.url }),
    (p) => (page = p),
  );

  it('shows the keys and the form on a phone, left to right and right to left', async () => {
    const stamp = `am${Date.now().toString(36)}`;
    const user = await registeredCustomer(service.url, stamp, password);
    // a key of the user's own tool: only its public key is sent
    const { publicKey } = crypto.generateKeyPairSync('ed25519');
    const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
    const made = await api(service.url, '/swx/customer/user/apiKeys', {
      body: { name: 'Reports', publicKey: raw, scopes: ['read'], ips: ['2001:db8::/32'] },
      token: user.token,
    });
    expect(made.code).toBe(200);
    await loginThroughPage(page, MOBILE, user.username, password);
    await page.goto('/profile/security');
    await page.waitForSelector('[data-testid=api-key]');
    await page.locator('[data-testid=api-keys]').scrollIntoViewIfNeeded();
    await shot(page, 'api-keys-390-en');
    await inLanguage(page, 'ar', '[data-testid=api-key]');
    await page.locator('[data-testid=api-keys]').scrollIntoViewIfNeeded();
    await shot(page, 'api-keys-390-ar');
    // no part of the panel is wider than the phone
    const overflow = await page.evaluate(() => {
      const d = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } })
        .document;
      return d.documentElement.scrollWidth - d.documentElement.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
