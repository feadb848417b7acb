/**
 * The app's language switch reaches the account's mail (docs/auth.md, "Mail language"): signed in,
 * choosing German in the picker sends POST user/language, and the next security notice the
 * service mails is in German. Desktop only: the switch is the same machine on both shells.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  DESKTOP,
  launch,
  operatorToken,
  registeredCustomer,
  signIn,
  startService,
  type Service,
  pageForBlock,
} from '../harness.ts';

let service: Service;
let browser: Browser;

beforeAll(async () => {
  [service, browser] = await Promise.all([startService(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe('mail language follows the app', () => {
  let page: Page;
  const errors = pageForBlock(
    DESKTOP,
    () => ({ browser, base: service.url }),
    (p) => (page = p),
  );
  const stamp = `m${Date.now().toString(36)}`;
  const password = 'Secret-pass-123';

  it('signed in, a switch to German is sent to the service and the next security notice is German', async () => {
    const { username, email } = await registeredCustomer(service.url, stamp, password);
    await signIn(page, username, password);
    const sent = page.waitForResponse((r) => r.url().endsWith('/swx/customer/user/language'));
    await page.selectOption('[data-testid=language-select]', 'de');
    const res = await sent;
    expect(res.request().postDataJSON()).toEqual({ language: 'de' });
    expect(((await res.json()) as { code: number }).code).toBe(200);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');

    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as string);
    const changed = await api(service.url, '/swx/customer/user/repassword', {
      body: { oldPassword: password, password: 'Quiet-Heron-77', confirmPassword: 'Quiet-Heron-77' },
      token,
    });
    expect(changed.code, changed.msg).toBe(20005);
    const op = await operatorToken(service.url);
    const box = await api<{ rows: Array<{ subject: string; body: string }> }>(
      service.url,
      `/admin-api/outbox?recipient=${encodeURIComponent(email)}`,
      { token: op },
    );
    expect(box.result.rows[0].subject).toBe('Sicherheitshinweis: Ihr Konto wurde geändert');
    expect(errors).toEqual([]);
  });
});
