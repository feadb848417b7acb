/**
 * The loans queue worked like the deposit queue (issue 42) against the real service: on a 1440 px
 * desktop an operator clears a queue of ten loans under review with the keyboard only, five in
 * English and five in Arabic (dir=rtl): j/k and the arrows move, a approves (four eyes: a second
 * operator gave the first approval, so this one pays out), r rejects with a reason from the loans
 * list, x selects and "Reject selected" rejects several with one reason; each loan's status and
 * reason read back from the operator API. The KYC queue has the same tools: two verifications
 * selected and rejected together. Screenshots of both queues at 1440 px in both languages.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  closeToasts,
  DESKTOP,
  inLanguage,
  launch,
  loginThroughPage,
  OPERATOR,
  OPERATOR2,
  operatorToken,
  pageForBlock,
  registeredCustomer,
  shot,
  startService,
  type Service,
} from '../harness.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d49444154089963f8ffffff7f0009fb03fd08d1e81e0000000049454e44ae426082',
  'hex',
);
const REASONS = ['Collateral too volatile', 'Name does not match the verification'];
const BULK = 'Applications paused';
let service: Service;
let browser: Browser;
let op1 = '';
let op2 = '';
let version = '';
const stamp = Date.now().toString(36);
let made = 0;

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

/** An approval under four eyes: the second operator's when the first's was not the last. */
async function approveBoth(path: string) {
  const first = await asOperator<{ status: string }>(op1, path, {});
  expect(first.code, first.msg).toBe(200);
  if (first.result.status !== 'approved') expect((await asOperator(op2, path, {})).code).toBe(200);
}

