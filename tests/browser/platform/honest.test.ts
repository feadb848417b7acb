/**
 * Issue 28, defects 5 to 12: what the screens tell a new user, in the real app. The desktop bar
 * keeps its six tabs from 1024 px in all ten languages, signed out and in (the language switched in
 * one page, to keep it cheap); the Japanese brand is whole on a phone; refusals name their bound;
 * "available" is only spendable USDT; KYC refuses what the service would; the smaller items.
 * Then: a desktop browser's narrow window lists markets without widening the page; Japanese on
 * the home page wraps between phrases, never inside a word, at desktop and phone widths
 * (measured by the boxes of each word's characters).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launch, MOBILE, newContext, registeredCustomer, startService, type Device, type Service } from '../harness.ts';

const LANGS = ['en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'hk', 'zh'] as const;
const password = 'Secret-pass-123';
let service: Service;
let browser: Browser;
let customer: { username: string; email: string; token: string };

beforeAll(async () => {
  [service, browser] = await Promise.all([startService(), launch()]);
  customer = await registeredCustomer(service.url, `hn${Date.now().toString(36)}`, password);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

/** Puts a session into the page's storage (the way the login page leaves it) and reloads. */
async function useToken(page: Page, token: string | null) {
  await page.evaluate((tk) => {
    if (tk) {
      localStorage.setItem('token', JSON.stringify(tk));
      localStorage.setItem('isLogin', 'true');
    } else {
      localStorage.removeItem('token');
      localStorage.setItem('isLogin', 'false');
    }
    localStorage.removeItem('userInfo');
  }, token);
  await page.reload();
}

/** A new page whose stored language is Japanese, the phone's welcome board dismissed, before its scripts run. */
async function inJapanese(device: Device): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(browser, device, service.url);
  const page = await ctx.newPage();
  await page.addInitScript(() => {
    localStorage.setItem('language', JSON.stringify('ja'));
    sessionStorage.setItem('showBoard', 'false');
  });
  return { ctx, page };
}

/** The six tabs are in the bar (no menu button), each whole, inside the window and clear of the tools. */
async function sixTabs(page: Page): Promise<string> {
  return page.evaluate(() => {
    const bar = document.querySelector('[data-testid=top-bar]');
    const nav = bar?.querySelector('nav');
    if (!bar || !nav || bar.querySelector('[data-testid=nav-menu]')) return 'collapsed into a menu';
    const tabs = Array.from(nav.querySelectorAll('a'));
    if (tabs.length !== 6) return `${tabs.length} tabs`;
    const tools = bar.querySelector('[data-testid=top-bar] > div > div:last-child')!.getBoundingClientRect();
    for (const a of tabs) {
      const r = a.getBoundingClientRect();
      if (getComputedStyle(nav).visibility === 'hidden' || r.width === 0) return `${a.textContent} hidden`;
      if (a.scrollWidth > a.clientWidth + 1) return `${a.textContent} cut`;
      if (r.left < 0 || r.right > innerWidth) return `${a.textContent} outside the window`;
      if (r.right > tools.left + 1 && r.left < tools.right - 1) return `${a.textContent} under the tools`;
    }
    return 'ok';
  });
}

