/**
 * Working the deposit queue at human speed (issue 42 item 4) against the real service: on a
 * 1440 px desktop an operator clears a queue of 10 pending deposits with the keyboard only
 * (j/k and the arrows move, a approves, r rejects with a reason from the picker, p shows the
 * proof, Escape closes), in English and in Arabic (dir=rtl), each record's status read back from
 * the operator API; a reason added in the console's editor shows in the picker; several deposits
 * are rejected together with one reason, and the answer says which were. Screenshots at 1440,
 * 1024 and 390 px in both languages.
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
  MOBILE,
  OPERATOR,
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
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
let service: Service;
let browser: Browser;
let opToken = '';
let customerToken = '';

/** a deposit claim in the real book with its proof, as the app's form sends it */
async function submitDeposit(amount: string): Promise<string> {
  const form = new FormData();
  form.append('amount', amount);
  form.append('coin', 'USDT');
  form.append('network', 'TRC20');
  form.append('txHash', crypto.randomBytes(32).toString('hex'));
  form.append('proofLast6', '654321');
  form.append('proof', new Blob([PNG], { type: 'image/png' }), 'proof.png');
  const r = await fetch(`${service.url}/swx/customer/user/recharge`, {
    method: 'POST',
    headers: { Authorization: customerToken, virtually: 'YES' },
    body: form,
  });
  const env = (await r.json()) as { code: number; result: { id: string } };
  expect(env.code).toBe(20002);
  return env.result.id;
}
type Row = { id: string; status: string; rejectReason: string | null };
/** each deposit's status and reason as the operator API answers */
async function records(): Promise<Map<string, Row>> {
  const page = await api<{ rows: Row[] }>(service.url, '/admin-api/deposits?pageSize=100', { token: opToken });
  expect(page.code).toBe(200);
  return new Map(page.result.rows.map((r) => [r.id, r]));
}
const statuses = async (ids: string[]) => {
  const all = await records();
  return ids.map((id) => all.get(id)?.status);
};

beforeAll(async () => {
  // one customer with ten claims waiting at once and 25 in the hour (the defaults: five and ten)
  [service, browser] = await Promise.all([
    startService('server/main.ts', { DEPOSIT_PENDING_MAX: '20', DEPOSIT_CLAIMS_PER_HOUR: '100' }),
    launch(),
  ]);
  opToken = await operatorToken(service.url);
  const added = await api(service.url, '/admin-api/deposit-addresses', {
    body: { coin: 'USDT', network: 'TRC20', address: TRON },
    token: opToken,
  });
  expect(added.code).toBe(200);
  for (const text of ['Transfer not found on the chain', 'Proof does not match the transfer']) {
    const r = await api(service.url, '/admin-api/reject-reasons', { body: { queue: 'deposits', text }, token: opToken });
    expect(r.code).toBe(200);
  }
  customerToken = (await registeredCustomer(service.url, `kq${Date.now().toString(36)}`, 'Secret-pass-123')).token;
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

/**
 * Ten pending deposits cleared from the keyboard: approve most, reject every fourth with the
 * second reason of the list. Returns what each was meant to become.
 */
async function clearWithKeys(page: Page, ids: string[]): Promise<Map<string, string>> {
  const meant = new Map<string, string>();
  const current = page.locator('[data-testid=admin-deposit-row][aria-current=true]');
  for (let i = 0; i < ids.length; i++) {
    await expect.poll(() => current.getAttribute('data-status')).toBe('pending');
    const id = (await current.getAttribute('data-id')) ?? '';
    // the current row has the focus: the keys act on it
    await expect.poll(() => current.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    const reject = i % 4 === 3;
    await page.keyboard.press(reject ? 'r' : 'a');
    await page.waitForSelector(`[data-testid=review-dialog][data-decision=${reject ? 'reject' : 'approve'}]`);
    // no key of the queue acts while the dialog is open
    await page.keyboard.press('j');
    expect(await current.getAttribute('data-id')).toBe(id);
    if (reject) {
      // the picker has the focus: the second reason, then Enter sends it
      await page.keyboard.press('ArrowDown');
      expect(await page.locator('[data-testid=reason-pick]').evaluate((el) => (el as HTMLSelectElement).selectedIndex)).toBe(1);
    }
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=review-dialog]', { state: 'detached', timeout: 10_000 });
    const row = page.locator(`[data-testid=admin-deposit-row][data-id="${id}"]`);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 10_000 }).toBe(reject ? 'rejected' : 'approved');
    meant.set(id, reject ? 'rejected' : 'approved');
  }
  return meant;
}

