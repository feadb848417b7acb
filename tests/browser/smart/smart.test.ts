/**
 * Smart plans in the web app against the real service, with a desktop and a phone user agent:
 * an operator proposes house capital for the yield reserve in the console and a second operator
 * confirms it (issue 32); a customer whose real book holds money
 * the ordinary way (a deposit claim an operator approved) opens /trading, sees the products with
 * daily and annual rates, the reserve with its declared and attested capital (English and Arabic)
 * and the disclosure, is stopped in demo mode, gets a refusal
 * in their language before anything is sent, buys a plan with the projected schedule on screen,
 * sees it in their plans, reads the exact exit quote and leaves early. Screenshots (desktop at
 * 1024 and 1440, phone, Arabic, Japanese) go to tests/browser/screenshots/.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  api,
  DESKTOP,
  MOBILE,
  newContext,
  OPERATOR,
  OPERATOR2,
  shot,
  startFundingPlatform,
  type Device,
  type Service,
  textOf,
  closeToasts,
  inLanguage,
  signIn,
  realCustomer,
} from '../harness.ts';

const PASSWORD = 'Secret-pass-123';

let service: Service;
let browser: Browser;
let opToken = '';

const operator = <T>(path: string, body?: unknown) =>
  api<T>(service.url, `/admin-api${path}`, { body, token: opToken, method: body ? 'POST' : 'GET' });

beforeAll(async () => {
  // the same platform with the smart plans' clock the test moves
  ({ service, browser, opToken } = await startFundingPlatform());
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

const steady = '[data-testid=smart-product][data-name="Steady 30"]';
const DAY_MS = 86_400_000;
/** Moves the service's smart clock `ms` further ahead (the file tests/server/movedClockService.ts reads). */
function moveSmartClock(ms: number) {
  const file = path.join(service.dataDir, 'smart-clock-offset');
  const now = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : 0;
  fs.writeFileSync(file, String(now + ms));
}
/** A purchase straight through the API in the real book, as another device of the same user would make it. */
async function buyAs(token: string, productName: string, amount: string, days: number): Promise<number> {
  const list = await api<{ products: Array<{ id: string; name: string }> }>(service.url, '/swx/customer/order/listSmartProduct');
  const productId = list.result.products.find((p) => p.name === productName)!.id;
  const r = await fetch(`${service.url}/swx/customer/order/buySmart`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: token, virtually: 'YES' },
    body: JSON.stringify({ productId, amount, days, clientKey: crypto.randomUUID() }),
  });
  return ((await r.json()) as { code: number }).code;
}
const text = textOf;
/** The seeded second operator's token: the one who confirms what the first proposes. */
async function operator2Token(): Promise<string> {
  const login = await api<{ token: string }>(service.url, '/swx/customer/login/login', {
    body: { account: OPERATOR2.email, password: OPERATOR2.password },
  });
  return login.result.token;
}