/** A new verified customer holding 0.05 BTC in the real book, and their loan under review (each through the product's calls). */
async function loanUnderReview(): Promise<string> {
  const customer = await registeredCustomer(service.url, `lq${stamp}${made++}`, 'Secret-pass-123');
  borrowers.push(customer.token);
  const kyc = await multipart<{ id?: string; submission?: { id: string } }>(
    '/swx/customer/user/identification',
    customer.token,
    {
      firstName: 'Ada',
      lastName: `Borrower${made}`,
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
  expect((await asOperator(op1, `/kyc/${kyc.result.submission?.id ?? kyc.result.id}/approve`, {})).code).toBe(200);
  const claim = await multipart<{ id: string }>(
    '/swx/customer/user/recharge',
    customer.token,
    { amount: '0.05', coin: 'BTC', network: 'BTC', txHash: crypto.randomBytes(32).toString('hex'), proofLast6: '123456' },
    { proof: PNG },
  );
  expect(claim.code, claim.msg).toBe(20002);
  await approveBoth(`/deposits/${claim.result.id}/approve`);
  const loan = await multipart<{ id: string }>(
    '/swx/customer/user/loan',
    customer.token,
    {
      collateralAsset: 'BTC',
      amount: String(100 + made * 10),
      days: '30',
      agreementVersion: version,
      fullName: `Ada Borrower${made}`,
      clientKey: crypto.randomUUID(),
    },
    { signature: PNG },
  );
  expect(loan.code, loan.msg).toBe(20001);
  return loan.result.id;
}

type Row = { id: string; status: string; rejectReason: string | null; firstApprovedBy: string | null };
async function records(): Promise<Map<string, Row>> {
  const page = await asOperator<{ rows: Row[] }>(op1, '/loans?pageSize=100');
  expect(page.code).toBe(200);
  return new Map(page.result.rows.map((r) => [r.id, r]));
}

const ids: string[] = [];
/** the borrowers' sessions: their changed verification data makes the KYC queue's rows (no more sign-ups: rate limited) */
const borrowers: string[] = [];
beforeAll(async () => {
  [service, browser] = await Promise.all([startService(), launch()]);
  op1 = await operatorToken(service.url);
  const login = await api<{ token: string }>(service.url, '/swx/customer/login/login', {
    body: { account: OPERATOR2.email, password: OPERATOR2.password },
  });
  expect(login.code).toBe(200);
  op2 = login.result.token;
  expect(
    (
      await asOperator(op1, '/deposit-addresses', {
        coin: 'BTC',
        network: 'BTC',
        address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      })
    ).code,
  ).toBe(200);
  version = (await api<{ agreementVersion: string }>(service.url, '/swx/customer/index/loanTerms')).result.agreementVersion;
  for (const text of [...REASONS, BULK])
    expect((await asOperator(op1, '/reject-reasons', { queue: 'loans', text })).code).toBe(200);
  for (let i = 0; i < 10; i++) ids.push(await loanUnderReview());
  // the second operator's first approval of the ones the console approves: the keyboard's is the final one
  for (const i of [0, 2, 5, 7])
    expect((await asOperator<{ step: string }>(op2, `/loans/${ids[i]}/approve`, {})).result.step).toBe('first');
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

const row = (page: Page, id: string) => page.locator(`[data-testid=admin-loan-row][data-id="${id}"]`);
const current = (page: Page) => page.locator('[data-testid=admin-loan-row][aria-current=true]');

/** The current loan decided from the keyboard: `a` approves, `r` rejects with the list's second reason. */
async function decide(page: Page, id: string, how: 'a' | 'r') {
  await expect.poll(() => current(page).getAttribute('data-id')).toBe(id);
  await expect.poll(() => current(page).evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
  await page.keyboard.press(how);
  await page.waitForSelector(`[data-testid=review-dialog][data-decision=${how === 'a' ? 'approve' : 'reject'}]`);
  // no key of the queue acts while the dialog is open
  await page.keyboard.press('j');
  expect(await current(page).getAttribute('data-id')).toBe(id);
  if (how === 'r') await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=review-dialog]', { state: 'detached', timeout: 10_000 });
  // the service's answer; the row then leaves the queue under review (asked for again) and the next one is current
  await expect
    .poll(async () => (await records()).get(id)?.status, { timeout: 10_000 })
    .toBe(how === 'a' ? 'repaying' : 'rejected');
}

/** Five loans cleared: approve, reject, approve, then two selected with x and rejected together with the bulk reason. */
async function clearFive(page: Page, five: string[]) {
  await decide(page, five[0], 'a');
  await decide(page, five[1], 'r');
  await decide(page, five[2], 'a');
  // the next one is current: x selects it, j moves on and x selects the last
  await expect.poll(() => current(page).getAttribute('data-id')).toBe(five[3]);
  await page.keyboard.press('x');
  await page.keyboard.press('j');
  await expect.poll(() => current(page).getAttribute('data-id')).toBe(five[4]);
  await page.keyboard.press('x');
  await expect.poll(() => page.locator('[data-testid=row-select]:checked').count()).toBe(2);
  await page.click('[data-testid=bulk-reject]');
  await page.waitForSelector('[data-testid=bulk-dialog]');
  await page.selectOption('[data-testid=reason-pick]', { label: BULK });
  await page.click('[data-testid=bulk-confirm]');
  await page.waitForSelector('[data-testid=bulk-dialog]', { state: 'detached', timeout: 10_000 });
  await expect.poll(() => page.getAttribute('[data-testid=bulk-result]', 'data-rejected')).toBe(`${five[3]} ${five[4]}`);
  const all = await records();
  expect(five.map((id) => [all.get(id)?.status, all.get(id)?.rejectReason ?? null])).toEqual([
    ['repaying', null],
    ['rejected', REASONS[1]],
    ['repaying', null],
    ['rejected', BULK],
    ['rejected', BULK],
  ]);
}

describe('desktop 1440 px: the loans queue from the keyboard', () => {
  let page: Page;
  const errors = pageForBlock(
    DESKTOP,
    () => ({ browser, base: service.url }),
    (p) => (page = p),
  );

  it('English: j/k move, five of ten loans cleared with a, r, x and Reject selected; the API says so', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginThroughPage(page, DESKTOP, OPERATOR.email, OPERATOR.password);
    await page.goto('/admin/loans');
    for (const id of ids) await row(page, id).waitFor({ timeout: 10_000 });
    expect(await page.textContent('[data-testid=queue-keys]')).toBe(
      'Keys: J or ↓ next · K or ↑ previous · A approve · R reject · P loan and signature · X select · Esc close',
    );
    // oldest first; the second operator's first approvals are named on their rows
    expect(
      await page.locator('[data-testid=admin-loan-row]').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-id'))),
    ).toEqual(ids);
    expect(await row(page, ids[0]).locator('[data-testid=loan-first-approval]').count()).toBe(1);
    await expect.poll(() => current(page).getAttribute('data-id')).toBe(ids[0]);
    await page.keyboard.press('j');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => current(page).getAttribute('data-id')).toBe(ids[2]);
    await page.keyboard.press('k');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => current(page).getAttribute('data-id')).toBe(ids[0]);
    await closeToasts(page);
    await shot(page, 'desktop-1440-loans-queue-en');
    await clearFive(page, ids.slice(0, 5));
    await closeToasts(page);
    await shot(page, 'desktop-1440-loans-queue-en-bulk');
    expect(errors).toEqual([]);
  });

  it('Arabic (dir=rtl): the other five cleared the same way; the queue under review is empty', async () => {
    await inLanguage(page, 'ar', '[data-testid=admin-loan-row]');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.textContent('[data-testid=queue-keys]')).toContain('X تحديد');
    await closeToasts(page);
    await shot(page, 'desktop-1440-loans-queue-ar');
    await clearFive(page, ids.slice(5));
    await expect.poll(() => page.locator('[data-testid=admin-loan-row][data-status=pending_review]').count()).toBe(0);
    expect((await asOperator<{ total: number }>(op1, '/loans?status=pending_review')).result.total).toBe(0);
    await closeToasts(page);
    await shot(page, 'desktop-1440-loans-queue-ar-cleared');
    expect(errors).toEqual([]);
  });
});

