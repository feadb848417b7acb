/**
 * Loans in the web app against the real service: a customer registers, verifies their identity
 * through the real KYC call (an operator approves it in the operator API), holds BTC in the real
 * book the ordinary way (a deposit claim an operator approved), opens /loan on a phone, uses the
 * calculator, reads and signs the agreement (signature drawn on the pad, full name typed) and
 * applies; two operators approve (the first in the console, four eyes), the loan appears as
 * repaying with its LTV, five days pass on the service's loans clock (tests/server/movedClockService.ts)
 * and the interest of the two days past the free ones shows, and the customer repays it in full,
 * interest first, and gets the collateral back.
 * Screenshots at 390, 1024 and 1440 px in English, Arabic and Spanish go to tests/browser/screenshots/.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  api,
  codeFor,
  DESKTOP,
  launch,
  MOBILE,
  newContext,
  OPERATOR,
  OPERATOR2,
  shot,
  startService,
  type Service,
  textOf,
  operatorToken,
  inLanguage,
  signIn,
} from '../harness.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d49444154089963f8ffffff7f0009fb03fd08d1e81e0000000049454e44ae426082',
  'hex',
);
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const PASSWORD = 'Secret-pass-123';

let service: Service;
let browser: Browser;
let op1 = '';
let op2 = '';

const asOperator = <T>(token: string, path: string, body?: unknown) =>
  api<T>(service.url, `/admin-api${path}`, { body, token, method: body ? 'POST' : 'GET' });

async function multipart<T>(path: string, token: string, fields: Record<string, string>, files: Record<string, Buffer>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, v] of Object.entries(files)) form.append(k, new Blob([new Uint8Array(v)], { type: 'image/png' }), `${k}.png`);
  const r = await fetch(`${service.url}${path}`, {
    method: 'POST',
    body: form,
    headers: { Authorization: token, virtually: 'YES' },
  });
  return (await r.json()) as { code: number; msg: string; result: T };
}

/**
 * A verified customer with 0.05 BTC and 150 USDT (the minimum deposit) in the real book: the USDT
 * pays the interest, the loan alone repays only its principal, prepared only through the product's own calls.
 */
