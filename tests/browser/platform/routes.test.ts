/**
 * Walks every route of the product (the ROUTES table of the app) on a desktop at 1024 and 1440 px and
 * on a 390 px phone, signed in and signed out, and fails on:
 * - horizontal overflow (the page wider than the window),
 * - untranslated text (a visible text that is the English wording of a key the language translates),
 * - two navigation landmarks with the same name (or none),
 * - a serious or critical axe-core violation (axe runs on every route in one language per shell:
 *   Arabic at 1024 px (right to left), English at 1440 px, Japanese on the phone).
 * All ten languages are walked, shared out between the shells so the walk stays short in CI: the
 * long languages (de, fr, es) at 1024 px where the top bar is tightest, and every language at
 * least once. ROUTE_WALK_ALL=1 walks every language in every shell (about three times longer).
 * The routes added after the walk reached its CI budget (security, portfolio, proof, settings: `LATER`)
 * are walked in each shell's first two languages only (its axe language and one more: ar and de at
 * 1024 px, en and it at 1440 px, ja and zh on the phone), so each costs six visits instead of twelve;
 * the key sets of every language are checked by tests/unit/locales.test.ts.
 * One browser, one page per shell, the shells side by side; routes are visited by in-app navigation (history.pushState, which
 * the router follows), and the language is changed by a reload with the stored language.
 * Screenshots of each route land in tests/browser/screenshots/routes/ for en, ar, ja and es.
 * Run: `npx vite build && npx vitest run --project browser tests/browser/platform/routes.test.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { MARKET_PATHS } from '../../../src/contract/market.ts';
import {
  api,
  codeFor,
  DESKTOP,
  launch,
  MOBILE,
  newContext,
  ROOT,
  SHOTS,
  startService,
  type Device,
  type Service,
} from '../harness.ts';
import { readLocale } from '../../../scripts/locales.ts';

const LANGS = ['en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'hk', 'zh'] as const;
type Lang = (typeof LANGS)[number];
const SHOT_LANGS: readonly Lang[] = ['en', 'ar', 'ja', 'es'];
const ALL = process.env.ROUTE_WALK_ALL === '1';
const AXE_SOURCE = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

interface Shell {
  name: string;
  device: Device;
  width: number;
  axeLang: Lang;
  /** the languages this shell walks (the axe language first); together the shells cover all ten */
  langs: readonly Lang[];
}
const SHELLS: Shell[] = [
  { name: 'desktop-1024', device: DESKTOP, width: 1024, axeLang: 'ar', langs: ['ar', 'de', 'fr', 'es'] },
  { name: 'desktop-1440', device: DESKTOP, width: 1440, axeLang: 'en', langs: ['en', 'it', 'ko', 'hk'] },
  { name: 'phone-390', device: MOBILE, width: 390, axeLang: 'ja', langs: ['ja', 'zh', 'ar', 'es'] },
];
it('the shells walk all ten languages between them', () => {
  expect(new Set(SHELLS.flatMap((s) => s.langs))).toEqual(new Set(LANGS));
});

let service: Service;
let browser: Browser;
let token = '';
let routes: { signedIn: string[]; signedOut: string[] };
/** Signed-in routes walked in each shell's first two languages only (see the header). */
const LATER = ['/profile/security', '/profile/portfolio', '/proof', '/profile/settings'];
const LATER_LANGS = 2;

/** Every leaf string of a locale file, by its dotted key. */
function flatten(o: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof o === 'string') out.set(prefix, o);
  else if (o && typeof o === 'object') for (const [k, v] of Object.entries(o)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}
const locale = (lang: Lang, ns: string) => flatten(readLocale(lang, ns, ROOT));

/**
 * Per language, the English wordings that language replaces: seeing one on screen means a text was
 * not translated. Wordings with placeholders become patterns; words that read the same in both
 * (a brand, "OK", "NFT") are not suspects.
 */
