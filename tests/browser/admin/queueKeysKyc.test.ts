/**
 * The identity verification queue worked like the deposit queue (issue 42 item 4) against the real
 * service: on a 1440 px desktop an operator clears pending verifications with the keyboard only
 * (j/k and the arrows move, p opens the documents and Escape closes them, a approves, r rejects
 * with a reason from the KYC list), in English and in Arabic (dir=rtl), each submission's status
 * and reason read back from the operator API. The KYC reason editor refuses a reason already on
 * the list with its own catalogue text (10155) and writes nothing. KYC has no bulk route: no
 * checkboxes, no "Reject selected". Screenshots at 1440 px in both languages and at 390 px.
 */
import sharp from 'sharp';
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

let service: Service;
let browser: Browser;
let opToken = '';
const REASONS = ['Document unreadable', 'Photo does not match the person'];
const stamp = Date.now().toString(36);
let made = 0;

const photo = sharp({ create: { width: 640, height: 400, channels: 3, background: '#557788' } })
  .jpeg()
  .toBuffer();

/** a new customer's identity verification, as the app's form sends it */
async function submitKyc(): Promise<string> {
  const customer = await registeredCustomer(service.url, `kk${stamp}${made++}`, 'Secret-pass-123');
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
  const r = await fetch(`${service.url}/swx/customer/user/identification`, {
    method: 'POST',
    headers: { Authorization: customer.token },
    body: form,
  });
  const env = (await r.json()) as { code: number; result: { id: string } };
  expect(env.code).toBe(20001);
  return env.result.id;
}
type Row = { id: string; status: string; rejectReason: string | null };
/** each submission's status and reason as the operator API answers */
async function records(): Promise<Map<string, Row>> {
  const page = await api<{ rows: Row[] }>(service.url, '/admin-api/kyc?pageSize=100', { token: opToken });
  expect(page.code).toBe(200);
  return new Map(page.result.rows.map((r) => [r.id, r]));
}

