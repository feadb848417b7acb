/**
 * The identity verification queue worked like the deposit queue (issue 42 item 4) against the real
 * service: on a 1440 px desktop an operator clears pending verifications with the keyboard only
 * (j/k and the arrows move, p opens the documents and Escape closes them, a approves, r rejects
 * with a reason from the KYC list), in English and in Arabic (dir=rtl), each submission's status
 * and reason read back from the operator API. The KYC reason editor refuses a reason already on
 * the list with its own catalogue text (10155) and writes nothing. Rows can be selected with x for
 * "Reject selected" (the bulk reject itself: queueKeysLoans.test.ts). Screenshots at 1440 px in both
 * languages and at 390 px.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, closeToasts, DESKTOP, MOBILE, registeredCustomer, shot } from '../harness.ts';
import { consoleQueue, inArabic, onPhone, openConsole, useConsole, widePage } from '../operatorConsole.ts';

const REASONS = ['Document unreadable', 'Photo does not match the person'];
const w = useConsole({ reasons: { kyc: REASONS } });
const stamp = Date.now().toString(36);
let made = 0;

const photo = sharp({ create: { width: 640, height: 400, channels: 3, background: '#557788' } })
  .jpeg()
  .toBuffer();

/** a new customer's identity verification, as the app's form sends it */
async function submitKyc(): Promise<string> {
  const customer = await registeredCustomer(w.service.url, `kk${stamp}${made++}`, 'Secret-pass-123');
  const form = new FormData();
  const fields = {
    firstName: 'Lina',
    lastName: `Tester${made}`,
    birthDate: '1988-05-06',
    sex: 'female',
    country: 'GB',
    address: '1 High Street, London',
    phone: '+44 20 7946 0000',
    documentType: 'passport',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const bytes = new Uint8Array(await photo);
  for (const kind of ['front', 'handheld', 'signature'])
    form.append(kind, new Blob([bytes], { type: 'image/jpeg' }), `${kind}.jpg`);
  const r = await fetch(`${w.service.url}/swx/customer/user/identification`, {
    method: 'POST',
    headers: { Authorization: customer.token },
    body: form,
  });
  const env = (await r.json()) as { code: number; result: { id: string } };
  expect(env.code).toBe(20001);
  return env.result.id;
}
const records = () => w.records('kyc');

const queue = consoleQueue('admin-kyc-row');
/** `n` new pending verifications, each shown as pending (with those still waiting from before). */
async function pending(page: Page, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await submitKyc());
  expect(await queue.reloaded(page, ids)).toEqual(expect.arrayContaining(ids));
  return ids;
}

/** `count` pending verifications cleared from the keyboard: every second one rejected with the list's second reason. */
const clearKyc = (page: Page, count: number) => queue.clear(page, { count, reject: (i) => i % 2 === 1, approved: 'verified' });

async function expectDecided(meant: Map<string, string>) {
  const all = await records();
  for (const [id, status] of meant) {
    expect(all.get(id)?.status).toBe(status);
    expect(all.get(id)?.rejectReason ?? null).toBe(status === 'rejected' ? REASONS[1] : null);
  }
}

