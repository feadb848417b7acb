/**
 * The web app end to end, in Debian's chromium against the real service (fresh data folder, free
 * port), once with a desktop and once with a phone user agent: first visit, live prices, market
 * search, the detail chart, register → log in → log out, a forced 401 logout, Arabic (right to
 * left, mirrored) and Japanese. Screenshots of each main screen land in tests/browser/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  codeFor,
  DESKTOP,
  launch,
  MOBILE,
  shot,
  startService,
  type Device,
  type Service,
  pageForBlock,
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

const prices = (page: Page) =>
  page.$$eval('[data-testid=market-list] [data-testid=price]', (els) => els.map((e) => e.textContent ?? ''));

for (const device of [DESKTOP, MOBILE] as Device[]) {
  describe(`${device.name} shell`, () => {
    let page: Page;
    const errors = pageForBlock(
      device,
      () => ({ browser, base: service.url }),
      (p) => (page = p),
    );
    const stamp = `${device.name.slice(0, 1)}${Date.now().toString(36)}`;
    const email = `${stamp}@example.test`;
    const username = `u_${stamp}`;
    const password = 'Secret-pass-123';

    it('first visit: the right shell, markets listed with prices', async () => {
      await page.goto('/');
      await page.waitForSelector(`[data-shell=${device.name}]`);
      if (device === MOBILE) {
        // the onboarding board shows until dismissed, and stays dismissed for the browser session
        await page.waitForSelector('[data-testid=board]');
        await shot(page, `mobile-board`);
        await page.click('[data-testid=board-skip]');
        await expect.poll(() => page.locator('[data-testid=board]').count()).toBe(0);
        await page.reload();
        await page.waitForSelector('[data-testid=tab-bar]');
        expect(await page.locator('[data-testid=board]').count()).toBe(0);
        expect(await page.locator('[data-testid=tab-bar] a').count()).toBe(6);
      } else {
        expect(await page.locator('[data-testid=top-bar] nav a').count()).toBe(6);
        await page.waitForSelector('[data-testid=footer]');
      }
      await page.waitForSelector('[data-testid=market-list] tbody tr');
      expect((await prices(page)).every((p) => /^[0-9,]+(\.[0-9]+)?$/.test(p))).toBe(true);
      await page.waitForSelector('[data-testid=home-figures] dd');
      // the figures' time, a local clock time written without Intl (src/i18n/format.ts)
      expect(await page.textContent('[data-testid=figures-note]')).toMatch(/ at \d{2}:\d{2}\.$/);
      await expect.poll(() => page.getAttribute('[data-testid=feed-status]', 'data-state'), { timeout: 15_000 }).toBe('live');
      await shot(page, `${device.name}-home`);
    });

    it('live prices change on the home page without moving the layout', async () => {
      const before = await prices(page);
      const box = await page.locator('[data-testid=market-list] tbody tr').first().boundingBox();
      await expect
        .poll(async () => (await prices(page)).join('|') !== before.join('|'), { timeout: 20_000, interval: 500 })
        .toBe(true);
      const after = await page.locator('[data-testid=market-list] tbody tr').first().boundingBox();
      expect(after).toEqual(box);
      // every price on screen is labelled simulated (the built-in feed)
      expect(await page.locator('[data-testid=simulated-badge]').count()).toBeGreaterThan(0);
    });

    it('market search narrows the list', async () => {
      await page.goto('/market');
      await page.waitForSelector('[data-testid=market-list] tbody tr');
      const codes = () =>
        page.$$eval('[data-testid=market-list] tbody tr', (rows) => rows.map((r) => r.getAttribute('data-code')));
      expect(await codes()).toContain('BTCUSDT');
      await page.fill('[data-testid=market-search]', 'eth');
      await expect.poll(async () => (await codes()).includes('BTCUSDT'), { timeout: 10_000 }).toBe(false);
      expect(await codes()).toContain('ETHUSDT');
      await page.fill('[data-testid=market-search]', "'; DROP TABLE users; --<script>");
      await expect.poll(() => page.locator('[data-testid=market-list] tbody tr').count(), { timeout: 10_000 }).toBe(0);
      await page.fill('[data-testid=market-search]', '');
      await page.click('[data-testid=tab-forex]');
      await expect
        .poll(async () => page.$$eval('[data-testid=market-list] tbody tr', (rows) => rows.length), { timeout: 10_000 })
        .toBeGreaterThan(0);
      await shot(page, `${device.name}-market`);
    });

    it('the detail page draws the candlestick chart and labels simulated prices', async () => {
      await page.goto('/cruuency?code=BTCUSDT&type=crypto&id=1');
      await page.waitForSelector('[data-testid=currency]');
      await page.waitForSelector('[data-testid=candle-chart] .apexcharts-candlestick-series path', { timeout: 30_000 });
      expect(await page.locator('[data-testid=candle-chart] .apexcharts-candlestick-series path').count()).toBeGreaterThan(10);
      expect(await page.isVisible('[data-testid=simulated-badge]')).toBe(true);
      await page.click('[data-testid=interval-1h]');
      expect(await page.getAttribute('[data-testid=interval-1h]', 'aria-pressed')).toBe('true');
      await page.waitForSelector('[data-testid=candle-chart] .apexcharts-candlestick-series path');
      await shot(page, `${device.name}-detail`);
    });

    it('register (invite code from the link, code from the outbox) → logged in', async () => {
      await page.goto('/pass/register?invite=NOSUCH1');
      await page.waitForSelector('[data-testid=register-form]');
      expect(await page.inputValue('[data-testid=invite]')).toBe('NOSUCH1');
      // footer and tab bar are hidden on the sign-in screens
      expect(await page.locator('[data-testid=footer], [data-testid=tab-bar]').count()).toBe(0);
      await page.fill('[data-testid=invite]', '');
      await page.fill('[data-testid=username]', username);
      await page.fill('input[name=email]', email);
      // a weak password is refused before anything is sent
      await page.fill('[data-testid=password]', 'short');
      await page.fill('[data-testid=confirmPassword]', 'short');
      await page.fill('[data-testid=code]', '000000');
      await page.click('[data-testid=submit]');
      await page.waitForSelector('[data-testid=form-error]');
      await page.click('[data-testid=send-code]');
      await expect.poll(() => page.textContent('[data-testid=send-code]'), { timeout: 10_000 }).toMatch(/\d+ s/);
      const code = await codeFor(service.url, email);
      await page.fill('[data-testid=code]', code);
      await page.fill('[data-testid=password]', password);
      await page.fill('[data-testid=confirmPassword]', password);
      await page.check('[data-testid=consent]');
      await shot(page, `${device.name}-register`);
      await page.click('[data-testid=submit]');
      await page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
      await page.waitForSelector(device === DESKTOP ? '[data-testid=logout]' : '[data-testid=bell]');
      expect(await page.evaluate(() => localStorage.getItem('isLogin'))).toBe('true');
    });

    it('log out, then log in again', async () => {
      if (device === DESKTOP) await page.click('[data-testid=logout]');
      else {
        await page.goto('/profile');
        await page.click('[data-testid=profile-logout]');
      }
      await page.waitForURL((u) => u.pathname === '/pass/login', { timeout: 10_000 });
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await page.fill('[data-testid=account]', username);
      await page.fill('[data-testid=password]', 'Wrong-pass-999');
      await page.click('[data-testid=submit]');
      await page.waitForSelector('[data-testid=form-error]');
      await shot(page, `${device.name}-login`);
      await page.fill('[data-testid=password]', password);
      await page.click('[data-testid=submit]');
      await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
      await page.goto('/profile');
      await page.waitForSelector('[data-testid=total-balance]');
      await expect.poll(() => page.textContent('[data-testid=total-balance]'), { timeout: 10_000 }).toMatch(/[0-9]/);
      await shot(page, `${device.name}-profile`);
    });

    it('a session revoked on the server forces a logout to /pass/login', async () => {
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as string | null);
      expect(token).toBeTruthy();
      const out = await api(service.url, '/swx/customer/login/logout', { body: {}, token: token! });
      expect(out.code).toBe(200);
      await page.goto('/profile');
      await page.waitForURL((u) => u.pathname === '/pass/login', { timeout: 15_000 });
      expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('isLogin')])).toEqual([
        null,
        'false',
      ]);
      await page.waitForSelector('[data-testid=nav-login]');
    });

    it('Arabic: right to left, mirrored layout, and it survives a reload', async () => {
      await page.goto('/');
      await page.waitForSelector('[data-testid=market-list] tbody tr');
      const brandLtr = await page.locator('[data-testid=top-bar] a').first().boundingBox();
      const loginLtr = await page.locator('[data-testid=nav-login]').boundingBox();
      if (device === DESKTOP) await page.selectOption('[data-testid=language-select]', 'ar');
      else {
        await page.click('[data-testid=language-button]');
        await page.waitForSelector('[data-testid=language-modal][open]');
        await page.click('[data-lang=ar]');
      }
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
      await expect.poll(() => page.textContent('[data-testid=nav-login]')).toBe('تسجيل الدخول');
      const brandRtl = await page.locator('[data-testid=top-bar] a').first().boundingBox();
      const loginRtl = await page.locator('[data-testid=nav-login]').boundingBox();
      const width = device.viewport.width;
      // the brand moves from the left edge to the right edge, the login button the other way
      expect(brandLtr!.x).toBeLessThan(width / 2);
      expect(brandRtl!.x + brandRtl!.width).toBeGreaterThan(width / 2);
      expect(loginLtr!.x).toBeGreaterThan(loginRtl!.x);
      // numbers are not mirrored: prices still read left to right
      expect(
        await page
          .locator('[data-testid=market-list] [data-testid=price]')
          .first()
          .evaluate((e) => getComputedStyle(e).direction),
      ).toBe('ltr');
      await shot(page, `${device.name}-ar-home`);
      await page.reload();
      await page.waitForSelector('[data-testid=top-bar]');
      // applied before the first render: the first paint is already Arabic
      expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['rtl', 'ar']);
      await page.goto('/market');
      await page.waitForSelector('[data-testid=market-list] tbody tr');
      await shot(page, `${device.name}-ar-market`);
      await page.goto('/cruuency?code=ETHUSDT&type=crypto&id=2');
      await page.waitForSelector('[data-testid=candle-chart] .apexcharts-candlestick-series path', { timeout: 30_000 });
      await shot(page, `${device.name}-ar-detail`);
      await page.goto('/pass/register');
      await page.waitForSelector('[data-testid=register-form]');
      await shot(page, `${device.name}-ar-register`);
    });

    it('Japanese: left to right, Japanese strings, API messages in Japanese', async () => {
      await page.goto('/');
      await page.waitForSelector('[data-testid=top-bar]');
      if (device === DESKTOP) await page.selectOption('[data-testid=language-select]', 'ja');
      else {
        await page.click('[data-testid=language-button]');
        await page.click('[data-lang=ja]');
      }
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ja');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
      await expect.poll(() => page.textContent('[data-testid=nav-login]')).toBe('ログイン');
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('language') ?? '""'))).toBe('ja');
      // a refusal from the service reads in Japanese (the errors namespace)
      await page.goto('/pass/login');
      await page.fill('[data-testid=account]', username);
      await page.fill('[data-testid=password]', 'Wrong-pass-999');
      await page.click('[data-testid=submit]');
      await expect
        .poll(() => page.textContent('[data-testid=form-error]'), { timeout: 10_000 })
        .toMatch(/[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u);
      await page.goto('/');
      await page.waitForSelector('[data-testid=market-list] tbody tr');
      await shot(page, `${device.name}-ja-home`);
    });

    it('unknown paths go home; no script errors on the way', async () => {
      await page.goto('/no/such/page');
      await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
      expect(errors).toEqual([]);
    });
  });
}