/** Ten new pending deposits, in the order the queue shows them. */
async function tenPending(page: Page): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 10; i++) ids.push(await submitDeposit(`${121 + i}.5`));
  await page.click('[data-testid=reload]');
  for (const id of ids) await page.locator(`[data-testid=admin-deposit-row][data-id="${id}"]`).waitFor({ timeout: 10_000 });
  const shown = await page
    .locator('[data-testid=admin-deposit-row][data-status=pending]')
    .evaluateAll((rs) => rs.map((r) => r.getAttribute('data-id') ?? ''));
  expect([...shown].sort()).toEqual([...ids].sort());
  return shown;
}

describe('desktop 1440 px: the deposit queue from the keyboard', () => {
  let page: Page;
  const errors = pageForBlock(
    DESKTOP,
    () => ({ browser, base: service.url }),
    (p) => (page = p),
  );

  it('English: ten deposits cleared with j/k, a, r (a reason from the picker), p and Escape; the API says so', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginThroughPage(page, DESKTOP, OPERATOR.email, OPERATOR.password);
    await page.goto('/admin/deposits');
    await page.waitForSelector('[data-testid=admin-deposits]');
    const ids = await tenPending(page);
    expect(await page.textContent('[data-testid=queue-keys]')).toContain('A approve');
    const current = page.locator('[data-testid=admin-deposit-row][aria-current=true]');
    await expect.poll(() => current.getAttribute('data-id')).toBe(ids[0]);
    // down and back up, with both layouts of keys
    await page.keyboard.press('j');
    await expect.poll(() => current.getAttribute('data-id')).toBe(ids[1]);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => current.getAttribute('data-id')).toBe(ids[2]);
    await page.keyboard.press('k');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => current.getAttribute('data-id')).toBe(ids[0]);
    // the proof of the current row, and Escape closes it
    await page.keyboard.press('p');
    await page.waitForSelector('[data-testid=proof-image]', { timeout: 10_000 });
    await closeToasts(page);
    await shot(page, 'desktop-1440-queue-proof');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=proof-viewer]', { state: 'detached' });
    // Escape in a dialog sends nothing
    await page.keyboard.press('a');
    await page.waitForSelector('[data-testid=review-dialog]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=review-dialog]', { state: 'detached' });
    expect(await statuses([ids[0]])).toEqual(['pending']);
    await shot(page, 'desktop-1440-queue-en');
    const meant = await clearWithKeys(page, ids);
    expect([...meant.keys()].sort()).toEqual([...ids].sort());
    const all = await records();
    for (const [id, status] of meant) {
      expect(all.get(id)?.status).toBe(status);
      if (status === 'rejected') expect(all.get(id)?.rejectReason).toBe('Proof does not match the transfer');
    }
    await closeToasts(page);
    await shot(page, 'desktop-1440-queue-en-cleared');
    expect(errors).toEqual([]);
  });

  it('Arabic (dir=rtl): ten more cleared the same way', async () => {
    await inLanguage(page, 'ar', '[data-testid=admin-deposits]');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    const ids = await tenPending(page);
    expect(await page.textContent('[data-testid=queue-keys]')).toContain('موافقة');
    await closeToasts(page);
    await shot(page, 'desktop-1440-queue-ar');
    const meant = await clearWithKeys(page, ids);
    const all = await records();
    for (const [id, status] of meant) expect(all.get(id)?.status).toBe(status);
    expect(errors).toEqual([]);
  });

  it('a reason added in the console shows in the picker; three deposits rejected with it at once, one refused as decided elsewhere', async () => {
    await inLanguage(page, 'en', '[data-testid=admin-deposits]');
    const editor = page.locator('[data-testid=reasons-editor]');
    await editor.locator('summary').click();
    await page.fill('[data-testid=reason-new]', 'Sender name differs from the account holder');
    await page.click('[data-testid=reason-add]');
    await expect
      .poll(() => editor.locator('[data-testid=reason-item]').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining('Sender name differs from the account holder')]));
    const ids = [await submitDeposit('125'), await submitDeposit('126'), await submitDeposit('127'), await submitDeposit('140')];
    await page.click('[data-testid=reload]');
    for (const id of ids) await page.locator(`[data-testid=admin-deposit-row][data-id="${id}"]`).waitFor({ timeout: 10_000 });
    for (const id of ids.slice(0, 3))
      await page.locator(`[data-testid=admin-deposit-row][data-id="${id}"] [data-testid=row-select]`).check();
    expect(await page.textContent('[data-testid=selected-count]')).toBe('Selected: 3');
    // another operator rejects one of them meanwhile
    expect(
      (await api(service.url, `/admin-api/deposits/${ids[2]}/reject`, { body: { reason: 'Duplicate' }, token: opToken })).code,
    ).toBe(200);
    await page.click('[data-testid=bulk-reject]');
    await page.waitForSelector('[data-testid=bulk-dialog]');
    const options = await page.locator('[data-testid=bulk-dialog] [data-testid=reason-pick] option').allTextContents();
    expect(options).toContain('Sender name differs from the account holder');
    await page.selectOption('[data-testid=bulk-dialog] [data-testid=reason-pick]', {
      label: 'Sender name differs from the account holder',
    });
    await closeToasts(page);
    await shot(page, 'desktop-1440-queue-bulk');
    await page.click('[data-testid=bulk-confirm]');
    const result = page.locator('[data-testid=bulk-result]');
    await result.waitFor({ timeout: 10_000 });
    expect((await result.getAttribute('data-rejected'))?.split(' ').sort()).toEqual(ids.slice(0, 2).sort());
    expect(await result.locator('[data-testid=bulk-refused]').getAttribute('data-id')).toBe(ids[2]);
    expect(await result.textContent()).toContain('Rejected: 2.');
    const all = await records();
    for (const id of ids.slice(0, 2)) {
      expect(all.get(id)?.status).toBe('rejected');
      expect(all.get(id)?.rejectReason).toBe('Sender name differs from the account holder');
    }
    expect(all.get(ids[2])?.rejectReason).toBe('Duplicate');
    expect(all.get(ids[3])?.status).toBe('pending');
    await closeToasts(page);
    await shot(page, 'desktop-1440-queue-bulk-done');
    expect(errors).toEqual([]);
  });

  it('1024 px in English and Arabic, with the filters open', async () => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.locator('[data-testid=deposit-filters]').evaluate((el) => el.closest('details')?.setAttribute('open', ''));
    await page.fill('[data-testid=filter-minAmount]', '139');
    await page.click('[data-testid=filter-apply]');
    await expect
      .poll(() =>
        page.locator('[data-testid=admin-deposit-row]').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-status'))),
      )
      .toEqual(['pending']);
    await closeToasts(page);
    await shot(page, 'desktop-1024-queue-en');
    await inLanguage(page, 'ar', '[data-testid=admin-deposit-row]');
    await closeToasts(page);
    await shot(page, 'desktop-1024-queue-ar');
    expect(errors).toEqual([]);
  });
});

describe('phone 390 px: the queue keeps its buttons', () => {
  let page: Page;
  const errors = pageForBlock(
    MOBILE,
    () => ({ browser, base: service.url }),
    (p) => (page = p),
  );

  it('English and Arabic: rows as cards with their checkbox and buttons, no keys legend', async () => {
    await submitDeposit('150');
    await loginThroughPage(page, MOBILE, OPERATOR.email, OPERATOR.password);
    await page.goto('/admin/deposits');
    await page.waitForSelector('[data-testid=admin-deposit-row][data-status=pending] [data-testid=approve]');
    expect(await page.locator('[data-testid=queue-keys]').isVisible()).toBe(false);
    expect(await page.locator('[data-testid=bulk-reject]').isVisible()).toBe(true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await closeToasts(page);
    await shot(page, 'phone-390-queue-en');
    await inLanguage(page, 'ar', '[data-testid=admin-deposit-row] [data-testid=approve]');
    await closeToasts(page);
    await shot(page, 'phone-390-queue-ar');
    expect(errors).toEqual([]);
  });
});