/** a verified borrower's changed data, back to review: a pending verification */
async function pendingKyc(token: string): Promise<string> {
  const kyc = await multipart<{ id?: string; submission?: { id: string } }>(
    '/swx/customer/user/identification',
    token,
    {
      update: 'true',
      firstName: 'Lina',
      lastName: `Tester${made}`,
      birthDate: '1988-05-06',
      sex: 'female',
      country: 'GB',
      address: '1 High Street, London',
      phone: '+44 20 7946 0000',
      documentType: 'passport',
    },
    { front: PNG, handheld: PNG, signature: PNG },
  );
  expect(kyc.code, kyc.msg).toBe(20001);
  return kyc.result.submission?.id ?? kyc.result.id ?? '';
}

describe('desktop 1440 px: the KYC queue has the same tools', () => {
  let page: Page;
  const errors = pageForBlock(
    DESKTOP,
    () => ({ browser, base: service.url }),
    (p) => (page = p),
  );

  it('English and Arabic: the filter bar and checkboxes; two verifications rejected together with one reason', async () => {
    const kyc = [await pendingKyc(borrowers[0]), await pendingKyc(borrowers[1]), await pendingKyc(borrowers[2])];
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginThroughPage(page, DESKTOP, OPERATOR.email, OPERATOR.password);
    await page.goto('/admin/kyc');
    for (const id of kyc) await page.locator(`[data-testid=admin-kyc-row][data-id="${id}"]`).waitFor({ timeout: 10_000 });
    await page.click('[data-testid=kyc-filters] >> xpath=.. >> summary');
    await closeToasts(page);
    await shot(page, 'desktop-1440-kyc-queue-tools-en');
    for (const id of kyc.slice(0, 2))
      await page.locator(`[data-testid=admin-kyc-row][data-id="${id}"] [data-testid=row-select]`).check();
    await page.click('[data-testid=bulk-reject]');
    await page.waitForSelector('[data-testid=bulk-dialog]');
    await page.fill('[data-testid=review-reason]', 'Document unreadable');
    await page.click('[data-testid=bulk-confirm]');
    await expect.poll(() => page.getAttribute('[data-testid=bulk-result]', 'data-rejected')).toBe(kyc.slice(0, 2).join(' '));
    const all = await asOperator<{ rows: { id: string; status: string }[] }>(op1, '/kyc?pageSize=100');
    expect(kyc.map((id) => all.result.rows.find((r) => r.id === id)?.status)).toEqual(['rejected', 'rejected', 'pending']);
    await inLanguage(page, 'ar', '[data-testid=admin-kyc-row]');
    await page.click('[data-testid=kyc-filters] >> xpath=.. >> summary');
    await closeToasts(page);
    await shot(page, 'desktop-1440-kyc-queue-tools-ar');
    expect(errors).toEqual([]);
  });
});
