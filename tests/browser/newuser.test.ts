/**
 * What a new user (and a new operator) trips over on a fresh install, in the real app: no dead ends.
 * Deposits not configured say so; "online service" without a chat service stays in this tab on the
 * help centre (no contact button looping back); no Google button when Google sign-in is not
 * configured; signed-in users are sent away from login and register; Change password is a form with
 * the current password; the operator console lists what a fresh install still needs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { api, codeFor, DESKTOP, launch, newContext, OPERATOR, shot, startService, type Service } from './harness.ts';

let service: Service;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
const password = 'Secret-pass-123';
const email = `nu${Date.now().toString(36)}@example.test`;

beforeAll(async () => {
  [service, browser] = await Promise.all([startService(), launch()]);
  ctx = await newContext(browser, DESKTOP, service.url);
  page = await ctx.newPage();
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

const signIn = async (token: string) => {
  await page.evaluate((tk) => {
    localStorage.setItem('token', JSON.stringify(tk));
    localStorage.setItem('isLogin', 'true');
  }, token);
};

describe('fresh install: no dead ends', () => {
  it('login has no Google button when Google sign-in is not configured', async () => {
    await page.goto('/pass/login');
    await page.waitForSelector('[data-testid=login-form]');
    await page.waitForTimeout(500);
    expect(await page.getByText('Google').count()).toBe(0);
  });

  it('online service without a chat service: the help centre in this tab, which says there is no chat', async () => {
    await page.goto('/market');
    await page.click('[data-testid=top-bar] button[aria-label="Online service"]');
    await page.waitForURL((u) => u.pathname === '/help');
    expect(ctx.pages()).toHaveLength(1);
    await page.waitForSelector('[data-testid=no-chat]');
    expect(await page.getByRole('button', { name: 'Contact online service' }).count()).toBe(0);
  });

  it('signed in: login and register lead home; deposits say they are not open; Change password is a form with the current password', async () => {
    expect((await api(service.url, '/swx/customer/login/sendCode', { body: { email, purpose: 'register' } })).code).toBe(200);
    const code = await codeFor(service.url, email);
    const reg = await api<{ token: string }>(service.url, '/swx/customer/login/register', {
      body: { username: `nu_${Date.now().toString(36)}`, email, code, password, confirmPassword: password },
    });
    expect(reg.code).toBe(200);
    await signIn(reg.result.token);
    for (const p of ['/pass/login', '/pass/register']) {
      await page.goto(p);
      await page.waitForURL((u) => u.pathname === '/');
    }
    await page.goto('/profile/balance');
    await page.click('[data-testid=switch-real]').catch(() => undefined);
    await page.waitForSelector('[data-testid=no-address]');
    expect(await page.textContent('[data-testid=no-address]')).toContain('not open yet');
    await page.goto('/profile');
    await page.click('[data-testid=profile-change-password]');
    await page.waitForURL((u) => u.pathname === '/profile/password');
    await page.fill('input[name=oldPassword]', 'Wrong-pass-999');
    await page.fill('input[name=password]', 'Newer-pass-456');
    await page.fill('input[name=confirmPassword]', 'Newer-pass-456');
    await page.click('[data-testid=submit]');
    await page.waitForSelector('[data-testid=form-error]');
    await shot(page, 'desktop-change-password');
    await page.fill('input[name=oldPassword]', password);
    await page.click('[data-testid=submit]');
    await page.waitForURL((u) => u.pathname === '/profile');
    expect((await api(service.url, '/swx/customer/login/login', { body: { account: email, password: 'Newer-pass-456' } })).code).toBe(200);
  });

  it('the operator console lists what a fresh install still needs', async () => {
    const op = await api<{ token: string }>(service.url, '/swx/customer/login/login', { body: { account: OPERATOR.email, password: OPERATOR.password } });
    expect(op.code).toBe(200);
    await signIn(op.result.token);
    await page.goto('/admin');
    await page.waitForSelector('[data-testid=first-run]', { timeout: 10_000 }).catch(async (e: unknown) => {
      await shot(page, 'debug-first-run');
      throw e;
    });
    const states = await page.$$eval('[data-testid=first-run] li', (lis) => lis.map((li) => `${li.dataset.testid}=${li.dataset.done}`));
    expect(states).toEqual(['first-run-addresses=false', 'first-run-reserve=false', 'first-run-support=false']);
    await shot(page, 'desktop-admin-first-run');
  });
});
