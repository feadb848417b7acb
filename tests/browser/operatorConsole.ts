/**
 * The operator console's side of the harness (harness.ts starts the service and the browser):
 * the file's platform with the operator's token and reject reasons, the operator signed in on a
 * page 1440 px wide, a queue seeded and cleared from the keyboard, the language switched, and
 * the virtual authenticator whose passkey is the operator's second factor.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import * as h from './harness.ts';
import type { Device, Service } from './harness.ts';

/** The desktop's screenshots are taken this wide. */
export const WIDE = { width: 1440, height: 900 };

export interface ConsoleWorld {
  service: Service;
  browser: Browser;
  opToken: string;
  /** the app's address for the pages (pageForBlock takes the world as it is) */
  base: string;
  /** each record of a queue by its id, as the operator API answers */
  records: (queue: 'deposits' | 'kyc') => Promise<Map<string, QueueRecord>>;
}

/**
 * The file's platform (harness startPlatform: the service with `env`, a browser, the operator's
 * token, the USDT receive address) with each queue's reject reasons, from before its tests until
 * after them.
 */
export function useConsole(
  opts: {
    env?: Record<string, string>;
    reasons?: Partial<Record<'deposits' | 'kyc', string[]>>;
    /** the pages on `localhost`: a passkey's relying party is a domain, never an IP address */
    localhost?: boolean;
  } = {},
): ConsoleWorld {
  const world = { records: (queue) => queueRecords(world, queue) } as ConsoleWorld;
  beforeAll(async () => {
    Object.assign(world, await h.startPlatform('server/main.ts', opts.env));
    world.base = opts.localhost ? world.service.url.replace('127.0.0.1', 'localhost') : world.service.url;
    for (const [queue, texts] of Object.entries(opts.reasons ?? {}))
      for (const text of texts) {
        const r = await h.api(world.service.url, '/admin-api/reject-reasons', { body: { queue, text }, token: world.opToken });
        expect(r.code).toBe(200);
      }
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.service?.stop();
  });
  return world;
}

export type QueueRecord = { id: string; status: string; rejectReason: string | null };

/** Each record of a queue (`/admin-api/<queue>`) by its id, as the operator API answers. */
async function queueRecords(w: ConsoleWorld, queue: 'deposits' | 'kyc'): Promise<Map<string, QueueRecord>> {
  const page = await h.api<{ rows: QueueRecord[] }>(w.service.url, `/admin-api/${queue}?pageSize=100`, { token: w.opToken });
  expect(page.code).toBe(200);
  return new Map(page.result.rows.map((r) => [r.id, r]));
}

/**
 * A describe block's page on `device` (harness pageForBlock) at the world's address, 1440 px wide
 * on the desktop: the errors thrown in it.
 */
export function widePage(w: { browser: Browser; base: string }, device: Device, opened: (page: Page) => void): string[] {
  let page: Page;
  const errors = h.pageForBlock(
    device,
    () => w,
    (p) => {
      page = p;
      opened(p);
    },
  );
  if (device === h.DESKTOP) beforeAll(() => page.setViewportSize(WIDE));
  return errors;
}

/** The operator signs in through the login page and opens the console at `path`. */
export async function openConsole(page: Page, device: Device, path: string, ready: string): Promise<void> {
  await h.loginThroughPage(page, device, h.OPERATOR.email, h.OPERATOR.password);
  await page.goto(path);
  await page.waitForSelector(ready);
}

/** Arabic, right to left, once `ready` shows again. */
export async function inArabic(page: Page, ready: string): Promise<void> {
  await h.inLanguage(page, 'ar', ready);
  expect(await page.getAttribute('html', 'dir')).toBe('rtl');
}

/**
 * On the phone: the console at `path` once `ready` shows, with no keys legend and nothing wider
 * than the phone, in English then in Arabic (screenshots `<name>-en` and `<name>-ar`).
 */
