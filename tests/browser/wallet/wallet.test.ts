/**
 * The wallet in the web app against the real service, with a desktop and a phone user agent:
 * register → demo book (reset, switch) → real book → deposit with a real PNG proof through the
 * form → an operator approves it through /admin-api while the page stays open → the toast, the
 * balance and the record status change without a reload (live user events over /ws) → a
 * withdrawal with the exact fee preview → the hold. Notifications: bell badge, mark read.
 * Screenshots of the balance screen (desktop, mobile, Arabic) go to tests/browser/screenshots/.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  api,
  codeFor,
  DESKTOP,
  launch,
  MOBILE,
  newContext,
  shot,
  startService,
  type Device,
  type Service,
  textOf,
  operatorToken,
  closeToasts,
} from '../harness.ts';

// a real 1×1 PNG, and a text file that only pretends to be one
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d49444154089963f8ffffff7f0009fb03fd08d1e81e0000000049454e44ae426082',
  'hex',
);
const FAKE_PNG = Buffer.from('<script>alert(1)</script>');
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

let service: Service;
let browser: Browser;
let opToken = '';

async function operator<T>(path: string, body?: unknown): Promise<{ code: number; result: T }> {
  return api<T>(service.url, `/admin-api${path}`, { body, token: opToken, method: body ? 'POST' : 'GET' });
}

beforeAll(async () => {
  [service, browser] = await Promise.all([startService(), launch()]);
  opToken = await operatorToken(service.url);
  // the operator sets the receive address users see with its QR code
  expect((await operator('/deposit-addresses', { coin: 'USDT', network: 'TRC20', address: TRON })).code).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

const text = textOf;
const toasts = (page: Page) => text(page, '[data-testid=toasts]');
const usdt = (page: Page, col: 'available' | 'hold') =>
  text(page, `[data-testid=balances] tr[data-asset=USDT] [data-testid=${col}]`);

for (const device of [DESKTOP, MOBILE] as Device[]) {
  describe(`${device.name}: wallet`, () => {
    let ctx: BrowserContext;
    let page: Page;
    const errors: string[] = [];
    const stamp = `w${device.name.slice(0, 1)}${Date.now().toString(36)}`;
    const email = `${stamp}@example.test`;
    const password = 'Secret-pass-123';

    beforeAll(async () => {
      ctx = await newContext(browser, device, service.url);
      page = await ctx.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
    });
    afterAll(async () => ctx?.close());

    it('register, then the balance screen in demo mode: demo book, the switch, and the demo reset', async () => {
      await page.goto('/');
      if (device === MOBILE) {
        await page.click('[data-testid=board-skip]');
      }
      await page.goto('/pass/register');
      await page.fill('[data-testid=username]', `u_${stamp}`);
      await page.fill('input[name=email]', email);
      await page.click('[data-testid=send-code]');
      await page.fill('[data-testid=code]', await codeFor(service.url, email));
      await page.fill('[data-testid=password]', password);
      await page.fill('[data-testid=confirmPassword]', password);
      await page.check('[data-testid=consent]');
      await page.click('[data-testid=submit]');
      await page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });

      await page.goto('/profile/balance');
      await page.waitForSelector('[data-testid=balance][data-book=demo]');
      await expect.poll(() => usdt(page, 'available'), { timeout: 10_000 }).toBe('100,000.00');
      expect(await text(page, '[data-testid=demo-panel]')).toContain('Demo accounts cannot use this function');
      expect(await page.locator('[data-testid=deposit-form]').count()).toBe(0);
      // reset asks first
      await page.click('[data-testid=demo-reset]');
      await page.click('[data-testid=demo-reset-confirm]');
      await expect.poll(() => toasts(page), { timeout: 10_000 }).toContain('Demo balance reset');
      await closeToasts(page, { waitGone: true });
      await page.click('[data-testid=switch-real]');
      await page.waitForSelector('[data-testid=balance][data-book=real]');
      await expect.poll(() => toasts(page)).toContain('Switched to real account');
      await expect.poll(() => usdt(page, 'available'), { timeout: 10_000 }).toBe('0.00');
    });

    it('deposit: receive address with QR, client-side image check, then a real PNG proof → 20002, pending review', async () => {
      await page.waitForSelector('[data-testid=deposit-form]');
      expect(await text(page, '[data-testid=dep-address]')).toBe(TRON);
      expect(await page.getAttribute('[data-testid=dep-qr]', 'src')).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(await text(page, '[data-testid=dep-min]')).toContain('120 USDT');
      await page.click('[data-testid=dep-copy]');
      await expect.poll(() => toasts(page)).toMatch(/Copied successfully|Copy failed/);

      const txHash = crypto.randomBytes(32).toString('hex');
      await page.fill('[data-testid=dep-amount]', '100');
      await page.fill('[data-testid=dep-hash]', txHash);
      await page.fill('[data-testid=dep-last6]', '654321');
      await page.setInputFiles('[data-testid=dep-proof]', { name: 'proof.png', mimeType: 'image/png', buffer: FAKE_PNG });
      await page.click('[data-testid=dep-submit]');
      // below the minimum: refused before anything is sent, with the catalogue's message
      await expect.poll(() => page.getAttribute('[data-testid=dep-error]', 'data-code')).toBe('10037');
      expect(await text(page, '[data-testid=dep-error]')).toBe('The minimum deposit of USDT is 120');
      await page.fill('[data-testid=dep-amount]', '150.5');
      await page.click('[data-testid=dep-submit]');
      // a script named .png is refused by its bytes, in the browser already
      await expect.poll(() => page.getAttribute('[data-testid=dep-error]', 'data-code')).toBe('10039');
      await page.setInputFiles('[data-testid=dep-proof]', { name: 'proof.png', mimeType: 'image/png', buffer: PNG });
      await closeToasts(page, { waitGone: true });
      await shot(page, `${device.name}-deposit`);
      await page.click('[data-testid=dep-submit]');
      await page.waitForSelector('[data-testid=deposit-done]', { timeout: 15_000 });
      await expect.poll(() => toasts(page)).toContain('Deposit added and submitted for review');
      // the first notification (submitted) already shows on the bell
      await expect.poll(() => text(page, '[data-testid=bell-badge]'), { timeout: 10_000 }).toBe('1');
      await closeToasts(page, { waitGone: true });
      await page.click('[data-testid=tab-records]');
      await page.waitForSelector('[data-testid=deposit-row]');
      expect(await page.getAttribute('[data-testid=deposit-row]', 'data-status')).toBe('pending');
      expect(await text(page, '[data-testid=deposit-row] [data-testid=status]')).toBe('Pending review');
      expect(await usdt(page, 'available')).toBe('0.00');
    });

    it('an operator approves it through /admin-api: toast, balance, status and bell change without a reload', async () => {
      await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
      const queue = await operator<{ rows: { id: string; username: string; amount: string }[] }>('/deposits?status=pending');
      const mine = queue.result.rows.find((r) => r.username === `u_${stamp}`);
      expect(mine?.amount).toBe('150.500000');
      expect((await operator(`/deposits/${mine!.id}/approve`, {})).code).toBe(200);
      await expect.poll(() => toasts(page), { timeout: 15_000 }).toContain('Deposit of 150.5 USDT approved');
      await expect.poll(() => usdt(page, 'available'), { timeout: 10_000 }).toBe('150.50');
      await expect
        .poll(() => page.getAttribute('[data-testid=deposit-row]', 'data-status'), { timeout: 10_000 })
        .toBe('approved');
      expect(await text(page, '[data-testid=deposit-row] [data-testid=status]')).toBe('Approved');
      await expect.poll(() => text(page, '[data-testid=bell-badge]')).toBe('2');
      expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);
      await closeToasts(page, { waitGone: true });
      await shot(page, `${device.name}-balance`);
    });

    it('withdrawal: exact fee preview before submitting, then the amount sits on hold (20003)', async () => {
      await closeToasts(page, { waitGone: true });
      await page.click('[data-testid=tab-withdraw]');
      await page.waitForSelector('[data-testid=withdraw-form]');
      await page.selectOption('[data-testid=wd-method]', 'USDT-TRC20');
      expect(await text(page, '[data-testid=wd-fee-rate]')).toBe('1 %');
      await page.click('[data-testid=wd-max]');
      expect(await page.inputValue('[data-testid=wd-amount]')).toBe('150.5');
      expect(await text(page, '[data-testid=wd-fee]')).toBe('1.505000 USDT');
      expect(await text(page, '[data-testid=wd-receive]')).toBe('148.995000 USDT');
      // an address is required (10021), an amount beyond the balance is refused (10011)
      await page.fill('[data-testid=wd-amount]', '150.6');
      await page.click('[data-testid=wd-submit]');
      await expect.poll(() => page.getAttribute('[data-testid=wd-error]', 'data-code')).toBe('10021');
      await page.fill('[data-testid=wd-address]', TRON);
      await page.click('[data-testid=wd-submit]');
      await expect.poll(() => page.getAttribute('[data-testid=wd-error]', 'data-code')).toBe('10011');
      // the service checks the address checksum (10041) and the form shows its message
      await page.fill('[data-testid=wd-address]', TRON.slice(0, -1) + 'u');
      await page.fill('[data-testid=wd-amount]', '100.123457');
      expect(await text(page, '[data-testid=wd-fee]')).toBe('1.001234 USDT');
      expect(await text(page, '[data-testid=wd-receive]')).toBe('99.122223 USDT');
      await page.click('[data-testid=wd-submit]');
      await expect.poll(() => page.getAttribute('[data-testid=wd-error]', 'data-code'), { timeout: 10_000 }).toBe('10041');
      await page.fill('[data-testid=wd-address]', TRON);
      await page.click('[data-testid=wd-submit]');
      await page.waitForSelector('[data-testid=withdraw-done]', { timeout: 15_000 });
      await expect.poll(() => toasts(page)).toContain('Withdrawal added and submitted for review');
      // the balance list writes USDT at two places (cut, never rounded up); the record's transfer has every place
      await expect.poll(() => usdt(page, 'hold'), { timeout: 10_000 }).toBe('100.12');
      expect(await usdt(page, 'available')).toBe('50.37');
      await closeToasts(page, { waitGone: true });
      await page.click('[data-testid=tab-records]');
      await closeToasts(page, { waitGone: true });
      await page.click('[data-testid=records-withdrawals]');
      await page.waitForSelector('[data-testid=withdrawal-row][data-status=pending]');
      expect(await text(page, '[data-testid=withdrawal-row] [data-testid=status]')).toBe('Pending review');
      // the statement lists every ledger movement with its reason
      await closeToasts(page, { waitGone: true });
      // wide tables scroll inside their card: the page itself never scrolls sideways
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(device.viewport.width);
      await page.click('[data-testid=records-statement]');
      await page.waitForSelector('[data-testid=statement-row]');
      // one line per event: the hold is a move to held, never money leaving
      const kinds = await page.$$eval('[data-testid=statement-row]', (rows) => rows.map((r) => r.getAttribute('data-kind')));
      expect(kinds).toEqual(['withdrawal_requested', 'deposit_credited']);
      expect(await text(page, '[data-testid=statement-row] [data-testid=statement-label]')).toBe(
        'Withdrawal requested, amount on hold',
      );
      expect(await text(page, '[data-testid=statement-row] [data-testid=statement-net]')).toBe(
        '\u2212100.12 USDTheld \u2066+100.12 USDT\u2069',
      );
      // its transfer a click away, with both accounts and every place
      await page.click('[data-testid=statement-event]');
      await page.waitForSelector('[data-testid=statement-leg]');
      expect(await text(page, '[data-testid=statement-leg]')).toBe('Withdrawal on holdAvailable → On hold100.123457 USDT');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=statement-csv]')]);
      expect(download.suggestedFilename()).toMatch(/^statement-real-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await (await download.createReadStream()).toArray();
      expect(Buffer.concat(csv).toString()).toContain('deposit.approved');
      expect(errors).toEqual([]);
    });

    it("a rejection shows the operator's reason live; notifications: bell badge, mark one and all read", async () => {
      const queue = await operator<{ rows: { id: string; username: string }[] }>('/withdrawals?status=pending');
      const mine = queue.result.rows.find((r) => r.username === `u_${stamp}`);
      expect((await operator(`/withdrawals/${mine!.id}/reject`, { reason: 'Address under review' })).code).toBe(200);
      await expect
        .poll(() => toasts(page), { timeout: 15_000 })
        .toContain('Withdrawal of 100.123457 USDT rejected: Address under review');
      await closeToasts(page, { waitGone: true });
      await page.click('[data-testid=records-withdrawals]');
      await expect
        .poll(() => page.getAttribute('[data-testid=withdrawal-row]', 'data-status'), { timeout: 15_000 })
        .toBe('rejected');
      expect(await text(page, '[data-testid=withdrawal-row] [data-testid=reject-reason]')).toBe('Reason: Address under review');
      await expect.poll(() => usdt(page, 'available')).toBe('150.50');
      await expect.poll(() => text(page, '[data-testid=bell-badge]')).toBe('4');
      await closeToasts(page, { waitGone: true });
      await page.click('[data-testid=bell]');
      await page.waitForSelector('[data-testid=notification]');
      expect(await page.locator('[data-testid=notification][data-read=false]').count()).toBe(4);
      await page.locator('[data-testid=notification][data-kind="deposit.approved"] [data-testid=read-one]').click();
      await expect.poll(() => text(page, '[data-testid=bell-badge]')).toBe('3');
      await expect
        .poll(() => page.getAttribute('[data-testid=notification][data-kind="deposit.approved"]', 'data-read'))
        .toBe('true');
      await page.click('[data-testid=read-all]');
      await expect.poll(() => page.locator('[data-testid=bell-badge]').count()).toBe(0);
      await expect.poll(() => page.locator('[data-testid=notification][data-read=false]').count()).toBe(0);
      await shot(page, `${device.name}-notifications`);
    });

    it('Arabic: the balance screen right to left', async () => {
      await page.evaluate(() => localStorage.setItem('language', JSON.stringify('ar')));
      await page.goto('/profile/balance?tab=withdraw');
      await page.waitForSelector('[data-testid=withdraw-form]');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await expect.poll(() => text(page, '[data-testid=wd-submit]')).toBe('إرسال السحب');
      await page.fill('[data-testid=wd-amount]', '10');
      expect(await text(page, '[data-testid=wd-fee]')).toBe('0.100000 USDT');
      await shot(page, `${device.name}-ar-balance`);
      await page.evaluate(() => localStorage.setItem('language', JSON.stringify('en')));
      expect(errors).toEqual([]);
    });
  });
}
