/**
 * The settings screen (/profile/settings, docs/frontend.md "Settings") and the instrument page's
 * address (docs/market.md, "Finding an instrument"), in the real app: on a phone the account page
 * leads to settings; a language chosen there is the app's language (the top bar's actor), the
 * demo/real switch is the session's, the security card reads the account's state. On a desktop
 * /cruuency finds its instrument by base code, by id and by code as before.
 * Run: `npx vite build && npx vitest run --project browser tests/browser/platform/settings.test.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MARKET_PATHS } from '../../../src/contract/market.ts';
import { api, DESKTOP, launch, MOBILE, newContext, registeredCustomer, shot, startService, type Service } from '../harness.ts';

let service: Service;
let browser: Browser;
let token = '';

beforeAll(async () => {
  [service, browser] = await Promise.all([startService(), launch()]);
  token = (await registeredCustomer(service.url, `set${Date.now().toString(36)}`, 'Secret-pass-123')).token;
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

async function signedInPage(device: typeof DESKTOP | typeof MOBILE): Promise<Page> {
  const ctx = await newContext(browser, device, service.url);
  await ctx.addInitScript(() => sessionStorage.setItem('showBoard', 'false'));
  const page = await ctx.newPage();
  await page.goto('/');
  await page.evaluate((tk) => {
    localStorage.setItem('token', JSON.stringify(tk));
    localStorage.setItem('isLogin', 'true');
  }, token);
  return page;
}
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

describe('settings on a phone', () => {
  it('the account page leads there; language, account mode and the security state act on the app itself', async () => {
    const page = await signedInPage(MOBILE);
    await page.goto('/profile');
    await page.click('[data-testid=profile-settings]');
    await page.waitForURL((u) => u.pathname === '/profile/settings');
    await page.waitForSelector('[data-testid=settings-two-factor][data-on=false]');
    expect(await page.textContent('[data-testid=settings-two-factor]')).toBe('Off');
    // its own query, answered independently of the two-factor one
    await expect.poll(() => page.textContent('[data-testid=settings-passkeys]')).toBe('0');
    expect(await page.getAttribute('[data-testid=settings-language] [data-lang=en]', 'aria-pressed')).toBe('true');
    await shot(page, 'mobile-settings');

    // a language here is the app's language: the page, <html lang> and what is stored for the next visit
    await page.click('[data-testid=settings-language] [data-lang=ja]');
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('ja');
    await expect.poll(() => page.textContent('h1')).toBe('設定');
    expect(await stored(page, 'language')).toBe('"ja"');
    expect(await page.getAttribute('[data-testid=settings-language] [data-lang=ja]', 'aria-pressed')).toBe('true');
    await page.click('[data-testid=settings-language] [data-lang=en]');
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');

    // the account mode is the session's book: the switch here changes what every screen shows
    const book = page.locator('[data-testid=settings-book]');
    expect(await book.textContent()).toContain('demo account');
    await book.locator('[role=radio]', { hasText: 'Real' }).click();
    await expect.poll(() => book.textContent()).toContain('real account');
    await expect.poll(() => stored(page, 'virtualStatus')).toBe('0');
    await page.goto('/profile/balance');
    await page.waitForSelector('[data-testid=balance][data-book=real]');

    // the way to the security screen
    await page.goto('/profile/settings');
    await page.click('[data-testid=settings-security-link]');
    await page.waitForURL((u) => u.pathname === '/profile/security');
    await page.waitForSelector('[data-testid=two-factor-state][data-on=false]');
    await page.context().close();
  }, 120_000);
});

describe('the instrument page on a desktop', () => {
  it('finds the instrument by base code (within its type), by id, and by its code as before', async () => {
    const page = await signedInPage(DESKTOP);
    const code = async () => {
      await page.waitForSelector('[data-testid=currency]');
      return (await page.textContent('[data-testid=currency-code]'))?.trim();
    };
    await page.goto('/cruuency?code=BTC');
    expect(await code()).toBe('BTCUSDT');
    await page.waitForSelector('[data-testid=price]');
    await page.goto('/cruuency?code=eur&type=forex');
    expect(await code()).toBe('EURUSD');
    const eth = (
      await api<{ rows: { code: string; id: string }[] }>(service.url, `${MARKET_PATHS.list}?type=crypto&search=ETHUSDT`)
    ).result.rows.find((r) => r.code === 'ETHUSDT')!;
    await page.goto(`/cruuency?type=crypto&id=${eth.id}`);
    expect(await code()).toBe('ETHUSDT');
    await page.goto('/cruuency?code=BTCUSDT&type=crypto&id=1');
    expect(await code()).toBe('BTCUSDT');
    await page.goto('/cruuency?code=BTC&type=stock');
    await page.waitForSelector('[data-testid=not-found]');
    await page.goto('/cruuency');
    await page.waitForSelector('[data-testid=not-found]');
    await page.context().close();
  }, 120_000);
});
