/**
 * The operator console (/admin) against the real service: a customer registers and, in the real
 * book, submits a deposit with a PNG proof and later a withdrawal (through the API); the operator
 * logs in through the login page, opens /admin/deposits, sees the proof image (fetched with the
 * token as a blob), approves (the customer's balance shows the credit), meets a 10044 refusal on a
 * record reviewed elsewhere, rejects the withdrawal with a reason (the customer's record carries
 * it), keeps the deposit addresses, reads the outbox and the audit log. A customer visiting /admin
 * is sent to /. Desktop, a phone smoke check, and Arabic; screenshots to tests/browser/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  api,
  registeredCustomer,
  DESKTOP,
  loginThroughPage,
  MOBILE,
  newContext,
  OPERATOR,
  shot,
  startPlatform,
  TRON,
  depositClaim,
  type Service,
  textOf,
  closeToasts,
} from '../harness.ts';

const ETH_ADDR = '0x52908400098527886E0F7030069857D2E4169EE7';

let service: Service;
let browser: Browser;
let opToken = '';
const stamp = `adm${Date.now().toString(36)}`;
const customer = { username: `u_${stamp}`, email: `${stamp}@example.test`, password: 'Secret-pass-123', token: '' };

const real = (token: string) => ({ Authorization: token, virtually: 'YES' });
async function customerGet<T>(path: string): Promise<T> {
  const r = await fetch(`${service.url}/swx/customer/user${path}`, { headers: real(customer.token) });
  const env = (await r.json()) as { code: number; result: T };
  expect(env.code).toBe(200);
  return env.result;
}
const submitDeposit = (amount: string) => depositClaim(service.url, customer.token, amount);
const usdtAvailable = async () =>
  (await customerGet<{ assets: { asset: string; available: string }[] }>('/balances')).assets.find((a) => a.asset === 'USDT')
    ?.available;
const text = textOf;

beforeAll(async () => {
  ({ service, browser, opToken } = await startPlatform());
  // the customer registers (code from the outbox) and uses the real book (header virtually: YES)
  customer.token = (await registeredCustomer(service.url, stamp, customer.password)).token;
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe('desktop: operator console', () => {
  let ctx: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  let depositId = '';

  beforeAll(async () => {
    ctx = await newContext(browser, DESKTOP, service.url);
    page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => ctx?.close());

  it('a visitor who opens /admin is asked to sign in, a customer is sent to /; the account page has no console link', async () => {
    await page.goto('/admin/deposits');
    // signed out: the sign-in, which comes back to the console (tests/browser/platform/phone.test.ts follows it through)
    await page.waitForURL((u) => u.pathname === '/pass/login' && u.searchParams.get('next') === '/admin/deposits', {
      timeout: 10_000,
    });
    await loginThroughPage(page, DESKTOP, customer.username, customer.password);
    await page.goto('/profile');
    await page.waitForSelector('[data-testid=profile]');
    expect(await page.locator('[data-testid=operator-console]').count()).toBe(0);
    await page.goto('/admin');
    await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
    expect(await page.locator('[data-testid=admin]').count()).toBe(0);
    await page.goto('/profile');
    await page.click('[data-testid=profile-logout]');
    await page.waitForFunction(() => localStorage.getItem('isLogin') !== 'true', undefined, { timeout: 10_000 });
  });

  it('the operator logs in through the login page, opens the console from the account page and sees the pending deposit with its proof', async () => {
    depositId = await submitDeposit('150.5');
    await loginThroughPage(page, DESKTOP, OPERATOR.email, OPERATOR.password);
    await page.goto('/profile');
    await page.click('[data-testid=operator-console]');
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.waitForSelector('[data-testid=admin][data-section=deposits]');
    await page.click('[data-testid=admin-nav-deposits]');
    await page.waitForURL((u) => u.pathname === '/admin/deposits');
    const row = page.locator(`[data-testid=admin-deposit-row][data-id="${depositId}"]`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getAttribute('data-user')).toBe(customer.username);
    expect(await row.getAttribute('data-status')).toBe('pending');
    expect(await row.locator('[data-testid=last6]').textContent()).toBe('654321');
    expect(await row.textContent()).toContain('150.5');
    expect(await row.textContent()).toContain('TRC20');
    // the proof: fetched with the token and shown from a blob URL, never the API path itself
    await row.locator('[data-testid=view-proof]').click();
    const img = page.locator('[data-testid=proof-image]');
    await img.waitFor({ timeout: 10_000 });
    expect(await img.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
    await closeToasts(page);
    await shot(page, 'desktop-admin-proof');
    await page.click('[data-testid=proof-close]');
    expect(await page.locator('[data-testid=proof-viewer]').count()).toBe(0);
  });

  it('approve asks for confirmation, then the row turns approved and the customer is credited', async () => {
    const row = page.locator(`[data-testid=admin-deposit-row][data-id="${depositId}"]`);
    await row.locator('[data-testid=approve]').click();
    await page.waitForSelector('[data-testid=review-dialog][data-decision=approve]');
    // the dialog names what it moves and for whom (issue 28)
    expect(await page.textContent('[data-testid=review-subject]')).toMatch(
      new RegExp(`^150\\.5(0*)? USDT will be credited to ${customer.username}'s real balance\\.$`),
    );
    // cancelling sends nothing
    await page.click('[data-testid=review-cancel]');
    expect(await row.getAttribute('data-status')).toBe('pending');
    expect(await usdtAvailable()).toBe('0.000000');
    // so does Escape, from the keyboard
    await row.locator('[data-testid=approve]').click();
    await page.waitForSelector('[data-testid=review-dialog]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=review-dialog]', { state: 'detached' });
    expect(await row.getAttribute('data-status')).toBe('pending');
    await row.locator('[data-testid=approve]').click();
    await page.click('[data-testid=review-confirm]');
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 10_000 }).toBe('approved');
    expect(await row.locator('[data-testid=approve]').count()).toBe(0);
    await expect.poll(() => usdtAvailable()).toBe('150.500000');
    await shot(page, 'desktop-admin-deposits');
  });

  it('a deposit reviewed elsewhere meanwhile: the console shows the catalogue refusal 10044', async () => {
    const second = await submitDeposit('200');
    await page.click('[data-testid=reload]');
    const row = page.locator(`[data-testid=admin-deposit-row][data-id="${second}"]`);
    await row.waitFor({ timeout: 10_000 });
    // another operator rejects it through the API while this screen still shows it pending
    expect(
      (await api(service.url, `/admin-api/deposits/${second}/reject`, { body: { reason: 'Duplicate' }, token: opToken })).code,
    ).toBe(200);
    await row.locator('[data-testid=reject]').click();
    // a reason is required before anything is sent
    await page.click('[data-testid=review-confirm]');
    await page.waitForSelector('[data-testid=review-problem]');
    await page.fill('[data-testid=review-reason]', 'Proof unreadable');
    await page.click('[data-testid=review-confirm]');
    await expect
      .poll(() => row.locator('[data-testid=review-error]').getAttribute('data-code'), { timeout: 10_000 })
      .toBe('10044');
    expect((await row.locator('[data-testid=review-error]').textContent())?.length).toBeGreaterThan(5);
    // the list filtered by status shows it rejected with the first operator's reason
    await page.selectOption('[data-testid=status-filter]', 'rejected');
    const rejected = page.locator(`[data-testid=admin-deposit-row][data-id="${second}"]`);
    await expect.poll(() => rejected.getAttribute('data-status'), { timeout: 10_000 }).toBe('rejected');
    expect(await rejected.locator('[data-testid=reject-reason]').textContent()).toContain('Duplicate');
    // the balance is unchanged by the refused review
    expect(await usdtAvailable()).toBe('150.500000');
  });

  it('withdrawals: approve needs a well-formed payout hash; reject with a reason the customer then reads', async () => {
    const wd = await fetch(`${service.url}/swx/customer/user/withdrawal`, {
      method: 'POST',
      headers: { ...real(customer.token), 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'USDT-TRC20', address: TRON, amount: '100' }),
    }).then((r) => r.json() as Promise<{ code: number; result: { id: string } }>);
    expect(wd.code).toBe(20003);
    await page.click('[data-testid=admin-nav-withdrawals]');
    await page.waitForURL((u) => u.pathname === '/admin/withdrawals');
    const row = page.locator(`[data-testid=admin-withdrawal-row][data-id="${wd.result.id}"]`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getAttribute('data-user')).toBe(customer.username);
    expect(await row.locator('[data-testid=receive]').textContent()).toBe('99.000000');
    await row.locator('[data-testid=approve]').click();
    await page.fill('[data-testid=review-hash]', "abc' OR 1=1 --");
    await page.click('[data-testid=review-confirm]');
    await page.waitForSelector('[data-testid=review-problem]');
    await page.click('[data-testid=review-cancel]');
    expect(await row.getAttribute('data-status')).toBe('pending');
    await row.locator('[data-testid=reject]').click();
    await page.fill('[data-testid=review-reason]', 'Address under review');
    await closeToasts(page);
    await shot(page, 'desktop-admin-reject');
    await page.click('[data-testid=review-confirm]');
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 10_000 }).toBe('rejected');
    expect(await row.locator('[data-testid=reject-reason]').textContent()).toContain('Address under review');
    const mine = await customerGet<{ rows: { id: string; status: string; rejectReason: string | null }[] }>('/listWithdrwal');
    expect(mine.rows.find((r) => r.id === wd.result.id)).toMatchObject({
      status: 'rejected',
      rejectReason: 'Address under review',
    });
    // the hold went back to available
    expect(await usdtAvailable()).toBe('150.500000');
    await shot(page, 'desktop-admin-withdrawals');
  });

  it('deposit addresses: the server checks the address; edit, disable and delete', async () => {
    await page.click('[data-testid=admin-nav-addresses]');
    await page.waitForSelector('[data-testid=address-row]');
    await page.selectOption('[data-testid=addr-coin]', 'ETH');
    expect(await page.inputValue('[data-testid=addr-network]')).toBe('ERC20');
    await page.fill('[data-testid=addr-address]', '<script>alert(1)</script>');
    await page.click('[data-testid=addr-add]');
    await page.waitForSelector('[data-testid=addr-error]');
    expect(await page.locator('[data-testid=address-row]').count()).toBe(1);
    await page.fill('[data-testid=addr-address]', ETH_ADDR);
    await page.click('[data-testid=addr-add]');
    const row = page.locator(`[data-testid=address-row][data-address="${ETH_ADDR}"]`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getAttribute('data-enabled')).toBe('true');
    await row.locator('[data-testid=addr-toggle]').click();
    await expect.poll(() => row.getAttribute('data-enabled')).toBe('false');
    // editing to a bad checksum is refused and changes nothing
    await row.locator('[data-testid=addr-edit]').click();
    await row.locator('[data-testid=addr-edit-input]').fill(ETH_ADDR.slice(0, -1) + 'e');
    await row.locator('[data-testid=addr-save]').click();
    await row.locator('[data-testid=addr-row-error]').waitFor();
    const list = await api<{ rows: { address: string; enabled: boolean }[] }>(service.url, '/admin-api/deposit-addresses', {
      token: opToken,
    });
    expect(list.result.rows.find((r) => r.address === ETH_ADDR)?.enabled).toBe(false);
    await page.locator('[data-testid=address-row] button', { hasText: 'Cancel' }).click();
    await row.locator('[data-testid=addr-delete]').click();
    await row.locator('[data-testid=addr-delete-confirm]').click();
    await expect
      .poll(() => page.locator(`[data-testid=address-row][data-address="${ETH_ADDR}"]`).count(), { timeout: 10_000 })
      .toBe(0);
    const after = await api<{ rows: { address: string }[] }>(service.url, '/admin-api/deposit-addresses', { token: opToken });
    expect(after.result.rows.map((r) => r.address)).toEqual([TRON]);
  });

  it('outbox and audit log: paged lists, before / after as readable JSON', async () => {
    await page.click('[data-testid=admin-nav-outbox]');
    await page.waitForSelector(`[data-testid=outbox-row][data-recipient="${customer.email}"]`);
    const row = await text(page, `[data-testid=outbox-row][data-recipient="${customer.email}"]`);
    expect(row).not.toMatch(/\d{6}/); // operators never see one-time codes
    expect(row).toContain('••••••');
    await page.click('[data-testid=admin-nav-audit]');
    await page.waitForSelector('[data-testid=audit-row]');
    const actions = await page.$$eval('[data-testid=audit-row]', (rows) => rows.map((r) => r.getAttribute('data-action')));
    expect(actions).toEqual(
      expect.arrayContaining([
        'deposit.approve',
        'deposit.reject',
        'withdrawal.reject',
        'deposit_address.create',
        'deposit_address.delete',
      ]),
    );
    const approve = page.locator(`[data-testid=audit-row][data-target="deposit:${depositId}"][data-action="deposit.approve"]`);
    expect(await approve.locator('[data-testid=audit-before]').textContent()).toContain('"status": "pending"');
    expect(await approve.locator('[data-testid=audit-after]').textContent()).toContain('"status": "approved"');
    await shot(page, 'desktop-admin-audit');
    // the page never scrolls sideways: wide tables scroll in their card
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(DESKTOP.viewport.width);
  });

  it('jobs: every leader job with the instance leading it and its last run', async () => {
    await page.click('[data-testid=admin-nav-jobs]');
    await page.waitForSelector('[data-testid=job-row][data-job=nft-auctions]');
    const jobs = await page.$$eval('[data-testid=job-row]', (rows) =>
      rows.map((r) => [r.getAttribute('data-job'), r.getAttribute('data-led')]),
    );
    // every job the domains declare, in the registry's order: as the service lists them (tests/server/platform/ops.probes.test.ts
    // holds that list to server/domains.ts; this file runs in the browser's project, which does not compile the server)
    const declared = await api<{ jobs: Array<{ name: string }> }>(service.url, '/admin-api/jobs', { token: opToken });
    expect(declared.result.jobs.length).toBeGreaterThan(5);
    expect(jobs.map(([name]) => name)).toEqual(declared.result.jobs.map((j) => j.name));
    // one embedded instance leads them all
    expect(jobs.every(([, led]) => led === 'true')).toBe(true);
    expect(await text(page, '[data-testid=job-row][data-job=nft-auctions]')).toMatch(/this instance/);
    await shot(page, 'desktop-admin-jobs');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(DESKTOP.viewport.width);
  });

  it('flows: every machine drawn, its transitions marked covered or not', async () => {
    await page.click('[data-testid=admin-nav-flows]');
    await page.waitForSelector('[data-testid=flow-diagram][data-drawn=true] svg', { timeout: 30_000 });
    await page.click('[data-testid=flow-link-session]');
    await page.waitForSelector('[data-testid=flow][data-machine=session] [data-testid=flow-diagram][data-drawn=true] svg');
    // the session chart has path tests: covered transitions in the table and in the diagram's labels
    expect(await page.locator('[data-testid=flow-transitions] tr[data-covered=true]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid=flow-diagram] .edgeLabel[data-covered=true]').count()).toBeGreaterThan(0);
    await shot(page, 'desktop-admin-flows');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(DESKTOP.viewport.width);
  });

  it('Arabic: the console right to left', async () => {
    await page.evaluate(() => localStorage.setItem('language', JSON.stringify('ar')));
    await page.goto('/admin/deposits');
    await page.selectOption('[data-testid=status-filter]', 'all');
    await page.waitForSelector('[data-testid=admin-deposit-row]');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await text(page, '#admin-title')).toBe('لوحة المشغّل');
    await shot(page, 'desktop-ar-admin');
    await page.evaluate(() => localStorage.setItem('language', JSON.stringify('en')));
    expect(errors).toEqual([]);
  });
});

describe('phone: operator console smoke check', () => {
  it('the operator reaches the withdrawals queue; the page does not scroll sideways', async () => {
    const ctx = await newContext(browser, MOBILE, service.url);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginThroughPage(page, MOBILE, OPERATOR.email, OPERATOR.password);
    await page.goto('/admin/withdrawals');
    await page.selectOption('[data-testid=status-filter]', 'all');
    await page.waitForSelector('[data-testid=admin-withdrawal-row][data-status=rejected]', { timeout: 10_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(MOBILE.viewport.width);
    await closeToasts(page);
    await shot(page, 'mobile-admin-withdrawals');
    await page.goto('/admin/deposits');
    await page.selectOption('[data-testid=status-filter]', 'all');
    await page.waitForSelector('[data-testid=admin-deposit-row]');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(MOBILE.viewport.width);
    await shot(page, 'mobile-admin-deposits');
    await page.locator('[data-testid=view-proof]').first().click();
    await page.waitForSelector('[data-testid=proof-image]');
    await shot(page, 'mobile-admin-proof');
    await page.click('[data-testid=proof-close]');
    await page.goto('/admin/audit');
    await page.waitForSelector('[data-testid=audit-row]');
    await shot(page, 'mobile-admin-audit');
    await page.goto('/admin/flows?machine=session');
    await page.waitForSelector('[data-testid=flow-diagram][data-drawn=true] svg', { timeout: 30_000 });
    // a wide diagram scrolls in its box, not the page
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(MOBILE.viewport.width);
    await shot(page, 'mobile-admin-flows');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
