/**
 * The review window opened with a passkey (issue 42 item 2; docs/security.md, "Review window")
 * against the real service with two-factor required for money reviews, as in production
 * (OPERATOR_2FA_REQUIRED): the operator adds a passkey on the security screen (Chromium's virtual
 * authenticator). With the window closed an approval asks for the second factor, and cancelled
 * it decides nothing (10219). "Open it with a passkey" opens the window: the console shows its
 * time left, counting down, and deposits are approved with no code asked; each audit line names
 * that window, opened with the passkey. Closed by hand, the next approval asks again. The app
 * runs on `localhost`: a passkey's relying party is a domain, never an IP address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ReviewWindowRef, ReviewWindowState } from '../../../src/contract/reviewWindow.ts';
import { api, closeToasts, depositClaim, DESKTOP, registeredCustomer, shot } from '../harness.ts';
import { addPasskey, openConsole, useConsole, virtualAuthenticator, widePage } from '../operatorConsole.ts';

const w = useConsole({ env: { OPERATOR_2FA_REQUIRED: 'true' }, localhost: true });
const ids: string[] = [];
beforeAll(async () => {
  const customer = await registeredCustomer(w.service.url, `rw${Date.now().toString(36)}`, 'Secret-pass-123');
  for (const amount of ['151', '152', '153', '154']) ids.push(await depositClaim(w.service.url, customer.token, amount));
});

const row = (page: Page, id: string) => page.locator(`[data-testid=admin-deposit-row][data-id="${id}"]`);
const statusOf = async (id: string) => (await w.records('deposits')).get(id)?.status;
const windowText = (page: Page) => page.locator('[data-testid=review-window]').textContent();
/** The seconds left the console shows ("… 4 min 58 sec left …"). */
const secondsShown = async (page: Page) => {
  const m = /(\d+) min (\d+) sec left/.exec((await windowText(page)) ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : -1;
};

/** Approve in the row's dialog; the step-up dialog appears when the service asks for the factor. */
async function approve(page: Page, id: string): Promise<void> {
  await row(page, id).locator('[data-testid=approve]').click();
  await page.click('[data-testid=review-dialog] [data-testid=review-confirm]');
}

describe('desktop 1440 px: the review window opened with a passkey', () => {
  let page: Page;
  let removeAuthenticator: (() => Promise<void>) | undefined;
  const errors = widePage(w, DESKTOP, (p) => (page = p));
  afterAll(async () => {
    await removeAuthenticator?.().catch(() => undefined);
  });

  it('the operator adds a passkey; with the window closed an approval asks for the factor, and cancelled decides nothing', async () => {
    const authenticator = await virtualAuthenticator(page);
    removeAuthenticator = authenticator.remove;
    await openConsole(page, DESKTOP, '/profile/security', '[data-testid=passkeys]');
    await addPasskey(page, 'Operator laptop');
    const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', { authenticatorId: authenticator.id });
    expect(credentials).toHaveLength(1);

    await page.goto('/admin/deposits');
    await row(page, ids[0]).waitFor({ timeout: 10_000 });
    const status = page.locator('[data-testid=review-window]');
    await expect.poll(() => status.getAttribute('data-open')).toBe('false');
    expect(await windowText(page)).toContain('Review window closed');
    await page.waitForSelector('[data-testid=review-window-passkey]');

    await approve(page, ids[0]);
    const asked = page.locator('[data-testid=step-up-dialog]');
    await asked.waitFor({ timeout: 10_000 });
    expect(await asked.textContent()).toContain('Your review window is closed');
    await closeToasts(page);
    await shot(page, 'desktop-1440-review-window-asked');
    await asked.locator('button[type=button]').click();
    await asked.waitFor({ state: 'detached' });
    await expect.poll(() => row(page, ids[0]).locator('[data-testid=review-error]').getAttribute('data-code')).toBe('10219');
    expect(await statusOf(ids[0])).toBe('pending');
    expect(errors).toEqual([]);
  });

  it('the passkey opens the window: its time left shows and counts down, three approvals ask for no code, the audit names the window', async () => {
    await page.click('[data-testid=review-window-passkey]');
    const status = page.locator('[data-testid=review-window]');
    await expect.poll(() => status.getAttribute('data-open'), { timeout: 15_000 }).toBe('true');
    // the idle limit (5 minutes without a review) comes before the window's end (10 minutes)
    expect(await windowText(page)).toMatch(
      /^Review window open: (5 min 0|4 min \d{1,2}) sec left \(opened with a passkey\)\. Approvals need no code until then\./,
    );
    expect(await page.locator('[data-testid=review-window-passkey]').count()).toBe(0);
    // the time left moves on screen without asking the service again
    const first = await secondsShown(page);
    expect(first).toBeGreaterThan(290);
    await expect.poll(() => secondsShown(page), { timeout: 5000 }).toBeLessThan(first);

    for (const id of ids.slice(0, 3)) {
      await approve(page, id);
      await expect.poll(() => row(page, id).getAttribute('data-status'), { timeout: 10_000 }).toBe('approved');
      expect(await page.locator('[data-testid=step-up-dialog]').count()).toBe(0);
      expect(await statusOf(id)).toBe('approved');
    }
    await closeToasts(page);
    await shot(page, 'desktop-1440-review-window-passkey');

    // the page's session holds the window: its state, and each approval's audit line naming it
    // the app keeps its settings as JSON
    const token = JSON.parse((await page.evaluate(() => localStorage.getItem('token'))) ?? '""') as string;
    const state = await api<ReviewWindowState>(w.service.url, '/admin-api/review-window', { token });
    expect(state.result).toMatchObject({ asked: true, open: true, window: { factor: 'passkey' } });
    const audit = await api<{ rows: Array<{ action: string; targetId: string; reviewWindow: ReviewWindowRef | null }> }>(
      w.service.url,
      '/admin-api/audit-log?pageNum=1&pageSize=50',
      { token: w.opToken },
    );
    const lines = audit.result.rows.filter((r) => r.action === 'deposit.approve' && ids.includes(r.targetId));
    expect(lines.map((l) => l.targetId).sort()).toEqual(ids.slice(0, 3).sort());
    for (const l of lines) expect(l.reviewWindow).toEqual(state.result.window);
    expect(errors).toEqual([]);
  });

  it('closed by hand, the next approval asks for the factor again', async () => {
    await page.click('[data-testid=review-window-close]');
    const status = page.locator('[data-testid=review-window]');
    await expect.poll(() => status.getAttribute('data-open')).toBe('false');
    await page.waitForSelector('[data-testid=review-window-passkey]');
    await approve(page, ids[3]);
    const asked = page.locator('[data-testid=step-up-dialog]');
    await asked.waitFor({ timeout: 10_000 });
    await asked.locator('button[type=button]').click();
    await expect.poll(() => row(page, ids[3]).locator('[data-testid=review-error]').getAttribute('data-code')).toBe('10219');
    expect(await statusOf(ids[3])).toBe('pending');
    expect(errors).toEqual([]);
  });
});
