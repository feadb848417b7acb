/**
 * Identity verification in the web app against the real service: a customer on a phone fills the
 * steps (personal data, document, photos with previews, a signature drawn on the pad by touch and
 * mouse, review) and submits with upload progress → pending with the 48-hour promise; an operator
 * on a 1440 px desktop opens the queue, sees the images beside the typed data and approves → the
 * customer's open page turns 'verified' without a reload (live user event). A second customer,
 * rejected through the API, reads the reason in Arabic and resubmits. Screenshots at 390 and
 * 1440 px in English and Arabic go to tests/browser/screenshots/.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  api,
  codeFor,
  DESKTOP,
  launch,
  loginThroughPage,
  MOBILE,
  newContext,
  operatorToken,
  OPERATOR,
  shot,
  startService,
  textOf,
  type Device,
  type Service,
  closeToasts,
} from '../harness.ts';

let service: Service;
let browser: Browser;
let opToken = '';
const WIDE: Device = { ...DESKTOP, viewport: { width: 1440, height: 900 } } as unknown as Device;
const stamp = Date.now().toString(36);
const alice = { username: `kyc_a_${stamp}`, email: `kyc-a-${stamp}@example.test`, password: 'Secret-pass-123', token: '' };
const bob = { username: `kyc_b_${stamp}`, email: `kyc-b-${stamp}@example.test`, password: 'Secret-pass-123', token: '' };

const photo = (color: string) =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

async function register(u: typeof alice) {
  expect((await api(service.url, '/swx/customer/login/sendCode', { body: { email: u.email, purpose: 'register' } })).code).toBe(
    200,
  );
  const code = await codeFor(service.url, u.email);
  const reg = await api<{ token: string }>(service.url, '/swx/customer/login/register', {
    body: { username: u.username, email: u.email, code, password: u.password, confirmPassword: u.password },
  });
  expect(reg.code).toBe(200);
  u.token = reg.result.token;
}

beforeAll(async () => {
  [service, browser] = await Promise.all([startService(), launch()]);
  opToken = await operatorToken(service.url);
  await register(alice);
  await register(bob);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe('identity verification: phone submit → desktop approval → verified', () => {
  let phone: BrowserContext;
  let desk: BrowserContext;
  let p: Page;
  let d: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    phone = await newContext(browser, MOBILE, service.url);
    desk = await newContext(browser, WIDE, service.url);
    p = await phone.newPage();
    d = await desk.newPage();
    for (const page of [p, d]) page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await phone?.close();
    await desk?.close();
  });

  it('the profile and the loan page lead to the form; the steps refuse what is missing', async () => {
    await loginThroughPage(p, MOBILE, alice.email, alice.password);
    await p.goto('/loan');
    await p.click('[data-testid=loan-kyc-link]');
    await p.waitForURL((u) => u.pathname === '/profile/verification');
    await p.goto('/profile');
    await p.click('[data-testid=profile-kyc]');
    await p.waitForSelector('[data-testid=kyc-form][data-step=personal]');
    await p.click('[data-testid=kyc-next]');
    expect(await p.getAttribute('[data-testid=kyc-problem]', 'data-field')).toBe('firstName');
    await p.fill('[data-testid=kyc-firstName]', 'Ada');
    await p.fill('[data-testid=kyc-lastName]', 'Lovelace');
    // under 18 is refused before anything is sent
    await p.fill('[data-testid=kyc-birthDate]', `${new Date().getUTCFullYear() - 10}-01-01`);
    await p.click('[data-testid=kyc-next]');
    expect(await textOf(p, '[data-testid=kyc-problem]')).toContain('18');
    await p.fill('[data-testid=kyc-birthDate]', '1990-12-10');
    await p.check('[data-testid=kyc-sex-female]');
    // the country list carries names in the app's language, the value is the ISO code
    expect(await p.locator('[data-testid=kyc-country] option[value=GB]').textContent()).toBe('United Kingdom');
    await p.selectOption('[data-testid=kyc-country]', 'GB');
    await p.fill('[data-testid=kyc-address]', '12 St James Square, London');
    await p.fill('[data-testid=kyc-phone]', '+44 7700 900123');
    await shot(p, 'kyc-form-personal-390-en');
    await p.click('[data-testid=kyc-next]');
    await p.waitForSelector('[data-testid=kyc-form][data-step=document]');
    await p.check('[data-testid=kyc-doc-id_card]');
    await p.click('[data-testid=kyc-next]');
    await p.waitForSelector('[data-testid=kyc-form][data-step=photos]');
    await p.click('[data-testid=kyc-next]');
    expect(await p.getAttribute('[data-testid=kyc-problem]', 'data-field')).toBe('front');
  });

  it('photos with previews, a signature drawn by touch and mouse, review, submit with progress → pending', async () => {
    for (const [kind, color] of [
      ['front', '#336699'],
      ['back', '#996633'],
      ['handheld', '#cc9966'],
    ] as const) {
      await p.setInputFiles(`[data-testid=kyc-file-${kind}]`, {
        name: `${kind}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await photo(color),
      });
      await expect
        .poll(() =>
          p.locator(`[data-testid=kyc-preview-${kind}]`).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        )
        .toBe(640);
    }
    await shot(p, 'kyc-form-photos-390-en');
    await p.click('[data-testid=kyc-next]');
    await p.waitForSelector('[data-testid=kyc-form][data-step=signature]');
    await p.click('[data-testid=kyc-next]');
    expect(await p.getAttribute('[data-testid=kyc-problem]', 'data-field')).toBe('signature');
    const pad = (await p.locator('[data-testid=kyc-signature-pad]').boundingBox())!;
    // a finger first (touch pointer events), then a stroke
    await p.touchscreen.tap(pad.x + 30, pad.y + 40);
    await p.mouse.move(pad.x + 40, pad.y + 120);
    await p.mouse.down();
    for (let i = 1; i <= 12; i++) await p.mouse.move(pad.x + 40 + i * 20, pad.y + 120 + Math.sin(i) * 40);
    await p.mouse.up();
    await expect.poll(() => p.getAttribute('[data-testid=kyc-signature-pad]', 'data-signed')).toBe('true');
    await shot(p, 'kyc-form-signature-390-en');
    await p.click('[data-testid=kyc-next]');
    await p.waitForSelector('[data-testid=kyc-review]');
    expect(await textOf(p, '[data-testid=kyc-review-country]')).toBe('United Kingdom');
    await shot(p, 'kyc-form-review-390-en');
    await p.click('[data-testid=kyc-submit]');
    await p.waitForSelector('[data-testid=kyc-status][data-status=pending]', { timeout: 20_000 });
    expect(await textOf(p, '[data-testid=kyc-promise]')).toContain('48 hours');
    await closeToasts(p);
    await shot(p, 'kyc-status-pending-390-en');
  });

  it('the operator on a 1440 px desktop sees the images beside the data and approves; the phone turns verified live', async () => {
    await loginThroughPage(d, DESKTOP, OPERATOR.email, OPERATOR.password);
    await d.goto('/admin/kyc');
    const row = d.locator(`[data-testid=admin-kyc-row][data-user=${alice.username}]`);
    await row.waitFor();
    await row.locator('[data-testid=kyc-open]').click();
    await d.waitForSelector('[data-testid=kyc-review-panel]');
    expect(await textOf(d, '[data-testid=kyc-first-name]')).toBe('Ada');
    for (const kind of ['front', 'back', 'handheld', 'signature']) {
      await expect
        .poll(
          () =>
            d
              .locator(`[data-testid=kyc-admin-image-${kind}]`)
              .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
          { timeout: 10_000 },
        )
        .toBe(true);
    }
    await d.locator('[data-testid=kyc-review-panel]').scrollIntoViewIfNeeded();
    await shot(d, 'kyc-admin-review-1440-en');
    await d.click('[data-testid=kyc-review-panel] [data-testid=approve]');
    await d.click('[data-testid=review-confirm]');
    await expect.poll(() => textOf(d, '[data-testid=kyc-review-status]'), { timeout: 10_000 }).toBe('Verified');
    // the customer's page, still open, follows the decision (user event over /ws)
    await p.waitForSelector('[data-testid=kyc-status][data-status=verified]', { timeout: 20_000 });
    await closeToasts(p);
    await shot(p, 'kyc-status-verified-390-en');
    // verified data changes only through an explicit update: the same form, sent back to review
    await p.click('[data-testid=kyc-update]');
    await p.waitForSelector('[data-testid=kyc-form][data-update=true][data-step=personal]');
    expect(await textOf(p, '[data-testid=kyc-update-note]')).toContain('reviewed again');
    await p.goto('/profile');
    expect(await textOf(p, '[data-testid=profile]')).toContain('Verified');
    // the audit log has the decision
    const audit = await api<{ rows: Array<{ action: string; targetType: string }> }>(
      service.url,
      '/admin-api/audit-log?targetType=kyc',
      { token: opToken },
    );
    expect(audit.result.rows.map((r) => r.action)).toContain('kyc.approve');
  });

  it('Arabic, right to left: a rejected customer reads the reason (never the note) and resubmits; the console in Arabic', async () => {
    // bob submits through the API, the operator rejects in the console with a reason and an internal note
    const form = new FormData();
    const fields = {
      firstName: 'Omar',
      lastName: 'Haddad',
      birthDate: '1985-03-04',
      sex: 'male',
      country: 'JO',
      address: 'Rainbow Street 5, Amman',
      phone: '+962 7 9000 0000',
      documentType: 'passport',
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const kind of ['front', 'handheld', 'signature'])
      form.append(kind, new Blob([new Uint8Array(await photo('#557788'))], { type: 'image/jpeg' }), `${kind}.jpg`);
    const sub = (await (
      await fetch(`${service.url}/swx/customer/user/identification`, {
        method: 'POST',
        headers: { Authorization: bob.token },
        body: form,
      })
    ).json()) as { code: number; result: { id: string } };
    expect(sub.code).toBe(20001);
    await d.goto('/admin/kyc');
    const bobRow = d.locator(`[data-testid=admin-kyc-row][data-user=${bob.username}]`);
    await bobRow.waitFor();
    await bobRow.locator('[data-testid=kyc-open]').click();
    await d.waitForSelector(`[data-testid=kyc-review-panel][data-id="${sub.result.id}"]`);
    await d.click('[data-testid=kyc-review-panel] [data-testid=reject]');
    await d.waitForSelector('[data-testid=review-note]');
    expect(await textOf(d, '[data-testid=review-dialog]')).toContain('Only operators see it');
    await d.fill('[data-testid=review-reason]', 'الصورة غير واضحة');
    await d.fill('[data-testid=review-note]', '  Glare on the passport; the person matches  ');
    await shot(d, 'kyc-admin-reject-note-1440-en');
    await d.click('[data-testid=review-confirm]');
    await expect.poll(() => textOf(d, '[data-testid=kyc-review-status]'), { timeout: 10_000 }).toBe('Not passed');
    // the stored note, trimmed, shows to operators in the submission
    expect(await textOf(d, '[data-testid=kyc-review-note]')).toBe('Glare on the passport; the person matches');
    expect(await textOf(d, '[data-testid=kyc-review-reason]')).toBe('الصورة غير واضحة');
    const stored = await api<{ internalNote: string | null }>(service.url, `/admin-api/kyc/${sub.result.id}`, { token: opToken });
    expect(stored.result.internalNote).toBe('Glare on the passport; the person matches');

    const ar = await newContext(browser, MOBILE, service.url);
    const page = await ar.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await loginThroughPage(page, MOBILE, bob.email, bob.password);
    await page.addInitScript(() => localStorage.setItem('language', JSON.stringify('ar')));
    await page.goto('/profile/verification');
    await page.waitForSelector('[data-testid=kyc-status][data-status=rejected]');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => textOf(page, '[data-testid=kyc-resubmit]')).toBe('أعد الإرسال');
    expect(await textOf(page, '[data-testid=kyc-reason]')).toBe('الصورة غير واضحة');
    expect(await textOf(page, '[data-testid=kyc]')).not.toContain('Glare on the passport');
    await shot(page, 'kyc-status-rejected-390-ar');
    await page.click('[data-testid=kyc-resubmit]');
    await page.waitForSelector('[data-testid=kyc-form][data-step=personal]');
    expect(await page.locator('[data-testid=kyc-country] option[value=JO]').textContent()).toBe('الأردن');
    await shot(page, 'kyc-form-personal-390-ar');
    await ar.close();

    await d.addInitScript(() => localStorage.setItem('language', JSON.stringify('ar')));
    await d.goto('/admin/kyc');
    await expect.poll(() => textOf(d, '#adm-kyc')).toBe('طلبات التحقق من الهوية');
    await d.selectOption('[data-testid=kyc-status-filter]', 'all');
    await d.locator(`[data-testid=admin-kyc-row][data-user=${alice.username}] [data-testid=kyc-open]`).click();
    await expect
      .poll(
        () =>
          d
            .locator('[data-testid=kyc-admin-image-front]')
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        { timeout: 10_000 },
      )
      .toBe(true);
    await shot(d, 'kyc-admin-review-1440-ar');
    // the phone in Arabic, verified
    await p.addInitScript(() => localStorage.setItem('language', JSON.stringify('ar')));
    await p.goto('/profile/verification');
    await p.waitForSelector('[data-testid=kyc-status][data-status=verified]');
    await expect.poll(() => textOf(p, '#kyc-status-title')).toBe('تم التحقق من الهوية');
    await shot(p, 'kyc-status-verified-390-ar');
    expect(errors).toEqual([]);
  });
});