function englishSuspects(lang: Lang): { exact: Set<string>; patterns: RegExp[] } {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  if (lang === 'en') return { exact, patterns };
  for (const ns of ['app', 'errors']) {
    const en = locale('en', ns);
    const other = locale(lang, ns);
    // a word both languages use for some text ("Total" in es and fr, "Actions" for stocks in fr) is no suspect
    const theirWords = new Set(other.values());
    for (const [key, value] of en) {
      const theirs = other.get(key);
      if (theirs === value || theirWords.has(value) || !/[a-z]{3}/i.test(value) || value.length < 4) continue;
      if (value.includes('{{')) {
        const parts = value.split(/\{\{[^}]+\}\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
        if (parts.join('').replace(/\W/g, '').length >= 6) patterns.push(new RegExp(`^${parts.join('.+?')}$`, 's'));
      } else exact.add(value.trim());
    }
  }
  return { exact, patterns };
}

beforeAll(async () => {
  [service, browser] = await Promise.all([startService(), launch()]);
  const email = `routes${Date.now().toString(36)}@example.test`;
  expect((await api(service.url, '/swx/customer/login/sendCode', { body: { email, purpose: 'register' } })).code).toBe(200);
  const code = await codeFor(service.url, email);
  const password = 'Secret-pass-123';
  const reg = await api<{ token: string }>(service.url, '/swx/customer/login/register', {
    body: { username: `r_${Date.now().toString(36)}`, email, code, password, confirmPassword: password },
  });
  expect(reg.code).toBe(200);
  token = reg.result.token;
  // an unread notification, so every signed-in page is checked with the bell's count in it (axe
  // once found its accessible name leaving the count out): a demo position opened
  const opened = await api<{ id: string }>(service.url, '/swx/customer/order/buyOptions', {
    token,
    demo: true,
    body: { code: 'BTCUSDT', direction: 'up', lots: '0.01', leverage: 10, period: 3600, clientKey: crypto.randomUUID() },
  });
  expect(opened.code, opened.msg).toBe(20004);
  const market = await api<{ rows: { code: string }[] }>(service.url, `${MARKET_PATHS.list}?type=crypto&pageSize=1`);
  const coin = market.result.rows[0]?.code ?? 'BTCUSDT';
  const content = await api<{ id: string; title: string }[]>(service.url, '/swx/customer/index/listContents/2');
  const page = content.result[0];
  const nfts = await api<{ rows: { id: string }[] }>(service.url, '/swx/customer/index/listNft?pageNum=1&pageSize=1');
  const nft = nfts.result.rows[0]?.id;
  routes = {
    signedIn: [
      '/',
      '/market',
      '/trading',
      '/loan',
      '/nfts',
      '/profile',
      '/profile/balance',
      '/profile/invite',
      '/profile/notification',
      '/profile/sessions',
      '/profile/orders',
      '/profile/password',
      '/profile/verification',
      `/cruuency?code=${coin}&type=crypto`,
      '/help',
      '/help/faq',
      '/help/notice',
      page ? `/detail?id=${page.id}&title=${encodeURIComponent(page.title)}` : '/detail',
      '/introduction',
      '/support',
      '/nfts/donations',
      ...(nft ? [`/nfts/${nft}`] : []),
    ],
    signedOut: ['/pass/register', '/pass/login', '/pass/reset', '/api/loginCallback/google'],
  };
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

/** The page's HTTP requests not yet answered (lazy chunks included; the websocket is not one). */
const unanswered = new WeakMap<Page, Set<Request>>();
function trackRequests(page: Page): void {
  const open = new Set<Request>();
  unanswered.set(page, open);
  page.on('request', (r) => void open.add(r));
  page.on('requestfinished', (r) => void open.delete(r));
  page.on('requestfailed', (r) => void open.delete(r));
}

/**
 * Loaded: no loading placeholder shown and no request unanswered, on two animation frames in a
 * row (a screen's data arrives, and its render may ask for a chart's chunk or the next list).
 * Gives up after 10 s without failing: the checks that follow report what is still missing.
 */
async function settle(page: Page): Promise<void> {
  const open = unanswered.get(page)!;
  const end = Date.now() + 10_000;
  for (let quiet = 0; quiet < 2 && Date.now() < end;) {
    const busy = await page.evaluate(
      () => new Promise<boolean>((r) => requestAnimationFrame(() => r(!!document.querySelector('[aria-busy=true]')))),
    );
    quiet = !busy && open.size === 0 ? quiet + 1 : 0;
  }
}

async function go(page: Page, route: string): Promise<void> {
  await page.evaluate((r) => history.pushState(null, '', r), route);
  await settle(page);
}

/** Visible text nodes, trimmed, outside things the service writes (content pages, coin names) marked translate="no". */
const visibleTexts = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      const el = n.parentElement;
      if (!text || !el || el.closest('[translate=no], script, style, option, .visually-hidden')) continue;
      if (!el.checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      out.push(text);
    }
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title]'))) {
      if (el.closest('[translate=no]')) continue;
      for (const a of ['aria-label', 'placeholder', 'title']) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.push(v);
      }
    }
    return out;
  });

