/**
 * Pending entry orders and chart indicators in the web app against the real service (desktop,
 * 1440 px): a new user (demo book) switches RSI and volume on under the BTC chart (remembered
 * after a reload), places a buy limit 2 % below the price (the confirmation names the level, the
 * amount held and the book), finds it in All orders under "pending", and cancels it after
 * confirming, which empties the list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DESKTOP,
  launch,
  newContext,
  registeredCustomer,
  signIn,
  startService,
  textOf,
  type Device,
  type Service,
} from '../harness.ts';

const PASSWORD = 'Secret-pass-123';
let service: Service;
let browser: Browser;

beforeAll(async () => {
  [service, browser] = await Promise.all([startService(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

const WIDE = { ...DESKTOP, viewport: { width: 1440, height: 900 } } as unknown as Device;

describe('desktop: pending order and indicators', () => {
  let ctx: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const stamp = `p${Date.now().toString(36)}`;

  beforeAll(async () => {
    const { email } = await registeredCustomer(service.url, stamp, PASSWORD);
    ctx = await newContext(browser, WIDE, service.url);
    page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, email, PASSWORD);
  });
  afterAll(async () => ctx?.close());

  it('indicator toggles draw RSI and volume panes, remembered after a reload', async () => {
    await page.goto('/cruuency?code=BTCUSDT');
    await page.waitForSelector('[data-testid=candle-chart] .apexcharts-candlestick-series path', { timeout: 30_000 });
    await page.click('[data-testid=indicator-rsi]');
    await page.click('[data-testid=indicator-volume]');
    await page.click('[data-testid=indicator-sma]');
    await page.waitForSelector('[data-testid=rsi-chart] .apexcharts-line-series path');
    await page.waitForSelector('[data-testid=volume-chart] .apexcharts-bar-series path');
    await page.reload();
    await page.waitForSelector('[data-testid=rsi-chart]', { timeout: 30_000 });
    expect(await page.getAttribute('[data-testid=indicator-rsi]', 'aria-pressed')).toBe('true');
    expect(await page.getAttribute('[data-testid=candle-chart]', 'data-indicators')).toBe('sma rsi volume');
  });

  it('places a buy limit below the price, sees it under pending, cancels it after confirming', async () => {
    await page.waitForSelector('[data-testid=ticket]');
    await page.click('[data-testid=entry-limit]');
    await page.click('[data-testid=side-up]');
    const price = Number((await textOf(page, '[data-testid=fig-price]')).replace(/,/g, ''));
    const level = (Math.floor(price * 0.98 * 100) / 100).toFixed(2);
    await page.fill('[data-testid=entry-price]', level);
    // the level on the wrong side is explained before anything is sent
    await page.fill('[data-testid=entry-price]', (price * 1.05).toFixed(2));
    await page.waitForSelector('[data-testid=pending-problem]');
    expect(await page.locator('[data-testid=pending-review]').isDisabled()).toBe(true);
    await page.fill('[data-testid=entry-price]', level);
    await page.waitForSelector('[data-testid=pending-problem]', { state: 'detached' });
    await page.click('[data-testid=pending-review]');
    await page.waitForSelector('[data-testid=pending-confirm]');
    expect(await textOf(page, '[data-testid=pending-confirm-level]')).toBe(level);
    expect(await page.getAttribute('[data-testid=pending-confirm]', 'data-book')).toBe('demo');
    await page.click('[data-testid=pending-confirm-confirm]');
    await page.waitForSelector('[data-testid=pending-done]', { timeout: 15_000 });

    await page.goto('/profile/orders?tab=pending');
    await page.waitForSelector('[data-testid=pending-row]', { timeout: 15_000 });
    expect(await page.getAttribute('[data-testid=orders-tab-pending]', 'aria-selected')).toBe('true');
    expect(await page.locator('[data-testid=pending-row]').count()).toBe(1);
    await page.click('[data-testid=pending-cancel-open]');
    await page.waitForSelector('[data-testid=pending-cancel]');
    await page.click('[data-testid=pending-cancel-confirm]');
    await page.waitForSelector('[data-testid=orders-empty]', { timeout: 15_000 });
    expect(errors).toEqual([]);
  });
});
