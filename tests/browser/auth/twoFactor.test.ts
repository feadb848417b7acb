/**
 * Two-factor sign-in in Chromium (docs/security.md, "Two-factor sign-in"): enrolment from the
 * security screen (the QR code and the secret, the first code, the recovery codes shown once),
 * the anti-phishing phrase, then signing out and in again: the password alone leads to the code
 * step, and the code from the secret the screen showed opens the session. Codes are computed here
 * with otplib from that secret, as an authenticator app would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generateSync } from 'otplib';
import { DESKTOP, launch, registeredCustomer, shot, signIn, startService, type Service, pageForBlock } from '../harness.ts';

let service: Service;
let browser: Browser;

beforeAll(async () => {
  [service, browser] = await Promise.all([startService(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

/** The code an app shows `offsetSeconds` from now (the next step is accepted too: one step of drift). */
// the service in a browser test runs on the real clock
const codeAt = (secret: string, offsetSeconds = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

describe('two-factor sign-in', () => {
  let page: Page;
  const errors = pageForBlock(
    DESKTOP,
    () => ({ browser, base: service.url }),
    (p) => (page = p),
  );
  const stamp = `tf${Date.now().toString(36)}`;
  const password = 'Secret-pass-123';

  it('enrols from the security screen, then a sign-in needs the code after the password', async () => {
    const { username } = await registeredCustomer(service.url, stamp, password);
    await signIn(page, username, password);
    await page.goto('/profile');
    await page.click('[data-testid=profile-security]');
    await page.click('[data-testid=two-factor-start]');
    const secret = (await page.textContent('[data-testid=two-factor-secret]'))!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.fill('[data-testid=two-factor-confirm-code]', codeAt(secret));
    await page.click('[data-testid=two-factor-confirm]');
    await expect
      .poll(() => page.locator('[data-testid=recovery-codes] li, [data-testid=form-error]').count(), { timeout: 60_000 })
      .toBeGreaterThan(0);
    expect(await page.locator('[data-testid=form-error]').count()).toBe(0);
    expect(await page.locator('[data-testid=recovery-codes] li').count()).toBe(10);
    await shot(page, 'two-factor-recovery-codes');
    await page.click('[data-testid=recovery-codes-done]');
    await expect.poll(() => page.getAttribute('[data-testid=two-factor-state]', 'data-on'), { timeout: 30_000 }).toBe('true');

    await page.fill('[data-testid=anti-phishing-input]', 'Blue Otter 7');
    await page.click('[data-testid=anti-phishing-save]');
    await expect
      .poll(() => page.textContent('[data-testid=anti-phishing-current]'), { timeout: 30_000 })
      .toContain('Blue Otter 7');

    await page.goto('/profile');
    await page.click('[data-testid=profile-logout]');
    await page.waitForURL((u) => u.pathname === '/pass/login');
    await page.fill('[data-testid=account]', username);
    await page.fill('[data-testid=password]', password);
    await page.click('[data-testid=submit]');
    // the password alone opens no session: the code step
    await page.waitForSelector('[data-testid=two-factor-form]');
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('token'),
      ),
    ).toBeNull();
    await page.fill('[data-testid=two-factor-code]', '000000' === codeAt(secret, 30) ? '111111' : '000000');
    await page.click('[data-testid=two-factor-submit]');
    await expect.poll(() => page.getAttribute('[data-testid=form-error]', 'data-code'), { timeout: 30_000 }).toBe('10210');
    // the enrolment used this step's code: the app's next one (one step of drift is accepted)
    await page.fill('[data-testid=two-factor-code]', codeAt(secret, 30));
    await page.click('[data-testid=two-factor-submit]');
    await page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
    expect(errors).toEqual([]);
  });
});
