/**
 * Online support and invite friends in the web app against the real service: a customer on a
 * phone opens the built-in chat from the service button and writes; the operator on a desktop
 * sees the conversation arrive in the console's queue without reloading, answers, and the answer
 * appears on the phone live (over the user channel of the websocket) with the unread badge on
 * the service button when the customer is elsewhere; the operator closes it. The help centre's
 * "contact online service" opens the chat, not the help centre. A friend who registers with the
 * invite link is listed on the inviter's invite page, masked. Screenshots at 390, 1024 and
 * 1440 px in English, Arabic and Spanish go to tests/browser/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  api,
  codeFor,
  DESKTOP,
  launch,
  MOBILE,
  newContext,
  operatorToken,
  shot,
  startService,
  type Service,
  inLanguage,
} from '../harness.ts';

const PASSWORD = 'Secret-pass-123';
let service: Service;
let browser: Browser;
let phone: BrowserContext;
let desk: BrowserContext;
let customer: Page;
let operator: Page;
let me: { token: string; username: string; inviteCode: string };

async function register(username: string, inviteCode?: string) {
  const email = `${username}@example.test`;
  expect((await api(service.url, '/swx/customer/login/sendCode', { body: { email, purpose: 'register' } })).code).toBe(200);
  const code = await codeFor(service.url, email);
  const reg = await api<{ token: string; user: { username: string; inviteCode: string } }>(
    service.url,
    '/swx/customer/login/register',
    {
      body: { username, email, code, password: PASSWORD, confirmPassword: PASSWORD, ...(inviteCode ? { inviteCode } : {}) },
    },
  );
  expect(reg.code, reg.msg).toBe(200);
  return { token: reg.result.token, username: reg.result.user.username, inviteCode: reg.result.user.inviteCode };
}

async function signIn(page: Page, token: string) {
  await page.goto('/');
  await page.evaluate((tk) => {
    localStorage.setItem('token', JSON.stringify(tk));
    localStorage.setItem('isLogin', 'true');
  }, token);
}

beforeAll(async () => {
  [service, browser] = await Promise.all([startService(), launch()]);
  const stamp = Date.now().toString(36);
  me = await register(`sup_${stamp}`);
  phone = await newContext(browser, MOBILE, service.url);
  desk = await newContext(browser, DESKTOP, service.url);
  customer = await phone.newPage();
  operator = await desk.newPage();
  await signIn(customer, me.token);
  await signIn(operator, await operatorToken(service.url));
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe('online support chat', () => {
  it('a visitor is offered the help centre and a sign-in, never a loop back to the help centre', async () => {
    const visitor = await desk
      .browser()!
      .newContext({ baseURL: service.url, viewport: DESKTOP.viewport, userAgent: DESKTOP.userAgent });
    const page = await visitor.newPage();
    await page.goto('/help');
    await page.click('[data-testid=help-contact]');
    await page.waitForURL((u) => u.pathname === '/support');
    expect(visitor.pages()).toHaveLength(1);
    await page.waitForSelector('[data-testid=support] [data-testid=login-prompt]');
    await visitor.close();
  });

  it('the customer (phone) writes; the operator (desktop) sees it arrive, answers, and the answer appears live on the phone', async () => {
    await operator.goto('/admin/support');
    await operator.waitForSelector('[data-testid=admin-support]');

    // the service button leads to the built-in chat in the same tab
    await customer.goto('/market');
    // the phone's onboarding board shows once per browser session
    await customer.click('[data-testid=board-skip]', { timeout: 5000 }).catch(() => undefined);
    await customer.click('[data-testid=top-bar] button[aria-label="Online service"]');
    await customer.waitForURL((u) => u.pathname === '/support');
    expect(phone.pages()).toHaveLength(1);
    await customer.waitForSelector('[data-testid=chat-none]');
    await customer.click('[data-testid=chat-new]');
    await customer.fill('[data-testid=chat-start] [data-testid=chat-text]', 'My deposit of 150 USDT has not arrived');
    await shot(customer, 'support-phone-new-en');
    await customer.click('[data-testid=chat-start] [data-testid=chat-send]');
    await customer.waitForSelector('[data-testid=chat-thread] [data-testid=chat-message][data-author=user]');

    // the console's queue hears of it without a reload
    const row = operator.locator(`[data-testid=support-queue-row][data-user="${me.username}"]`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getAttribute('data-waiting')).toBe('true');
    await row.click();
    await operator.waitForSelector('[data-testid=admin-support-thread] [data-testid=chat-message]');
    expect(await operator.textContent('[data-testid=admin-support-thread] [data-testid=chat-messages]')).toContain(
      'My deposit of 150 USDT has not arrived',
    );

    // the customer adds a second line; it reaches the open console view live
    await customer.fill('[data-testid=chat-thread] [data-testid=chat-text]', 'The hash ends in 9f3a');
    await customer.click('[data-testid=chat-thread] [data-testid=chat-send]');
    await operator
      .locator('[data-testid=admin-support-thread] [data-testid=chat-message]', { hasText: 'The hash ends in 9f3a' })
      .waitFor({ timeout: 15_000 });

    await operator.fill(
      '[data-testid=admin-support-thread] [data-testid=chat-text]',
      'Thank you, we found it: it is credited now.',
    );
    await operator.click('[data-testid=admin-support-thread] [data-testid=chat-send]');
    await customer
      .locator('[data-testid=chat-message][data-author=operator]', { hasText: 'credited now' })
      .waitFor({ timeout: 15_000 });
    await shot(customer, 'support-phone-thread-en');
    await operator.setViewportSize({ width: 1440, height: 900 });
    await shot(operator, 'support-console-1440-en');
    await operator.setViewportSize({ width: 1024, height: 800 });
    await shot(operator, 'support-console-1024-en');
  });

  it('an answer while the customer is elsewhere shows the unread badge on the service button; reading clears it', async () => {
    // a fresh page: its socket joins the user channel after the page shows; wait for the
    // server's yes to that ({"type":"auth","ok":true}) before the operator answers
    const joined = new Promise<void>((resolve) =>
      customer.on('websocket', (ws) =>
        ws.on('framereceived', ({ payload }) => {
          const m =
            typeof payload === 'string' && payload.startsWith('{')
              ? (JSON.parse(payload) as { type?: string; ok?: boolean })
              : undefined;
          if (m?.type === 'auth' && m.ok) resolve();
        }),
      ),
    );
    await customer.goto('/market');
    await customer.waitForSelector('[data-testid=top-bar]');
    await Promise.race([
      joined,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error("the page's socket did not join the user channel within 15 s")), 15_000),
      ),
    ]);
    await operator.fill('[data-testid=admin-support-thread] [data-testid=chat-text]', 'Anything else we can do?');
    await operator.click('[data-testid=admin-support-thread] [data-testid=chat-send]');
    await customer.waitForSelector('[data-testid=support-badge]', { timeout: 15_000 });
    expect((await customer.textContent('[data-testid=support-badge]'))?.trim()).toBe('1');
    await customer.click('[data-testid=top-bar] button[aria-label="Online service"]');
    // on the phone the list comes first, with the conversation's own unread count
    expect((await customer.locator('[data-testid=chat-conversation] [data-testid=chat-unread]').textContent())?.trim()).toBe('1');
    await customer.click('[data-testid=chat-conversation]');
    await customer.locator('[data-testid=chat-message][data-author=operator]', { hasText: 'Anything else' }).waitFor();
    await customer.waitForSelector('[data-testid=support-badge]', { state: 'detached', timeout: 15_000 });
  });

  it('the operator closes the conversation; the customer sees it closed, read-only', async () => {
    await operator.click('[data-testid=support-close]');
    await operator.waitForSelector('[data-testid=support-closed]');
    await customer.waitForSelector('[data-testid=chat-thread][data-status=closed] [data-testid=chat-closed]', {
      timeout: 15_000,
    });
    expect(await customer.locator('[data-testid=chat-thread] [data-testid=chat-composer]').count()).toBe(0);
  });

  it('Arabic (right to left) and Spanish: the chat on the phone and the console on the desktop', async () => {
    for (const lng of ['ar', 'es']) {
      await customer.goto('/support');
      await inLanguage(customer, lng, '[data-testid=support]');
      await customer.click('[data-testid=chat-conversation]');
      await customer.waitForSelector('[data-testid=chat-thread]');
      expect(await customer.getAttribute('html', 'dir')).toBe(lng === 'ar' ? 'rtl' : 'ltr');
      const overflow = await customer.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(customer, `support-phone-thread-${lng}`);
      await operator.goto('/admin/support');
      await inLanguage(operator, lng, '[data-testid=admin-support]');
      await operator.click('[data-testid=support-filter-closed]');
      await operator.locator(`[data-testid=support-queue-row][data-user="${me.username}"]`).click();
      await operator.waitForSelector('[data-testid=admin-support-thread] [data-testid=chat-message]');
      await operator.setViewportSize({ width: 1440, height: 900 });
      await shot(operator, `support-console-1440-${lng}`);
    }
    await inLanguage(customer, 'en', '[data-testid=support]');
    await inLanguage(operator, 'en', '[data-testid=admin-support]');
  });
});

describe('invite friends', () => {
  it('a friend who registers with the link is listed on the invite page, masked, with the date and not verified', async () => {
    await customer.goto('/profile/invite');
    await customer.waitForSelector('[data-testid=invitees-none]');
    const link = (await customer.textContent('[data-testid=invite-link]'))!.trim();
    expect(link).toBe(`${service.url}/pass/register?invite=${me.inviteCode}`);
    await customer.waitForSelector('[data-testid=invite-qr]');

    // the friend opens the link: the code is filled in, and registering binds it
    const fresh = await newContext(browser, DESKTOP, service.url);
    const friendPage = await fresh.newPage();
    await friendPage.goto(link);
    expect(await friendPage.inputValue('[data-testid=invite]')).toBe(me.inviteCode);
    await fresh.close();
    const friend = await register(`frd_${Date.now().toString(36)}`, me.inviteCode);

    await customer.reload();
    const row = customer.locator('[data-testid=invitee]');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    const text = (await row.first().textContent()) ?? '';
    expect(text).toContain(`${friend.username[0]}***${friend.username.at(-1)}`);
    expect(text).not.toContain(friend.username);
    expect(text).toContain('Not verified');

    // no Web Share API in this browser: the share button copies the link
    await phone.grantPermissions(['clipboard-read', 'clipboard-write']);
    await customer.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
    await customer.click('[data-testid=invite-share]');
    await customer.waitForFunction(
      () => document.querySelector('[data-testid=invite] [role=status]')?.textContent === 'Link copied',
    );
    await shot(customer, 'invite-phone-en');
    for (const lng of ['ar', 'es']) {
      await inLanguage(customer, lng, '[data-testid=invitee]');
      const overflow = await customer.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(customer, `invite-phone-${lng}`);
    }
    const wideContext = await newContext(browser, DESKTOP, service.url);
    const wide = await wideContext.newPage();
    await signIn(wide, me.token);
    for (const [w, h] of [
      [1024, 800],
      [1440, 900],
    ] as const) {
      await wide.setViewportSize({ width: w, height: h });
      await wide.goto('/profile/invite');
      await wide.waitForSelector('[data-testid=invitee]');
      await shot(wide, `invite-${w}-en`);
    }
    await inLanguage(wide, 'ar', '[data-testid=invitee]');
    await shot(wide, 'invite-1440-ar');
    await wideContext.close();
  });
});