describe('defect 5: six tabs on desktop, the brand whole on a phone', () => {
  it('shows the six tabs at 1024, 1280 and 1440 px in all ten languages, signed out and in', async () => {
    const ctx = await newContext(browser, DESKTOP, service.url);
    const page = await ctx.newPage();
    await page.goto('/');
    const failures: string[] = [];
    for (const signedIn of [false, true]) {
      await useToken(page, signedIn ? customer.token : null);
      await page.waitForSelector(signedIn ? '[data-testid=bell]' : '[data-testid=nav-login]');
      for (const width of signedIn ? [1024] : [1024, 1280, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        for (const l of LANGS) {
          await page.selectOption('[data-testid=language-select]', l);
          await page.waitForFunction((lng) => localStorage.getItem('language') === JSON.stringify(lng), l);
          // the feed's state word and the "simulated" badge come and go: the bar must hold with them
          await page.waitForSelector('[data-testid=feed-status][data-state=live]', { timeout: 15_000 });
          const verdict = await sixTabs(page);
          if (verdict !== 'ok') failures.push(`${width} ${l} ${signedIn ? 'signed in' : 'signed out'}: ${verdict}`);
        }
      }
    }
    expect(failures).toEqual([]);
    await ctx.close();
  });

  it('a desktop browser in a window as narrow as a phone: the bar wraps without widening the page, every control on screen, the menu opens', async () => {
    const ctx = await newContext(browser, DESKTOP, service.url);
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    const failures: string[] = [];
    for (const signedIn of [false, true]) {
      await useToken(page, signedIn ? customer.token : null);
      await page.waitForSelector(signedIn ? '[data-testid=bell]' : '[data-testid=nav-login]');
      for (const l of ['en', 'ar', 'de']) {
        await page.selectOption('[data-testid=language-select]', l);
        await page.waitForFunction((lng) => localStorage.getItem('language') === JSON.stringify(lng), l);
        const wide = await page.evaluate(() => {
          const bar = document.querySelector('[data-testid=top-bar]')!;
          const out = Array.from(bar.querySelectorAll('a, button, label')).filter((e) => {
            const r = e.getBoundingClientRect();
            return (
              r.width > 0 &&
              getComputedStyle(e.closest('nav') ?? e).visibility !== 'hidden' &&
              (r.left < -1 || r.right > innerWidth + 1)
            );
          });
          // what the bar adds to the page's width (the measured, hidden tabs or a tool too many)
          const withBar = document.documentElement.scrollWidth;
          (bar as HTMLElement).hidden = true;
          const without = document.documentElement.scrollWidth;
          (bar as HTMLElement).hidden = false;
          return { added: withBar - Math.max(without, innerWidth), outside: out.map((e) => e.textContent) };
        });
        if (wide.added > 0 || wide.outside.length)
          failures.push(`${l} ${signedIn ? 'signed in' : 'signed out'}: ${JSON.stringify(wide)}`);
      }
    }
    expect(failures).toEqual([]);
    await page.click('[data-testid=nav-menu]');
    await page.waitForSelector('#top-menu a[href="/market"]', { state: 'visible' });
    await ctx.close();
  });

  it('a desktop browser in a window as narrow as a phone: the market lists do not widen the page, and each name keeps its room', async () => {
    const ctx = await newContext(browser, DESKTOP, service.url);
    const page = await ctx.newPage();
    await page.goto('/');
    const failures: string[] = [];
    for (const l of ['en', 'ar', 'ja']) {
      await page.evaluate((lng) => localStorage.setItem('language', JSON.stringify(lng)), l);
      for (const path of ['/market', '/']) {
        await page.goto(path);
        await page.waitForSelector('[data-testid=market-list] tbody tr[data-code]');
        for (const width of [390, 420, 450, 500, 560, 640, 700]) {
          await page.setViewportSize({ width, height: 800 });
          const measure = () => {
            const page = document.documentElement.scrollWidth;
            const list = document.querySelector('[data-testid=market-list]')!.getBoundingClientRect();
            // the narrowest name (logo, name and code, the link across the cell): a squeezed column shows a letter or two, or nothing
            const names = Array.from(document.querySelectorAll('[data-testid=market-list] tbody tr[data-code] td a'));
            const narrowest = Math.min(...names.map((n) => n.getBoundingClientRect().width));
            return { page, left: list.left, right: list.right, narrowest, width: innerWidth };
          };
          type Wide = ReturnType<typeof measure>;
          const fits = (w: Wide) => w.page <= w.width && w.left >= 0 && w.right <= w.width && w.narrowest >= 80;
          // the list follows the window on the media query's change event, a frame after the
          // resize: what counts is the layout it settles in, so the check waits for it (bounded)
          await page
            .waitForFunction(`(${fits.toString()})((${measure.toString()})())`, undefined, { timeout: 5_000 })
            .catch(() => {});
          const wide = await page.evaluate(measure);
          if (!fits(wide) || wide.width !== width) failures.push(`${l} ${path} at ${width} px: ${JSON.stringify(wide)}`);
        }
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    }
    expect(failures).toEqual([]);
    await ctx.close();
  });

  it('shows the whole brand on a 390 px phone in Japanese', async () => {
    const { ctx, page } = await inJapanese(MOBILE);
    await page.goto('/market');
    const brand = page.locator('[data-testid=top-bar] a[href="/"]');
    await expect.poll(() => brand.textContent()).toBe('トレード');
    // the app's shell is hidden under /market's static first frame until the screen is drawn (docs/performance.md)
    await brand.waitFor({ state: 'visible' });
    expect(await brand.evaluate((a) => a.scrollWidth <= a.clientWidth + 1 && a.getBoundingClientRect().width > 40)).toBe(true);
    await ctx.close();
  });
});

describe('defects 6 to 8: refusals name their reason, one "available", KYC checks and keeps drafts', () => {
  it('says why Send code and the loan calculator are off, names the valued total, refuses a text file named .png and keeps typed KYC texts over a reload', async () => {
    const ctx = await newContext(browser, DESKTOP, service.url);
    const page = await ctx.newPage();
    // Send code with a bad e-mail: disabled, and the reason beside it
    await page.goto('/pass/register');
    await page.fill('input[name=email]', 'not-an-address');
    expect(await page.isDisabled('[data-testid=send-code]')).toBe(true);
    await expect.poll(() => page.textContent('[data-testid=code-status]')).toContain('valid e-mail');

    await useToken(page, customer.token);
    // the loan calculator: an amount below the minimum says the bounds
    await page.goto('/loan');
    await page.fill('[data-testid=loan-amount]', '5');
    await expect.poll(() => page.textContent('[data-testid=loan-amount-why]')).toMatch(/between .*\d.* and .*\d.* USDT/);

    // the profile: the valued sum is named as such; "available" is spendable USDT
    await page.goto('/profile');
    await page.waitForSelector('[data-testid=available-usdt]');
    expect(await page.textContent('[data-testid=profile]')).toContain('Total value, all assets in USDT');
    expect(await page.textContent('[data-testid=profile]')).toContain('Available USDT');

    // KYC: typed texts survive a reload of the tab
    await page.goto('/profile/verification');
    await page.waitForSelector('[data-testid=kyc-form][data-step=personal]');
    await page.fill('[data-testid=kyc-firstName]', 'Ada');
    await page.fill('[data-testid=kyc-address]', '12 St James Square, London');
    await page.reload();
    await page.waitForSelector('[data-testid=kyc-form][data-step=personal]');
    expect(await page.inputValue('[data-testid=kyc-firstName]')).toBe('Ada');
    expect(await page.inputValue('[data-testid=kyc-address]')).toBe('12 St James Square, London');
    await page.fill('[data-testid=kyc-lastName]', 'Lovelace');
    await page.fill('[data-testid=kyc-birthDate]', '1990-12-10');
    await page.check('[data-testid=kyc-sex-female]');
    await page.selectOption('[data-testid=kyc-country]', 'GB');
    await page.fill('[data-testid=kyc-phone]', '+44 7700 900123');
    await page.click('[data-testid=kyc-next]');
    await page.waitForSelector('[data-testid=kyc-form][data-step=document]');
    await page.check('[data-testid=kyc-doc-id_card]');
    await page.click('[data-testid=kyc-next]');
    await page.waitForSelector('[data-testid=kyc-form][data-step=photos]');
    // a text file named .png (the browser calls it image/png) is refused by its bytes, with the reason
    await page.setInputFiles('[data-testid=kyc-file-front]', {
      name: 'front.png',
      mimeType: 'image/png',
      buffer: Buffer.from('just some text, not an image'),
    });
    await expect.poll(() => page.getAttribute('[data-testid=kyc-problem]', 'data-field')).toBe('front');
    expect(await page.locator('[data-testid=kyc-preview-front]').count()).toBe(0);
    // the step labels break between words only
    expect(
      await page
        .locator('[data-testid=kyc-form] ol li span')
        .first()
        .evaluate((el) => getComputedStyle(el).overflowWrap),
    ).not.toBe('anywhere');
    await ctx.close();
  });
});

/**
 * The words of `words` that a text of the page's main content puts on two lines (each occurrence
 * measured by the boxes of its characters), the words found at all, and whether the page is wider
 * than its window.
 */
async function wordsSplit(page: Page, words: readonly string[]): Promise<{ split: string[]; found: string[]; wider: boolean }> {
  return page.evaluate((ws) => {
    const split = new Set<string>();
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const w of ws) {
        for (let at = text.indexOf(w); at >= 0; at = text.indexOf(w, at + 1)) {
          found.add(w);
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + w.length);
          const boxes = Array.from(range.getClientRects())
            .filter((r) => r.width > 0)
            .sort((a, b) => a.top - b.top);
          // a box more than half a line below the one before starts another line
          if (boxes.some((r, i) => i > 0 && r.top - boxes[i - 1].top > r.height / 2))
            split.add(`${w} in "${text}" at ${innerWidth} px`);
        }
      }
    }
    return { split: [...split], found: [...found], wider: document.documentElement.scrollWidth > innerWidth };
  }, words);
}