/** Navigation landmarks without a name, or with the same name as another one (screen readers list them by name). */
const navProblems = (page: Page) =>
  page.evaluate(() => {
    const names = Array.from(document.querySelectorAll<HTMLElement>('nav, [role=navigation]'))
      .filter((n) => n.checkVisibility?.() ?? true)
      .map(
        (n) =>
          n.getAttribute('aria-label') ??
          (n.getAttribute('aria-labelledby')
            ? document.getElementById(n.getAttribute('aria-labelledby') ?? '')?.textContent
            : null) ??
          '',
      );
    return names
      .filter((n, i) => !n.trim() || names.indexOf(n) !== i)
      .map((n) => (n.trim() ? `two navigation landmarks named "${n}"` : 'a navigation landmark without a name'));
  });

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}
async function axe(page: Page): Promise<string[]> {
  // evaluated, not added as a <script>: the app's Content-Security-Policy allows only its own scripts
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run: (o: object) => Promise<AxeResult> } }).axe.run({ resultTypes: ['violations'] }),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => JSON.stringify(n.target))
          .join(', ')}`,
    );
}

// the three shells walk side by side, each in its own context of the one browser: a walk mostly
// waits (navigation, a screen's data, its chart), so the file takes about the longest shell's time
describe.concurrent('every route in every shell', () => {
  for (const shell of SHELLS) {
    it(`${shell.name}: every route in ${shell.langs.join(', ')}: no overflow, no English left, named landmarks, no serious axe violation in ${shell.axeLang}`, async () => {
      const ctx = await newContext(
        browser,
        { ...shell.device, viewport: { width: shell.width, height: shell.device.viewport.height } } as unknown as Device,
        service.url,
      );
      // the onboarding board is the phone's first visit, tested in app.test.ts; here it would cover every route
      await ctx.addInitScript(() => sessionStorage.setItem('showBoard', 'false'));
      const page = await ctx.newPage();
      trackRequests(page);
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      const shotDir = path.join(SHOTS, 'routes');
      fs.mkdirSync(shotDir, { recursive: true });
      await page.goto('/');
      for (const lang of ALL ? LANGS : shell.langs) {
        const suspects = englishSuspects(lang);
        const check = async (route: string) => {
          const where = `${shell.name} ${lang} ${route}`;
          const { scroll, client } = await page.evaluate(() => ({
            scroll: document.documentElement.scrollWidth,
            client: document.documentElement.clientWidth,
          }));
          if (scroll > client) problems.push(`${where}: page is ${scroll} px wide in a ${client} px window`);
          const english = (await visibleTexts(page)).filter(
            (t) => suspects.exact.has(t) || suspects.patterns.some((p) => p.test(t)),
          );
          if (english.length) problems.push(`${where}: untranslated ${JSON.stringify([...new Set(english)].slice(0, 5))}`);
          for (const n of await navProblems(page)) problems.push(`${where}: ${n}`);
          if (lang === shell.axeLang) for (const v of await axe(page)) problems.push(`${where}: ${v}`);
          if (SHOT_LANGS.includes(lang)) {
            const name = route.split('?')[0].replace(/\//g, '_') || '_';
            await page.screenshot({ path: path.join(shotDir, `${shell.name}-${lang}${name}.png`) });
          }
        };
        // signed in: every screen shows its content, not a login prompt
        await page.evaluate(
          ([l, tk]) => {
            localStorage.setItem('language', JSON.stringify(l));
            localStorage.setItem('token', JSON.stringify(tk));
            localStorage.setItem('isLogin', 'true');
          },
          [lang, token] as const,
        );
        await page.goto('/');
        await settle(page);
        await page
          .waitForFunction(() => /\d/.test(document.querySelector('[data-testid=bell]')?.textContent ?? ''), undefined, {
            timeout: 10_000,
          })
          .catch(() => problems.push(`${shell.name} ${lang}: the bell shows no unread count`));
        const later = ALL || shell.langs.indexOf(lang) < LATER_LANGS ? LATER : [];
        for (const route of [...routes.signedIn, ...later]) {
          await go(page, route);
          await check(route);
        }
        // signed out: the login, register and reset forms
        await page.evaluate(() => {
          localStorage.removeItem('token');
          localStorage.removeItem('isLogin');
        });
        await page.goto('/');
        await settle(page);
        for (const route of routes.signedOut) {
          await go(page, route);
          await check(route);
        }
      }
      await ctx.close();
      expect(problems).toEqual([]);
    }, 900_000);
  }
});