export async function onPhone(page: Page, path: string, ready: string, name: string): Promise<void> {
  await openConsole(page, h.MOBILE, path, ready);
  expect(await page.locator('[data-testid=queue-keys]').isVisible()).toBe(false);
  for (const language of ['en', 'ar']) {
    if (language !== 'en') await h.inLanguage(page, language, ready);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(h.MOBILE.viewport.width);
    await h.closeToasts(page);
    await h.shot(page, `${name}-${language}`);
  }
}

const rowOf = (page: Page, row: string, id: string) => page.locator(`[data-testid=${row}][data-id="${id}"]`);

/** The queue (rows `row`) reloaded until each of `ids` shows: the pending ones in the order shown. */
async function reloadedQueue(page: Page, row: string, ids: string[]): Promise<string[]> {
  await page.click('[data-testid=reload]');
  for (const id of ids) await rowOf(page, row, id).waitFor({ timeout: 10_000 });
  return page
    .locator(`[data-testid=${row}][data-status=pending]`)
    .evaluateAll((rs) => rs.map((r) => r.getAttribute('data-id') ?? ''));
}

/** With the first of `ids` current (rows `row`): down and back up with both layouts of keys (j/k, the arrows). */
async function moveWithKeys(page: Page, row: string, ids: string[]): Promise<void> {
  const current = page.locator(`[data-testid=${row}][aria-current=true]`);
  await expect.poll(() => current.getAttribute('data-id')).toBe(ids[0]);
  for (const [key, at] of [
    ['j', 1],
    ['ArrowDown', 2],
    ['k', 1],
    ['ArrowUp', 0],
  ] as const) {
    await page.keyboard.press(key);
    await expect.poll(() => current.getAttribute('data-id')).toBe(ids[at]);
  }
}

/**
 * `count` pending records cleared from the keyboard, from the current row down: `reject(i)` ones
 * with the second reason of the picker, the others approved (`approved`: the status they take).
 * What each was meant to become.
 */
async function clearWithKeys(
  page: Page,
  q: { row: string; count: number; reject: (i: number) => boolean; approved: string },
): Promise<Map<string, string>> {
  const meant = new Map<string, string>();
  const current = page.locator(`[data-testid=${q.row}][aria-current=true]`);
  for (let i = 0; i < q.count; i++) {
    await expect.poll(() => current.getAttribute('data-status')).toBe('pending');
    const id = (await current.getAttribute('data-id')) ?? '';
    // the current row has the focus: the keys act on it
    await expect.poll(() => current.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    const reject = q.reject(i);
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
    const status = reject ? 'rejected' : q.approved;
    await expect.poll(() => rowOf(page, q.row, id).getAttribute('data-status'), { timeout: 10_000 }).toBe(status);
    meant.set(id, status);
  }
  return meant;
}

/**
 * Chromium's virtual authenticator on the page (DevTools protocol: CTAP2, internal, resident
 * keys, user verification, presence given): the passkeys it makes and signs with, and its removal.
 */
export async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string; remove: () => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId: id } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const remove = () => cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: id }).then(() => undefined);
  return { cdp, id, remove };
}

/** A passkey named `name` added on the security screen (signed in), listed once it is. */
export async function addPasskey(page: Page, name: string): Promise<void> {
  await page.goto('/profile/security');
  await page.waitForSelector('[data-testid=passkeys]');
  await page.fill('[data-testid=passkey-name]', name);
  await page.click('[data-testid=passkey-add]');
  await expect
    .poll(() => page.locator('[data-testid=passkey]').allTextContents(), { timeout: 15_000 })
    .toEqual(expect.arrayContaining([expect.stringContaining(name)]));
}

/** A review queue of the console by its rows' test id: reloaded, moved through and cleared from the keyboard. */
export function consoleQueue(row: string) {
  return {
    reloaded: (page: Page, ids: string[]) => reloadedQueue(page, row, ids),
    move: (page: Page, ids: string[]) => moveWithKeys(page, row, ids),
    clear: (page: Page, q: { count: number; reject: (i: number) => boolean; approved: string }) =>
      clearWithKeys(page, { row, ...q }),
  };
}