describe('desktop 1440 px: the KYC queue from the keyboard', () => {
  let page: Page;
  const errors = widePage(w, DESKTOP, (p) => (page = p));

  it('English: j/k move, p opens the documents and Escape closes them; three verifications cleared with a and r; the API says so', async () => {
    await openConsole(page, DESKTOP, '/admin/kyc', '[data-testid=admin-kyc]');
    const ids = await pending(page, 4);
    expect(await page.textContent('[data-testid=queue-keys]')).toBe(
      'Keys: J or ↓ next · K or ↑ previous · A approve · R reject · P documents · X select · Esc close',
    );
    // each pending row can be selected for a bulk reject
    expect(await page.locator('[data-testid=row-select]').count()).toBeGreaterThanOrEqual(4);
    const current = page.locator('[data-testid=admin-kyc-row][aria-current=true]');
    await queue.move(page, ids);
    // the documents of the current one beside its data, and Escape closes them
    await page.keyboard.press('p');
    await page.waitForSelector(`[data-testid=kyc-review-panel][data-id="${ids[0]}"]`);
    await expect
      .poll(
        () =>
          page
            .locator('[data-testid=kyc-admin-image-front]')
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        { timeout: 10_000 },
      )
      .toBe(true);
    // the queue's keys wait while the documents show
    await page.keyboard.press('a');
    expect(await page.locator('[data-testid=review-dialog]').count()).toBe(0);
    await closeToasts(page);
    await shot(page, 'desktop-1440-kyc-queue-documents');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=kyc-review-panel]', { state: 'detached' });
    // Escape in a decision's dialog sends nothing
    await expect.poll(() => current.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.press('r');
    await page.waitForSelector('[data-testid=review-dialog][data-decision=reject]');
    expect(await page.locator('[data-testid=reason-pick] option').allTextContents()).toEqual([
      ...REASONS,
      'Another reason (type it)',
    ]);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=review-dialog]', { state: 'detached' });
    expect((await records()).get(ids[0])?.status).toBe('pending');
    await closeToasts(page);
    await shot(page, 'desktop-1440-kyc-queue-en');
    const meant = await clearKyc(page, 3);
    expect([...meant.keys()].sort()).toEqual(ids.slice(0, 3).sort());
    await expectDecided(meant);
    // the one left is current
    await expect.poll(() => current.getAttribute('data-id')).toBe(ids[3]);
    expect(errors).toEqual([]);
  });

  it("a reason already on the KYC list is refused with the catalogue's own text, and nothing is added", async () => {
    const editor = page.locator('[data-testid=reasons-editor][data-queue=kyc]');
    await editor.locator('summary').click();
    await page.fill('[data-testid=reason-new]', '  document   UNREADABLE ');
    await page.click('[data-testid=reason-add]');
    const error = editor.locator('[data-testid=reason-error]');
    await error.waitFor({ timeout: 10_000 });
    expect(await error.getAttribute('data-code')).toBe('10155');
    expect(await error.textContent()).toBe("This reason is already on this queue's list.");
    expect(await editor.locator('[data-testid=reason-item]').allTextContents()).toHaveLength(2);
    const list = await api<{ rows: { text: string }[] }>(w.service.url, '/admin-api/reject-reasons?queue=kyc', {
      token: w.opToken,
    });
    expect(list.result.rows.map((r) => r.text)).toEqual(REASONS);
    await closeToasts(page);
    await shot(page, 'desktop-1440-kyc-reason-exists-en');
    await editor.locator('summary').click();
    expect(errors).toEqual([]);
  });

  it('Arabic (dir=rtl): three more cleared the same way; the refusal in Arabic', async () => {
    const before = await pending(page, 3);
    await inArabic(page, '[data-testid=admin-kyc-row]');
    expect(await page.textContent('[data-testid=queue-keys]')).toContain('P المستندات');
    const current = page.locator('[data-testid=admin-kyc-row][aria-current=true]');
    // the first waiting one (left from the English run) is current after the reload
    await expect.poll(() => current.getAttribute('data-status')).toBe('pending');
    await closeToasts(page);
    await shot(page, 'desktop-1440-kyc-queue-ar');
    const meant = await clearKyc(page, 4);
    expect([...meant.keys()].filter((id) => before.includes(id)).sort()).toEqual(before.sort());
    await expectDecided(meant);
    await expect.poll(() => page.locator('[data-testid=admin-kyc-row][data-status=pending]').count()).toBe(0);
    const editor = page.locator('[data-testid=reasons-editor][data-queue=kyc]');
    await editor.locator('summary').click();
    await page.fill('[data-testid=reason-new]', REASONS[0]);
    await page.click('[data-testid=reason-add]');
    await expect
      .poll(() => editor.locator('[data-testid=reason-error]').textContent())
      .toBe('هذا السبب موجود بالفعل في قائمة هذا الطابور.');
    await closeToasts(page);
    await shot(page, 'desktop-1440-kyc-queue-ar-cleared');
    expect(errors).toEqual([]);
  });
});

describe('phone 390 px: the KYC queue keeps its buttons', () => {
  let page: Page;
  const errors = widePage(w, MOBILE, (p) => (page = p));

  it('English and Arabic: rows as cards with their buttons, no keys legend, nothing wider than the phone', async () => {
    await submitKyc();
    const ready = '[data-testid=admin-kyc-row][data-status=pending] [data-testid=approve]';
    await onPhone(page, '/admin/kyc', ready, 'phone-390-kyc-queue');
    expect(errors).toEqual([]);
  });
});
