/**
 * Working the deposit queue at human speed (issue 42 item 4) against the real service: on a
 * 1440 px desktop an operator clears a queue of 10 pending deposits with the keyboard only
 * (j/k and the arrows move, a approves, r rejects with a reason from the picker, p shows the
 * proof, Escape closes), in English and in Arabic (dir=rtl), each record's status read back from
 * the operator API; a reason added in the console's editor shows in the picker; several deposits
 * are rejected together with one reason, and the answer says which were. Screenshots at 1440,
 * 1024 and 390 px in both languages.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, closeToasts, depositClaim, DESKTOP, inLanguage, MOBILE, registeredCustomer, shot } from '../harness.ts';
import { consoleQueue, inArabic, onPhone, openConsole, useConsole, widePage } from '../operatorConsole.ts';

// one customer with ten claims waiting at once and 25 in the hour (the defaults: five and ten)
const w = useConsole({
  env: { DEPOSIT_PENDING_MAX: '20', DEPOSIT_CLAIMS_PER_HOUR: '100' },
  reasons: { deposits: ['Transfer not found on the chain', 'Proof does not match the transfer'] },
});
let customerToken = '';
beforeAll(async () => {
  customerToken = (await registeredCustomer(w.service.url, `kq${Date.now().toString(36)}`, 'Secret-pass-123')).token;
});
const submitDeposit = (amount: string) => depositClaim(w.service.url, customerToken, amount);
const records = () => w.records('deposits');
const statuses = async (ids: string[]) => {
  const all = await records();
  return ids.map((id) => all.get(id)?.status);
};
const queue = consoleQueue('admin-deposit-row');
/** Ten pending deposits cleared from the keyboard: approve most, reject every fourth with the second reason. */
const clearTen = (page: Page) => queue.clear(page, { count: 10, reject: (i) => i % 4 === 3, approved: 'approved' });

/** Ten new pending deposits, in the order the queue shows them. */
async function tenPending(page: Page): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 10; i++) ids.push(await submitDeposit(`${121 + i}.5`));
  const shown = await queue.reloaded(page, ids);
  expect([...shown].sort()).toEqual([...ids].sort());
  return shown;
}

describe('desktop 1440 px: the deposit queue from the keyboard', () => {
  let page: Page;
  const errors = widePage(w, DESKTOP, (p) => (page = p));

  it('English: ten deposits cleared with j/k, a, r (a reason from the picker), p and Escape; the API says so', async () => {
    await openConsole(page, DESKTOP, '/admin/deposits', '[data-testid=admin-deposits]');
    const ids = await tenPending(page);
    expect(await page.textContent('[data-testid=queue-keys]')).toContain('A approve');
    await queue.move(page, ids);
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
    const meant = await clearTen(page);
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
    await inArabic(page, '[data-testid=admin-deposits]');
    const ids = await tenPending(page);
    expect(await page.textContent('[data-testid=queue-keys]')).toContain('موافقة');
    await closeToasts(page);
    await shot(page, 'desktop-1440-queue-ar');
    const meant = await clearTen(page);
    expect([...meant.keys()].sort()).toEqual([...ids].sort());
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
    await queue.reloaded(page, ids);
    for (const id of ids.slice(0, 3))
      await page.locator(`[data-testid=admin-deposit-row][data-id="${id}"] [data-testid=row-select]`).check();
    expect(await page.textContent('[data-testid=selected-count]')).toBe('Selected: 3');
    // another operator rejects one of them meanwhile
    expect(
      (await api(w.service.url, `/admin-api/deposits/${ids[2]}/reject`, { body: { reason: 'Duplicate' }, token: w.opToken }))
        .code,
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
  const errors = widePage(w, MOBILE, (p) => (page = p));

  it('English and Arabic: rows as cards with their checkbox and buttons, no keys legend', async () => {
    await submitDeposit('150');
    const ready = '[data-testid=admin-deposit-row][data-status=pending] [data-testid=approve]';
    await onPhone(page, '/admin/deposits', ready, 'phone-390-queue');
    expect(await page.locator('[data-testid=bulk-reject]').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
