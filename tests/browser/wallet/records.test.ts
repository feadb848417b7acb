/**
 * The balance page's Records read like a statement (docs/ledger.md, "Statement"): after a whole
 * story (deposit, a position opened and closed, a smart plan bought and left early, a withdrawal
 * requested and sent) each event is one line with its label in the page's language and its net
 * changes, which add up to the balance; a click opens its transfers. In English, Arabic and
 * Japanese, on a 1440 px desktop and a 390 px phone. Screenshots go to tests/browser/screenshots/.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  closeToasts,
  DESKTOP,
  inLanguage,
  loginThroughPage,
  MOBILE,
  newContext,
  OPERATOR2,
  ROOT,
  realCustomer,
  shot,
  startFundingPlatform,
  api,
  type Device,
  type Service,
} from '../harness.ts';

const PASSWORD = 'Secret-pass-123';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const WIDE = { ...DESKTOP, name: 'desktop', viewport: { width: 1440, height: 900 } } as const;
let service: Service;
let browser: Browser;
let email: string;
let balance: { available: string; total: string };

const labels = (lng: string) =>
  (
    JSON.parse(fs.readFileSync(path.join(ROOT, `src/locales/${lng}/wallet.json`), 'utf8')) as {
      wallet: { records: Record<string, string> };
    }
  ).wallet.records;

/** A call in the real book as the customer. */
async function real<T>(token: string, p: string, body?: unknown): Promise<{ code: number; msg: string; result: T }> {
  const r = await fetch(service.url + p, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', authorization: token, virtually: 'YES' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await r.json()) as { code: number; msg: string; result: T };
}

beforeAll(async () => {
  let opToken: string;
  ({ service, browser, opToken } = await startFundingPlatform());
  const second = (
    await api<{ token: string }>(service.url, '/swx/customer/login/login', {
      body: { account: OPERATOR2.email, password: OPERATOR2.password },
    })
  ).result.token;
  const proposed = await api<{ fundings: Array<{ id: string; status: string }> }>(service.url, '/admin-api/smart/reserve', {
    body: {
      amount: '1000',
      note: 'records test',
      evidence: { kind: 'bank', reference: `TEST-${crypto.randomBytes(4).toString('hex')}` },
      clientKey: crypto.randomUUID(),
    },
    token: opToken,
  });
  const funding = proposed.result.fundings.findLast((f) => f.status === 'proposed')!;
  await api(service.url, `/admin-api/smart/reserve/${funding.id}/confirm`, { body: {}, token: second, method: 'POST' });
  const stamp = `rc${Date.now().toString(36)}`;
  email = `${stamp}@example.test`;
  const { token } = await realCustomer(service.url, opToken, stamp, '2000', PASSWORD);
  const opened = await real<{ id: string }>(token, '/swx/customer/order/buyOptions', {
    code: 'BTCUSDT',
    direction: 'up',
    lots: '0.01',
    leverage: 10,
    period: 3600,
    clientKey: crypto.randomUUID(),
  });
  expect(opened.code, opened.msg).toBe(20004);
  const closed = await real(token, '/swx/customer/order/closeOptions', { id: opened.result.id });
  expect(closed.code, closed.msg).toBeLessThan(30000);
  const products = await real<{ products: Array<{ id: string; name: string }> }>(token, '/swx/customer/order/listSmartProduct');
  const plan = await real<{ id: string }>(token, '/swx/customer/order/buySmart', {
    productId: products.result.products.find((p) => p.name === 'Long 90')!.id,
    amount: '500',
    days: 90,
    clientKey: crypto.randomUUID(),
  });
  expect(plan.code, plan.msg).toBe(20004);
  expect((await real(token, '/swx/customer/order/exitSmart', { id: plan.result.id })).code).toBe(200);
  const w = await real<{ id: string }>(token, '/swx/customer/user/withdrawal', {
    method: 'USDT-TRC20',
    address: TRON,
    amount: '100',
  });
  expect(w.code, w.msg).toBe(20003);
  for (const t of [opToken, second]) {
    const a = await api<{ status: string }>(service.url, `/admin-api/withdrawals/${w.result.id}/approve`, {
      body: { payoutTxHash: crypto.randomBytes(32).toString('hex') },
      token: t,
      method: 'POST',
    });
    if (a.result?.status === 'approved') break;
  }
  const b = await real<{ assets: Array<{ asset: string; available: string; total: string }> }>(
    token,
    '/swx/customer/user/balances',
  );
  balance = b.result.assets.find((x) => x.asset === 'USDT')!;
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

const STORY = [
  'withdrawal_sent',
  'withdrawal_requested',
  'plan_exited',
  'plan_bought',
  'trade_closed',
  'trade_opened',
  'deposit_credited',
];

/** The real book's Records, statement tab (the book chosen stays chosen over a reload). */
async function openRecords(page: Page) {
  await page.goto('/profile/balance?tab=records');
  await page.waitForSelector('[data-testid=balance]');
  if (!(await page.$('[data-testid=balance][data-book=real]'))) {
    await page.click('[data-testid=switch-real]');
    await page.waitForSelector('[data-testid=balance][data-book=real]');
  }
  await page.click('[data-testid=records-statement]');
  await page.waitForSelector('[data-testid=statement-row]');
}

for (const device of [WIDE, MOBILE] as Device[]) {
  describe(`${device.name}: records one event a line`, () => {
    it('en, ar, ja: one labelled line per event, nets that add up to the balance, the legs a click away', async () => {
      const ctx = await newContext(browser, device, service.url);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await loginThroughPage(page, device, email, PASSWORD);
      for (const lng of ['en', 'ar', 'ja']) {
        await inLanguage(page, lng, 'body');
        await openRecords(page);
        const rows = page.locator('[data-testid=statement-row]');
        expect(await rows.evaluateAll((r) => r.map((x) => x.getAttribute('data-kind')))).toEqual(STORY);
        const shown = await page.locator('[data-testid=statement-label]').allTextContents();
        expect(shown).toEqual(STORY.map((k) => labels(lng)[k]));
        // the nets on screen add up to the balance (the story started from nothing)
        const nets = await page
          .locator('[data-testid=statement-net] [data-asset=USDT]')
          .evaluateAll((s) => s.map((x) => [x.getAttribute('data-part'), x.getAttribute('data-value')]));
        const sum = (part: string) => nets.filter(([p]) => p === part).reduce((a, [, v]) => a.plus(v!), new Decimal(0));
        expect(sum('available').toFixed(6)).toBe(balance.available);
        expect(sum('available').plus(sum('held')).toFixed(6)).toBe(balance.total);
        // no figure reads −0.00, and USDT has two places on every line
        const figures = await page.locator('[data-testid=statement-net]').allTextContents();
        for (const f of figures) {
          expect(f).not.toMatch(/[−-]0\.00\b/);
          for (const n of f.match(/\d[\d,]*\.\d+/g) ?? []) expect(n.split('.')[1]).toHaveLength(2);
        }
        // the opening's legs: the margin moves to held, only the fee leaves
        await page.click('[data-testid=statement-row][data-kind=trade_opened] [data-testid=statement-event]');
        await page.waitForSelector('[data-testid=statement-leg]');
        expect(
          await page.locator('[data-testid=statement-leg]').evaluateAll((l) => l.map((x) => x.getAttribute('data-reason'))),
        ).toEqual(['options.margin', 'options.fee']);
        expect(
          await page.getAttribute(
            '[data-testid=statement-row][data-kind=trade_opened] [data-testid=statement-event]',
            'aria-expanded',
          ),
        ).toBe('true');
        await closeToasts(page, { waitGone: true });
        await page.locator('[data-testid=statement-legs]').scrollIntoViewIfNeeded();
        await shot(page, `records-${lng}-${device.name}`);
        await page.click('[data-testid=statement-row][data-kind=trade_opened] [data-testid=statement-event]');
        await page.waitForSelector('[data-testid=statement-leg]', { state: 'detached' });
      }
      // the page never scrolls sideways
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(device.viewport.width);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  });
}