for (const device of [DESKTOP, MOBILE] as Device[]) {
  describe(`${device.name}: smart plans`, () => {
    let ctx: BrowserContext;
    let page: Page;
    const errors: string[] = [];
    const stamp = `s${device.name.slice(0, 1)}${Date.now().toString(36)}`;
    let customer: { username: string; token: string };

    beforeAll(async () => {
      customer = await realCustomer(service.url, opToken, stamp, '2000', PASSWORD);
      ctx = await newContext(browser, device, service.url);
      page = await ctx.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
    });
    afterAll(async () => ctx?.close());

    it('one operator proposes house capital in the console; it moves only when a second operator confirms it', async () => {
      const op = await newContext(browser, device, service.url);
      const p = await op.newPage();
      await p.goto('/');
      if (device === MOBILE) await p.click('[data-testid=board-skip]');
      await signIn(p, OPERATOR.email, OPERATOR.password);
      await p.goto('/admin/smart');
      await p.waitForSelector('[data-testid=adm-reserve-balance]');
      const before = await operator<{ balance: string }>('/smart/reserve');
      const shown = await text(p, '[data-testid=adm-reserve-balance]');
      await p.fill('[data-testid=reserve-amount]', '1000');
      await p.fill('[data-testid=reserve-note]', `browser test ${stamp}`);
      await p.fill('[data-testid=reserve-address]', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
      await p.fill('[data-testid=reserve-txHash]', crypto.randomBytes(32).toString('hex'));
      await p.click('[data-testid=reserve-propose]');
      const proposal = p.locator('[data-testid=funding-row][data-status=proposed]', { hasText: `browser test ${stamp}` });
      await proposal.waitFor();
      // the proposer sees no confirm button for its own proposal, and nothing moved
      expect(await proposal.locator('[data-testid=funding-confirm]').count()).toBe(0);
      expect(await text(p, '[data-testid=adm-reserve-balance]')).toBe(shown);
      const id = await proposal.getAttribute('data-id');
      const second = await operator2Token();
      const confirmed = await api<{ balance: string }>(service.url, `/admin-api/smart/reserve/${id}/confirm`, {
        body: {},
        token: second,
        method: 'POST',
      });
      expect(confirmed.code, confirmed.msg).toBe(200);
      await p.reload();
      const after = (Number(before.result.balance) + 1000).toFixed(6);
      await expect
        .poll(() => text(p, '[data-testid=adm-reserve-balance]'), { timeout: 10_000 })
        .toBe(`${after.replace(/\B(?=(\d{3})+\.)/g, ',')} USDT`);
      expect(await p.locator(`[data-testid=funding-row][data-id="${id}"]`).getAttribute('data-status')).toBe('confirmed');
      // the product forms come from their own query, which may answer after the reserve's
      await expect.poll(() => p.locator('[data-testid=smart-product-form]').count(), { timeout: 10_000 }).toBe(3);
      await shot(p, `${device.name}-admin-smart`);
      // a product edit: Long 90 sold up to 50,000 (the public list shows it below)
      const long = p.locator('[data-testid=smart-product-form][data-name="Long 90"]');
      await long.locator('[data-testid=sp-max]').fill('50000');
      await long.locator('[data-testid=sp-save]').click();
      await expect
        .poll(
          async () =>
            (
              await api<{ products: Array<{ name: string; maxAmount: string }> }>(
                service.url,
                '/swx/customer/order/listSmartProduct',
              )
            ).result.products.find((x) => x.name === 'Long 90')?.maxAmount,
          { timeout: 10_000 },
        )
        .toBe('50000.000000');
      // the per-user switch: off, then on again
      await p.fill('[data-testid=smart-user-q]', customer.username);
      await p.click('[data-testid=smart-user-search]');
      const row = p.locator(`[data-testid=smart-user][data-username=${customer.username}]`);
      await expect.poll(() => row.getAttribute('data-enabled'), { timeout: 10_000 }).toBe('true');
      await row.locator('[data-testid=smart-user-toggle]').click();
      await expect.poll(() => row.getAttribute('data-enabled'), { timeout: 10_000 }).toBe('false');
      expect(await buyAs(customer.token, 'Flexible 7', '100', 7)).toBe(10051);
      await row.locator('[data-testid=smart-user-toggle]').click();
      await expect.poll(() => row.getAttribute('data-enabled'), { timeout: 10_000 }).toBe('true');
      await op.close();
    });

    it('anyone sees the products with daily and annual rates, the reserve and the disclosure; demo mode cannot buy', async () => {
      await page.goto('/');
      if (device === MOBILE) await page.click('[data-testid=board-skip]');
      await signIn(page, customer.username, PASSWORD);
      await page.goto('/trading');
      await page.waitForSelector(steady);
      expect(await text(page, '[data-testid=smart-disclosure]')).toContain(
        "fixed rate paid from the platform's reserve, not a trading result",
      );
      expect(await text(page, `${steady} [data-testid=daily-rate]`)).toBe('0.016 %');
      expect(await text(page, `${steady} [data-testid=annual-rate]`)).toBe('5.84 %');
      expect(await text(page, '[data-testid=reserve-coverage]')).toBe('100 %');
      expect(await text(page, '[data-testid=smart-product][data-name="Long 90"]')).toContain('Amount 100 USDT to 50,000 USDT');
      expect(Number((await text(page, '[data-testid=reserve-balance]')).replace(/[^0-9.]/g, ''))).toBeGreaterThanOrEqual(1000);
      // the house capital as operators declared it, and how much of it is attested (none yet here)
      const { declaredCapital } = (
        await api<{ reserve: { declaredCapital: string } }>(service.url, '/swx/customer/order/listSmartProduct')
      ).result.reserve;
      expect(Number(declaredCapital)).toBeGreaterThanOrEqual(1000);
      expect((await text(page, '[data-testid=reserve-declared]')).replace(/[^0-9]/g, '')).toBe(
        Number(declaredCapital).toFixed(2).replace('.', ''),
      );
      expect(await text(page, '[data-testid=reserve-attested]')).toBe('none attested yet');
      expect(await text(page, '[data-testid=reserve-meaning]')).toContain(
        'It does not prove that the platform holds that money elsewhere',
      );
      // the demo book is the default: the form previews but says why it cannot buy
      await page.waitForSelector('[data-testid=smart-blocked][data-reason=demo]');
      expect(await page.locator('[data-testid=smart-submit]').count()).toBe(0);
      await page.click('[data-testid=smart-blocked] [role=radio]:nth-child(2)');
      await page.waitForSelector('[data-testid=smart-submit]');
    });

    it('buys a plan: refusal before sending, exact preview and chart, then the plan in my plans', async () => {
      await page.click(`${steady} [data-testid=smart-term]`);
      await page.fill('[data-testid=smart-amount]', '50');
      await page.click('[data-testid=smart-submit]');
      await expect.poll(() => page.getAttribute('[data-testid=smart-error]', 'data-code')).toBe('10013');
      // the refusal names the plan's bounds (issue 28 defect 6), not just "not valid"
      expect(await text(page, '[data-testid=smart-error]')).toMatch(
        /^The amount must be between \d[\d.,]* and \d[\d.,]* USDT\.$/,
      );
      await page.fill('[data-testid=smart-amount]', '1000');
      expect(await text(page, '[data-testid=smart-daily]')).toBe('0.160000 USDT');
      expect(await text(page, '[data-testid=smart-expected]')).toBe('4.800000 USDT');
      expect(await page.getAttribute('[data-testid=earnings-chart]', 'data-points')).toBe('30');
      expect(await page.locator('[data-testid=earnings-chart] rect').count()).toBe(30);
      await closeToasts(page, { waitGone: true });
      await page.locator('[data-testid=smart-form]').scrollIntoViewIfNeeded();
      await shot(page, `${device.name}-smart-buy`);
      await page.click('[data-testid=smart-submit]');
      // locking money is never one tap (issue 28): the dialog states the amount, the book and the lock; Back buys nothing
      const confirm = page.locator('[data-testid=smart-confirm]');
      await confirm.waitFor();
      expect(await confirm.getAttribute('data-book')).toBe('real');
      expect(await text(page, '[data-testid=smart-confirm-amount]')).toBe('1,000.00 USDT');
      expect(await text(page, '[data-testid=smart-confirm-text]')).toMatch(
        /^1,000\.00 USDT from your available balance is locked in .+ for 30 days, until /,
      );
      await page.click('[data-testid=smart-confirm-cancel]');
      await expect.poll(() => confirm.count()).toBe(0);
      expect(await page.locator('[data-testid=smart-bought]').count()).toBe(0);
      await page.click('[data-testid=smart-submit]');
      await confirm.waitFor();
      await shot(page, `${device.name}-smart-confirm`);
      await page.click('[data-testid=smart-confirm-submit]');
      await page.waitForSelector('[data-testid=smart-bought]', { timeout: 15_000 });
      await expect.poll(() => text(page, '[data-testid=toasts]')).toContain('Purchase successful');
      const plan = page.locator('[data-testid=smart-plan]').first();
      await expect.poll(() => plan.getAttribute('data-status'), { timeout: 10_000 }).toBe('earning');
      expect(await plan.locator('[data-testid=plan-progress]').textContent()).toBe('Day 0 of 30');
      expect(await plan.locator('[data-testid=plan-total]').textContent()).toBe('0.000000 USDT');
      // the promise while the plan runs: 30 days of 0.16
      expect(await plan.locator('[data-testid=plan-expected]').textContent()).toBe('4.800000 USDT');
      expect((await plan.locator('[data-testid=plan-next]').textContent())?.length).toBeGreaterThan(5);
      const bal = await api<{ assets: Array<{ asset: string; available: string }> }>(service.url, '/swx/customer/user/balances', {
        token: customer.token,
      });
      expect(bal.code).toBe(200);
      await closeToasts(page, { waitGone: true });
      await plan.scrollIntoViewIfNeeded();
      await shot(page, `${device.name}-smart-plans`);
    });

    it('a day later the payout lands on the open page: progress and earnings change without a reload', async () => {
      await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
      const plan = page.locator('[data-testid=smart-plan]').first();
      expect(await plan.getAttribute('data-days-paid')).toBe('0');
      moveSmartClock(DAY_MS + 60_000);
      await expect.poll(() => plan.getAttribute('data-days-paid'), { timeout: 15_000 }).toBe('1');
      expect(await plan.locator('[data-testid=plan-progress]').textContent()).toBe('Day 1 of 30');
      await expect.poll(() => plan.locator('[data-testid=plan-total]').textContent()).toBe('0.160000 USDT');
      expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);
      await closeToasts(page, { waitGone: true });
      await plan.scrollIntoViewIfNeeded();
      await shot(page, `${device.name}-smart-payout`);
    });

    it('exits early with the exact quoted penalty, confirmed in a dialog', async () => {
      const plan = page.locator('[data-testid=smart-plan]').first();
      await plan.locator('[data-testid=plan-exit]').click();
      await page.waitForSelector('[data-testid=exit-quote]');
      expect(await text(page, '[data-testid=quote-principal]')).toBe('1,000.000000 USDT');
      expect(await text(page, '[data-testid=quote-penalty]')).toBe('−20.000000 USDT');
      expect(await text(page, '[data-testid=quote-refund]')).toBe('980.000000 USDT');
      // the day paid stays paid; the 29 days not paid go back to the reserve
      expect(await text(page, '[data-testid=quote-yield]')).toBe('4.640000 USDT');
      await shot(page, `${device.name}-smart-exit`);
      // cancelling leaves the plan as it was
      await page.click('[data-testid=exit-cancel]');
      expect(await page.locator('[data-testid=exit-dialog]').count()).toBe(0);
      await plan.locator('[data-testid=plan-exit]').click();
      await page.click('[data-testid=exit-confirm]');
      await expect.poll(() => plan.getAttribute('data-status'), { timeout: 10_000 }).toBe('exited');
      expect(await plan.locator('[data-testid=plan-penalty]').textContent()).toBe('20.000000 USDT');
      expect(await plan.locator('[data-testid=plan-exit]').count()).toBe(0);
      // the exit ended the promise: no expected profit left on the card, what it paid is the total earned
      expect(await plan.locator('[data-testid=plan-expected]').count()).toBe(0);
      expect(await plan.locator('[data-testid=plan-total]').textContent()).toBe('0.160000 USDT');
      const bal = await fetch(`${service.url}/swx/customer/user/balances`, {
        headers: { Authorization: customer.token, virtually: 'YES' },
      }).then((r) => r.json() as Promise<{ result: { assets: Array<{ asset: string; available: string }> } }>);
      expect(bal.result.assets.find((a) => a.asset === 'USDT')?.available).toBe('1980.160000');
    });

    it('live: a plan bought elsewhere (another device of the same user) shows up with the new reserve figures, no reload', async () => {
      await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
      const committed = await text(page, '[data-testid=reserve-committed]');
      expect(await buyAs(customer.token, 'Flexible 7', '1000', 7)).toBe(20004);
      await expect.poll(() => page.locator('[data-testid=smart-plan][data-status=earning]').count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => text(page, '[data-testid=reserve-committed]'), { timeout: 10_000 }).not.toBe(committed);
      expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);
    });

    it("Arabic (right to left) and Japanese: the refusal in the user's language; screenshots", async () => {
      await inLanguage(page, 'ar', steady);
      await page.waitForSelector(steady);
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      // declared and attested in Arabic: the figure in Western digits, the words in Arabic
      const { reserve } = (
        await api<{ reserve: { declaredCapital: string } }>(service.url, '/swx/customer/order/listSmartProduct')
      ).result;
      expect((await text(page, '[data-testid=reserve-declared]')).replace(/[^0-9]/g, '')).toBe(
        Number(reserve.declaredCapital).toFixed(2).replace('.', ''),
      );
      expect(await text(page, '[data-testid=reserve-attested]')).toBe('لا شيء مُثبَت بعد');
      expect(await text(page, '[data-testid=reserve-meaning]')).toContain('ما تعنيه التغطية وما لا تعنيه');
      await page.click(`${steady} [data-testid=smart-term]`);
      await page.fill('[data-testid=smart-amount]', '50');
      await page.click('[data-testid=smart-submit]');
      await expect.poll(() => text(page, '[data-testid=smart-error]')).toMatch(/^يجب أن يكون المبلغ بين \d/);
      await page.fill('[data-testid=smart-amount]', '1000');
      await shot(page, `${device.name}-smart-ar`);
      await page.locator('[data-testid=smart-plans]').scrollIntoViewIfNeeded();
      await shot(page, `${device.name}-smart-ar-plans`);
      await inLanguage(page, 'ja', steady);
      await page.waitForSelector(steady);
      await page.click(`${steady} [data-testid=smart-term]`);
      await page.fill('[data-testid=smart-amount]', '1000');
      await shot(page, `${device.name}-smart-ja`);
      if (device === DESKTOP) {
        await inLanguage(page, 'en', steady);
        for (const width of [1024, 1440]) {
          await page.setViewportSize({ width, height: 900 });
          await page.waitForSelector(steady);
          await shot(page, `${device.name}-smart-${width}`);
        }
      }
      expect(errors).toEqual([]);
    });
  });
}