async function verifiedCustomer(stamp: string) {
  const email = `${stamp}@example.test`;
  const username = `u_${stamp}`;
  expect((await api(service.url, '/swx/customer/login/sendCode', { body: { email, purpose: 'register' } })).code).toBe(200);
  const code = await codeFor(service.url, email);
  const reg = await api<{ token: string }>(service.url, '/swx/customer/login/register', {
    body: { username, email, code, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(reg.code).toBe(200);
  const token = reg.result.token;
  const kyc = await multipart<{ id?: string; submission?: { id: string } }>(
    '/swx/customer/user/identification',
    token,
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      birthDate: '1990-12-10',
      sex: 'female',
      country: 'GB',
      address: '12 St James Square, London',
      phone: '+44 20 7946 0000',
      documentType: 'passport',
    },
    { front: PNG, handheld: PNG, signature: PNG },
  );
  expect(kyc.code, kyc.msg).toBe(20001);
  const kycId = kyc.result.submission?.id ?? kyc.result.id;
  expect((await asOperator(op1, `/kyc/${kycId}/approve`, {})).code).toBe(200);
  const claim = await multipart<{ id: string }>(
    '/swx/customer/user/recharge',
    token,
    {
      amount: '0.05',
      coin: 'BTC',
      network: 'BTC',
      txHash: crypto.randomBytes(32).toString('hex'),
      proofLast6: '123456',
    },
    { proof: PNG },
  );
  expect(claim.code, claim.msg).toBe(20002);
  const first = await asOperator<{ status: string }>(op1, `/deposits/${claim.result.id}/approve`, {});
  if (first.result?.status !== 'approved')
    expect((await asOperator(op2, `/deposits/${claim.result.id}/approve`, {})).code).toBe(200);
  const usdt = await multipart<{ id: string }>(
    '/swx/customer/user/recharge',
    token,
    {
      amount: '150',
      coin: 'USDT',
      network: 'TRC20',
      txHash: crypto.randomBytes(32).toString('hex'),
      proofLast6: '123456',
    },
    { proof: PNG },
  );
  expect(usdt.code, usdt.msg).toBe(20002);
  const usdtFirst = await asOperator<{ status: string }>(op1, `/deposits/${usdt.result.id}/approve`, {});
  if (usdtFirst.result?.status !== 'approved')
    expect((await asOperator(op2, `/deposits/${usdt.result.id}/approve`, {})).code).toBe(200);
  return { username, email, token };
}

beforeAll(async () => {
  // the platform with a loans clock the test moves (tests/server/movedClockService.ts)
  [service, browser] = await Promise.all([startService('tests/server/movedClockService.ts'), launch()]);
  op1 = await operatorToken(service.url);
  expect((await asOperator(op1, '/deposit-addresses', { coin: 'BTC', network: 'BTC', address: BTC_ADDRESS })).code).toBe(200);
  expect(
    (
      await asOperator(op1, '/deposit-addresses', {
        coin: 'USDT',
        network: 'TRC20',
        address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      })
    ).code,
  ).toBe(200);
  // the second operator comes from configuration (tests/browser/harness.ts): the console cannot add one alone
  const login = await api<{ token: string }>(service.url, '/swx/customer/login/login', {
    body: { account: OPERATOR2.email, password: OPERATOR2.password },
  });
  expect(login.code).toBe(200);
  op2 = login.result.token;
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

const DAY_MS = 86_400_000;
/** Moves the service's loans clock `ms` further ahead (the file tests/server/movedClockService.ts reads). */
function moveLoansClock(ms: number) {
  const file = path.join(service.dataDir, 'loans-clock-offset');
  const now = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : 0;
  fs.writeFileSync(file, String(now + ms));
}

describe('loans: borrow on a phone, four-eyes approval, repayment', () => {
  let ctx: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const stamp = `l${Date.now().toString(36)}`;
  let customer: { username: string; email: string; token: string };
  let loanId = '';

  beforeAll(async () => {
    customer = await verifiedCustomer(stamp);
    ctx = await newContext(browser, MOBILE, service.url);
    page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => ctx?.close());

  it('a visitor sees the calculator; a signed-in, unverified user is sent to verification', async () => {
    const other = await newContext(browser, DESKTOP, service.url);
    const p = await other.newPage();
    await p.goto('/loan');
    await p.waitForSelector('[data-testid=loan-calc]');
    expect(await p.locator('[data-testid=loan-continue]').count()).toBe(0);
    // an unverified customer: the notice links to the verification
    const email = `${stamp}x@example.test`;
    expect((await api(service.url, '/swx/customer/login/sendCode', { body: { email, purpose: 'register' } })).code).toBe(200);
    const code = await codeFor(service.url, email);
    expect(
      (
        await api(service.url, '/swx/customer/login/register', {
          body: { username: `u_${stamp}x`, email, code, password: PASSWORD, confirmPassword: PASSWORD },
        })
      ).code,
    ).toBe(200);
    await signIn(p, email, PASSWORD);
    await p.goto('/loan');
    await p.waitForSelector('[data-testid=loan-kyc-notice]');
    expect(await p.getAttribute('[data-testid=loan-kyc-link]', 'href')).toBe('/profile/verification');
    await other.close();
  });

  it('on a phone: calculator at the live price, agreement signed on the pad, applied', async () => {
    await page.goto('/');
    await page.click('[data-testid=board-skip]');
    await signIn(page, customer.email, PASSWORD);
    await page.goto('/loan');
    // loans are real money: from the demo book the page offers the switch
    await page.click('[data-testid=loan-demo] [role=radio]:nth-child(2)');
    await page.waitForSelector('[data-testid=loan-continue]');
    await expect.poll(() => textOf(page, '[data-testid=loan-price]'), { timeout: 15_000 }).not.toBe('—');
    await page.fill('[data-testid=loan-amount]', '500');
    await expect.poll(() => textOf(page, '[data-testid=loan-collateral-needed]')).toMatch(/^0\.0\d{7} BTC$/);
    expect(await textOf(page, '[data-testid=loan-interest]')).toBe('6.750000 USDT');
    expect(await textOf(page, '[data-testid=loan-repayment]')).toBe('506.750000 USDT');
    expect(await textOf(page, '[data-testid=ltv-value]')).toBe('65 %');
    // the collateral field computes the amount back
    const collateral = await page.inputValue('[data-testid=loan-collateral]');
    expect(Number(collateral)).toBeGreaterThan(0);
    await shot(page, 'mobile-loan-calculator');
    await page.click('[data-testid=loan-continue]');
    await page.waitForSelector('[data-testid=loan-agreement]');
    expect(await textOf(page, '[data-testid=loan-agreement]')).toContain('0.05% of the outstanding principal per day');
    expect(await page.isDisabled('[data-testid=loan-submit]')).toBe(true);
    const pad = await page.locator('[data-testid=signature-pad]').boundingBox();
    if (!pad) throw new Error('no signature pad');
    await page.mouse.move(pad.x + 20, pad.y + pad.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(pad.x + 20 + i * 20, pad.y + pad.height / 2 + (i % 2 ? -25 : 25));
    await page.mouse.up();
    await page.fill('[data-testid=loan-fullname]', 'Ada Lovelace');
    await shot(page, 'mobile-loan-sign');
    await page.click('[data-testid=loan-submit]');
    await page.waitForSelector('[data-testid=loan-submitted]', { timeout: 15_000 });
    const row = page.locator('[data-testid=loan-row]').first();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 10_000 }).toBe('pending_review');
    loanId = (await row.getAttribute('data-id'))!;
    expect(errors).toEqual([]);
  });

  it('two operators approve (the first in the console); the phone shows the loan repaying', async () => {
    const op = await newContext(browser, DESKTOP, service.url);
    const p = await op.newPage();
    await signIn(p, OPERATOR.email, OPERATOR.password);
    await p.goto('/admin/loans');
    const row = p.locator(`[data-testid=admin-loan-row][data-id="${loanId}"]`);
    await row.waitFor();
    await row.locator('[data-testid=admin-loan-open]').click();
    await p.waitForSelector('[data-testid=admin-loan-signature]');
    expect(await textOf(p, '[data-testid=admin-loan-name]')).toBe('Ada Lovelace');
    await shot(p, 'desktop-admin-loan-review');
    await p.click('[data-testid=admin-loan-approve]');
    await expect.poll(() => textOf(p, '[data-testid=admin-loan-message]'), { timeout: 10_000 }).toContain('second operator');
    // the same operator again is refused: four eyes
    await p.click('[data-testid=admin-loan-approve]');
    await expect.poll(() => textOf(p, '[data-testid=admin-loan-message]'), { timeout: 10_000 }).toContain('second operator');
    await op.close();
    const second = await asOperator<{ step: string }>(op2, `/loans/${loanId}/approve`, {});
    expect(second.result.step).toBe('final');
    const row2 = page.locator(`[data-testid=loan-row][data-id="${loanId}"]`);
    await expect.poll(() => row2.getAttribute('data-status'), { timeout: 20_000 }).toBe('repaying');
    await expect.poll(() => textOf(page, '[data-testid=loan-debt]'), { timeout: 10_000 }).toBe('500.000000 USDT');
    await shot(page, 'mobile-loan-repaying');
  });

  it('five days later the interest of days 4 and 5 (the first 3 are free) shows: 2 × 0.05 % of 500 USDT', async () => {
    const accruedOf = async () => {
      const r = await fetch(`${service.url}/swx/customer/user/listLoanRecord?pageNum=1&pageSize=10`, {
        headers: { Authorization: customer.token, virtually: 'YES' },
      });
      return ((await r.json()) as { result: { rows: Array<{ id: string; accruedInterest: string }> } }).result.rows.find(
        (l) => l.id === loanId,
      )?.accruedInterest;
    };
    expect(await accruedOf()).toBe('0.000000');
    moveLoansClock(5 * DAY_MS + 3_600_000);
    // the scheduler (every 300 ms here, on the leader) writes the accrual rows of the days due
    await expect.poll(accruedOf, { timeout: 15_000 }).toBe('0.500000');
    await page.reload();
    const row = page.locator(`[data-testid=loan-row][data-id="${loanId}"]`);
    await expect.poll(() => row.locator('[data-testid=loan-accrued]').textContent(), { timeout: 10_000 }).toBe('0.500000 USDT');
    expect(await textOf(page, '[data-testid=loan-debt]')).toBe('500.500000 USDT');
    await row.scrollIntoViewIfNeeded();
    await shot(page, 'mobile-loan-accrued');
  });

  it('repays in full, interest first; the collateral comes back', async () => {
    const row = page.locator(`[data-testid=loan-row][data-id="${loanId}"]`);
    await row.locator('[data-testid=loan-repay]').click();
    await page.waitForSelector('[data-testid=repay-dialog]');
    expect(await page.inputValue('[data-testid=repay-amount]')).toBe('500.500000');
    expect(await textOf(page, '[data-testid=repay-split]')).toContain('0.500000 USDT to interest');
    expect(await textOf(page, '[data-testid=repay-split]')).toContain('500.000000 USDT to principal');
    await shot(page, 'mobile-loan-repay');
    await page.click('[data-testid=repay-submit]');
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 15_000 }).toBe('repaid');
    const balances = (await fetch(`${service.url}/swx/customer/user/balances`, {
      headers: { Authorization: customer.token, virtually: 'YES' },
    }).then((r) => r.json())) as { result: { assets: Array<{ asset: string; available: string; loanCollateral: string }> } };
    const btc = balances.result.assets.find((a) => a.asset === 'BTC')!;
    expect(btc).toMatchObject({ available: '0.05000000', loanCollateral: '0.00000000' });
    // 150 deposited + 500 borrowed − 500.5 repaid
    expect(balances.result.assets.find((a) => a.asset === 'USDT')?.available).toBe('149.500000');
    expect(errors).toEqual([]);
  });

  it('looks right at 390, 1024 and 1440 px in English, Arabic and Spanish', async () => {
    for (const language of ['en', 'ar', 'es']) {
      for (const [device, width] of [
        [MOBILE, 390],
        [DESKTOP, 1024],
        [DESKTOP, 1440],
      ] as const) {
        const c = await browser.newContext({
          baseURL: service.url,
          userAgent: device.userAgent,
          viewport: { width, height: device === MOBILE ? 844 : 900 },
          isMobile: device.isMobile,
          hasTouch: device.hasTouch,
        });
        const p = await c.newPage();
        await p.goto('/');
        if (device === MOBILE) await p.click('[data-testid=board-skip]');
        await signIn(p, customer.email, PASSWORD);
        await p.goto('/loan');
        await inLanguage(p, language, '[data-testid=loan-calc], [data-testid=my-loans]');
        await p.waitForSelector('[data-testid=my-loans]');
        if (language === 'ar') expect(await p.getAttribute('html', 'dir')).toBe('rtl');
        // nothing wider than the screen
        expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
        await shot(p, `loan-${language}-${width}`);
        await c.close();
      }
    }
  });
});