describe('Japanese on the home page wraps between phrases, not inside a word', () => {
  // words of the hero, the tiles and the figures card that breaking between any two characters
  // cut at some of these widths ("相/場", "残/ります", "しましょ/う", "明/瞭", "価/格")
  const WORDS = ['残ります', 'しましょう', '相場', '団体', '告知', '算出', '明瞭', '価格', '口座', '記録'] as const;
  for (const [device, widths] of [
    [DESKTOP, [960, 970, 980, 990, 1000, 1010, 1020, 1024, 1030, 1040, 1050, 1060, 1070, 1080, 1090, 1100, 1280, 1440]],
    [MOBILE, [320, 330, 340, 350, 360, 370, 375, 380, 390, 400, 410, 414, 420, 430]],
  ] as const) {
    it(`${device.name}: no word of the cards is cut across two lines, nothing is wider than the window`, async () => {
      const { ctx, page } = await inJapanese(device);
      await page.goto('/');
      await page.waitForSelector('[data-testid=home-figures] dl');
      await page.waitForSelector('[data-testid=notice-tile]');
      // phrase breaking reads the content language: the document's, set from the stored choice
      expect(await page.getAttribute('html', 'lang')).toBe('ja');
      const split: string[] = [];
      const found = new Set<string>();
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        const at = await wordsSplit(page, WORDS);
        split.push(...at.split);
        at.found.forEach((w) => found.add(w));
        if (at.wider) split.push(`the page is wider than ${width} px`);
      }
      expect(split).toEqual([]);
      // every word is on the page, so none passes by being absent
      expect([...found].sort()).toEqual([...WORDS].sort());
      await ctx.close();
    });
  }
});