beforeAll(async () => {
  [service, browser] = await Promise.all([startService(), launch()]);
  opToken = await operatorToken(service.url);
  for (const text of REASONS) {
    const r = await api(service.url, '/admin-api/reject-reasons', { body: { queue: 'kyc', text }, token: opToken });
    expect(r.code).toBe(200);
  }
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

const row = (page: Page, id: string) => page.locator(`[data-testid=admin-kyc-row][data-id="${id}"]`);

/** `n` new pending verifications, each shown as pending (with those still waiting from before). */
async function pending(page: Page, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await submitKyc());
  await page.click('[data-testid=reload]');
  for (const id of ids) await row(page, id).waitFor({ timeout: 10_000 });
  const shown = await page
    .locator('[data-testid=admin-kyc-row][data-status=pending]')
    .evaluateAll((rs) => rs.map((r) => r.getAttribute('data-id') ?? ''));
  expect(shown).toEqual(expect.arrayContaining(ids));
  return ids;
}

/** The pending verifications cleared from the keyboard: every second one rejected with the list's second reason. */
async function clearWithKeys(page: Page, count: number): Promise<Map<string, string>> {
  const meant = new Map<string, string>();
  const current = page.locator('[data-testid=admin-kyc-row][aria-current=true]');
  for (let i = 0; i < count; i++) {
    await expect.poll(() => current.getAttribute('data-status')).toBe('pending');
    const id = (await current.getAttribute('data-id')) ?? '';
    await expect.poll(() => current.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    const reject = i % 2 === 1;
    await page.keyboard.press(reject ? 'r' : 'a');
    await page.waitForSelector(`[data-testid=review-dialog][data-decision=${reject ? 'reject' : 'approve'}]`);
    // no key of the queue acts while the dialog is open
    await page.keyboard.press('j');
    expect(await current.getAttribute('data-id')).toBe(id);
    if (reject) {
      await page.keyboard.press('ArrowDown');
      expect(await page.locator('[data-testid=reason-pick]').evaluate((el) => (el as HTMLSelectElement).selectedIndex)).toBe(1);
    }
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=review-dialog]', { state: 'detached', timeout: 10_000 });
    await expect
      .poll(() => row(page, id).getAttribute('data-status'), { timeout: 10_000 })
      .toBe(reject ? 'rejected' : 'verified');
    meant.set(id, reject ? 'rejected' : 'verified');
  }
  return meant;
}

async function expectDecided(meant: Map<string, string>) {
  const all = await records();
  for (const [id, status] of meant) {
    expect(all.get(id)?.status).toBe(status);
    expect(all.get(id)?.rejectReason ?? null).toBe(status === 'rejected' ? REASONS[1] : null);
  }
}

describe('desktop 1440 px: the KYC queue from the keyboard', () => {
  let page: Page;
  const errors = pageForBlock(
    DESKTOP,
    () => ({ browser, base: service.url }),
    (p) => (page = p),
  );

  it('English: j/k move, p opens the documents and Escape closes them; three verifications cleared with a and r; the API says so', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginThroughPage(page, DESKTOP, OPERATOR.email, OPERATOR.password);
    await page.goto('/admin/kyc');
    await page.waitForSelector('[data-testid=admin-kyc]');
    const ids = await pending(page, 4);
    expect(await page.textContent('[data-testid=queue-keys]')).toBe(
      'Keys: J or ↓ next · K or ↑ previous · A approve · R reject · P documents · Esc close',
    );
    // no bulk route for KYC: nothing to select
    expect(await page.locator('[data-testid=row-select], [data-testid=bulk-reject]').count()).toBe(0);
    const current = page.locator('[data-testid=admin-kyc-row][aria-current=true]');
    await expect.poll(() => current.getAttribute('data-id')).toBe(ids[0]);
    await page.keyboard.press('j');
    await expect.poll(() => current.getAttribute('data-id')).toBe(ids[1]);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => current.getAttribute('data-id')).toBe(ids[2]);
    await page.keyboard.press('k');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => current.getAttribute('data-id')).toBe(ids[0]);
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
    const meant = await clearWithKeys(page, 3);
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
    const list = await api<{ rows: { text: string }[] }>(service.url, '/admin-api/reject-reasons?queue=kyc', { token: opToken });
    expect(list.result.rows.map((r) => r.text)).toEqual(REASONS);
    await closeToasts(page);
    await shot(page, 'desktop-1440-kyc-reason-exists-en');
    await editor.locator('summary').click();
    expect(errors).toEqual([]);
  });

  it('Arabic (dir=rtl): three more cleared the same way; the refusal in Arabic', async () => {
    const before = await pending(page, 3);
    await inLanguage(page, 'ar', '[data-testid=admin-kyc-row]');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.textContent('[data-testid=queue-keys]')).toContain('P المستندات');
    const current = page.locator('[data-testid=admin-kyc-row][aria-current=true]');
    // the first waiting one (left from the English run) is current after the reload
    await expect.poll(() => current.getAttribute('data-status')).toBe('pending');
    await closeToasts(page);
    await shot(page, 'desktop-1440-kyc-queue-ar');
    const meant = await clearWithKeys(page, 4);
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
  const errors = pageForBlock(
    MOBILE,
    () => ({ browser, base: service.url }),
    (p) => (page = p),
  );

  it('English and Arabic: rows as cards with their buttons, no keys legend, nothing wider than the phone', async () => {
    await submitKyc();
    await loginThroughPage(page, MOBILE, OPERATOR.email, OPERATOR.password);
    await page.goto('/admin/kyc');
    await page.waitForSelector('[data-testid=admin-kyc-row][data-status=pending] [data-testid=approve]');
    expect(await page.locator('[data-testid=queue-keys]').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await closeToasts(page);
    await shot(page, 'phone-390-kyc-queue-en');
    await inLanguage(page, 'ar', '[data-testid=admin-kyc-row] [data-testid=approve]');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await closeToasts(page);
    await shot(page, 'phone-390-kyc-queue-ar');
    expect(errors).toEqual([]);
  });
});
