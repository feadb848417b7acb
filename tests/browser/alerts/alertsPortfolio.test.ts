/**
 * Price alerts and the portfolio in the web app against the real service (desktop): a new user
 * with a demo position creates an alert from the BTC page (a level the price already passed is
 * refused inline first), sees it listed there and in the notification settings, then opens the
 * portfolio and finds parts that add up to the stated equity, the position's part included, and
 * the equity history chart. Screenshots go to tests/browser/screenshots/.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DESKTOP,
  launch,
  loginThroughPage,
  newContext,
  registeredCustomer,
  shot,
  startService,
  textOf,
  type Service,
} from '../harness.ts';

const PASSWORD = 'Secret-pass-123';
let service: Service;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  [service, browser] = await Promise.all([startService(), launch()]);
  const stamp = `al${Date.now().toString(36)}`;
  const { email, token } = await registeredCustomer(service.url, stamp, PASSWORD);
  // a demo position, so the portfolio has a positions part
  const opened = (await (
    await fetch(`${service.url}/swx/customer/order/buyOptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token, virtually: 'NO' },
      body: JSON.stringify({
        code: 'BTCUSDT',
        direction: 'up',
        lots: '0.01',
        leverage: 10,
        period: 3600,
        clientKey: crypto.randomUUID(),
      }),
    })
  ).json()) as { code: number; msg: string };
  expect(opened.code, opened.msg).toBe(20004);
  ctx = await newContext(browser, DESKTOP, service.url);
  page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await loginThroughPage(page, DESKTOP, email, PASSWORD);
});
afterAll(async () => {
  await ctx?.close();
  await browser?.close();
  await service?.stop();
});

describe('price alerts and portfolio', () => {
  it("creates an alert on the instrument page, lists it there and in the settings; the portfolio's parts add up", async () => {
    await page.goto('/cruuency?code=BTCUSDT');
    await page.waitForSelector('[data-testid=alert-form]');
    const price = Number((await textOf(page, '[data-testid=price]')).replace(/,/g, ''));
    expect(price).toBeGreaterThan(0);
    // "above" a level under the price: refused beside the form, nothing sent
    await page.click('[data-testid=alert-kind-above]');
    await page.fill('[data-testid=alert-value]', String(Math.floor(price * 0.9)));
    await page.click('[data-testid=alert-save]');
    expect(await page.getAttribute('[data-testid=alert-refusal]', 'data-code')).toBe('10297');
    await page.fill('[data-testid=alert-value]', String(Math.ceil(price * 1.1)));
    await page.click('[data-testid=alert-save]');
    await page.waitForSelector('[data-testid=alert-saved]');
    await expect.poll(() => page.locator('[data-testid=alert-row][data-status=active]').count()).toBe(1);
    expect(await textOf(page, '[data-testid=alerts-count]')).toContain('50');
    await shot(page, 'alerts-instrument-desktop');

    await page.goto('/profile/notification');
    await page.waitForSelector('[data-testid=alerts-list]');
    expect(await textOf(page, '[data-testid=alerts-list]')).toContain('BTCUSDT');

    await page.goto('/profile');
    await page.click('[data-testid=profile-portfolio]');
    await page.waitForURL((u) => u.pathname === '/profile/portfolio');
    await page.waitForSelector('[data-testid=portfolio-parts]');
    const part = async (p: string) => new Decimal((await page.getAttribute(`[data-testid=part-${p}]`, 'data-value'))!);
    const equity = new Decimal((await page.getAttribute('[data-testid=portfolio-equity]', 'data-value'))!);
    const sum = (await part('available'))
      .add(await part('held'))
      .add(await part('positions'))
      .add(await part('plans'))
      .add(await part('nfts'))
      .sub(await part('debt'));
    expect(sum.toFixed(6)).toBe(equity.toFixed(6));
    expect((await part('positions')).gt(0)).toBe(true);
    // a new account has one point: today's equity said in words, not a dot in an empty frame
    await page.waitForSelector('[data-testid=equity-lone]');
    expect(await textOf(page, '[data-testid=equity-lone]')).toMatch(/Today's equity .*USDT/s);
    expect(await page.$('[data-testid=equity-chart]')).toBeNull();
    await page.click('[data-testid=range-7]');
    await page.waitForSelector('[data-testid=equity-lone]');
    await shot(page, 'portfolio-desktop');
    expect(errors).toEqual([]);
  });
});
