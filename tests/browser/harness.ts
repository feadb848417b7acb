/**
 * Browser test harness: the REAL service (npx tsx server/main.ts) on a free port with a fresh data
 * folder, serving the built app (dist/), and Debian's chromium driven by playwright-core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { serviceCommand } from '../setup/serviceCommand.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SHOTS = path.join(ROOT, 'tests/browser/screenshots');
export const OPERATOR = { email: 'operator@example.test', password: 'Operator-Pass-123' };
/** The second operator from configuration: operator management in the console takes two (docs/security.md). */
export const OPERATOR2 = { email: 'operator2@example.test', password: 'Second-Operator-Pass-9' };

export const DESKTOP = {
  name: 'desktop',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
} as const;
export const MOBILE = {
  name: 'mobile',
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
} as const;
export type Device = typeof DESKTOP | typeof MOBILE;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface Service {
  url: string;
  /** the service's DATA_DIR (a fresh temporary folder, removed by stop) */
  dataDir: string;
  log: () => string;
  stop: () => Promise<void>;
}

/** The browser project's migrated data directory; none outside a vitest run (the benchmarks). */
function providedTemplate(): string | undefined {
  try {
    return inject('pgliteDirTemplate');
  } catch {
    return undefined;
  }
}

/**
 * Every service this process started and has not stopped. A detached service outlives its test
 * file unless stopped; when a file's setup fails after the service came up (the browser did not
 * launch), nothing holds it to stop it, so the worker's exit kills what is left.
 */
const running = new Set<number>();
process.once('exit', () => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
});

/** Starts the service; the app must have been built (npm test builds it; else `npx vite build`). */
/**
 * `entry`: the script to run instead of server/main.ts (a test's own wiring of the same platform);
 * `env`: settings added to the service's environment (the chain tests' CHAIN_* pointing at Anvil).
 */
export async function startService(entry = 'server/main.ts', env: Record<string, string> = {}): Promise<Service> {
  if (!fs.existsSync(path.join(ROOT, 'dist/index.html'))) throw new Error('dist/ is missing: run `npx vite build` first');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-e2e-'));
  // the run's migrated database (tests/setup/databaseTemplates.ts): the service skips initdb
  const template = providedTemplate();
  if (template) fs.cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
  let out = '';
  // node with tsx's loader rather than `npx tsx`: npx costs a second or two a start
  const child: ChildProcess = spawn(process.execPath, serviceCommand(entry), {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FEED_SEED: '42',
      STATIC_DIR: path.join(ROOT, 'dist'),
      OPERATOR_EMAIL: OPERATOR.email,
      OPERATOR_PASSWORD: OPERATOR.password,
      OPERATOR2_EMAIL: OPERATOR2.email,
      OPERATOR2_PASSWORD: OPERATOR2.password,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  if (child.pid) running.add(child.pid);
  child.once('exit', () => child.pid && running.delete(child.pid));
  const url = `http://127.0.0.1:${port}`;
  serviceLogs.set(url, () => out);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited: ${out.slice(-2000)}`);
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      // a detached service would outlive the failed test and load every later run on the machine
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`service did not start: ${out.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    dataDir,
    log: () => out,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null && child.pid) {
        // a graceful stop, waited for by its exit (bounded); what is left of the group is killed
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* the whole group is gone */
        }
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launch(): Promise<Browser> {
  for (let i = 0; i < 120 && !fs.existsSync('/usr/bin/chromium'); i++) await new Promise((r) => setTimeout(r, 1000));
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export async function newContext(browser: Browser, device: Device, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    userAgent: device.userAgent,
    viewport: device.viewport,
    isMobile: device.isMobile,
    hasTouch: device.hasTouch,
    locale: 'en-US',
  });
}

/**
 * A describe block's page on `device`: a context opened before its tests (`opened` is handed the
 * page) and closed after them. Returns the errors thrown in the page, which the block's tests
 * check stay empty. `at` is asked in the hook, once the file's service and browser are up.
 */
export function pageForBlock(
  device: Device,
  at: () => { browser: Browser; base: string },
  opened: (page: Page) => void,
): string[] {
  const errors: string[] = [];
  let ctx: BrowserContext | undefined;
  beforeAll(async () => {
    const { browser, base } = at();
    ctx = await newContext(browser, device, base);
    const page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    opened(page);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  return errors;
}

export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

interface Envelope<T> {
  code: number;
  msg: string;
  result: T;
}
/** `demo`: the call is for the demo book (the app's `virtually: NO` header). */
export async function api<T>(
  base: string,
  p: string,
  init: { method?: string; body?: unknown; token?: string; demo?: boolean } = {},
): Promise<Envelope<T>> {
  const r = await fetch(base + p, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { Authorization: init.token } : {}),
      ...(init.demo ? { virtually: 'NO' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return (await r.json()) as Envelope<T>;
}

/** Each running service's output by its URL: the dev console that delivers codes without SMTP. */
const serviceLogs = new Map<string, () => string>();

/** The seeded operator's session token (signed in through the real login call). */
export async function operatorToken(base: string): Promise<string> {
  const login = await api<{ token: string }>(base, '/swx/customer/login/login', {
    body: { account: OPERATOR.email, password: OPERATOR.password },
  });
  if (login.code !== 200) throw new Error(`operator login answered ${login.code}: ${login.msg}`);
  return login.result.token;
}

/** The trimmed text of the first element matching `sel` ('' when it has none). */
export const textOf = (page: Page, sel: string) => page.textContent(sel).then((s) => (s ?? '').trim());

/**
 * The latest verification code sent to `recipient`, read from the service's dev console (its log
 * line 'dev console delivery'): operators never see codes, the outbox holds them masked.
 */
export async function codeFor(base: string, recipient: string): Promise<string> {
  const log = serviceLogs.get(base);
  if (!log) throw new Error(`no service started at ${base}`);
  for (let i = 0; i < 50; i++) {
    const lines = log()
      .split('\n')
      .filter((l) => l.includes('dev console delivery'));
    for (const line of lines.reverse()) {
      let entry: { to?: string; body?: string };
      try {
        entry = JSON.parse(line) as { to?: string; body?: string };
      } catch {
        continue;
      }
      const m = entry.to === recipient && entry.body ? /(\d{6})/.exec(entry.body) : null;
      if (m) return m[1];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code on the dev console for ${recipient}`);
}

/** A 1×1 PNG: the proof of the deposit claims below. */
const PROOF_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d49444154089963f8ffffff7f0009fb03fd08d1e81e0000000049454e44ae426082',
  'hex',
);

/** A customer registered the ordinary way: an e-mail code, then the registration with it. */
export async function registeredCustomer(
  base: string,
  stamp: string,
  password: string,
): Promise<{ username: string; email: string; token: string }> {
  const email = `${stamp}@example.test`;
  const username = `u_${stamp}`;
  const sent = await api(base, '/swx/customer/login/sendCode', { body: { email, purpose: 'register' } });
  if (sent.code !== 200) throw new Error(`sendCode answered ${sent.code}`);
  const code = await codeFor(base, email);
  const reg = await api<{ token: string }>(base, '/swx/customer/login/register', {
    body: { username, email, code, password, confirmPassword: password },
  });
  if (reg.code !== 200) throw new Error(`register answered ${reg.code}: ${reg.msg}`);
  return { username, email, token: reg.result.token };
}

/** A deposit claim in the real book (USDT on TRC20) with its proof, as the app's form sends it: its id. */
export async function depositClaim(base: string, token: string, amount: string, proofLast6 = '654321'): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ amount, coin: 'USDT', network: 'TRC20', proofLast6 })) form.append(k, v);
  form.append('txHash', crypto.randomBytes(32).toString('hex'));
  form.append('proof', new Blob([PROOF_PNG], { type: 'image/png' }), 'proof.png');
  const r = await fetch(`${base}/swx/customer/user/recharge`, {
    method: 'POST',
    body: form,
    headers: { Authorization: token, virtually: 'YES' },
  });
  const claim = (await r.json()) as { code: number; msg: string; result: { id: string } };
  if (claim.code !== 20002) throw new Error(`recharge answered ${claim.code}: ${claim.msg}`);
  return claim.result.id;
}

/**
 * A customer with `amount` USDT in the real book, the ordinary way: registered with an e-mail
 * code, a deposit claim (so a USDT TRC20 receive address must exist: startFundingPlatform adds
 * one), approved by the operator whose token is given.
 */
export async function realCustomer(
  base: string,
  opToken: string,
  stamp: string,
  amount: string,
  password: string,
): Promise<{ username: string; token: string }> {
  const { username, token } = await registeredCustomer(base, stamp, password);
  const id = await depositClaim(base, token, amount, '123456');
  const approved = await api(base, `/admin-api/deposits/${id}/approve`, { body: {}, token: opToken, method: 'POST' });
  if (approved.code !== 200) throw new Error(`approval answered ${approved.code}`);
  return { username, token };
}

/** The USDT (TRC20) receive address the tests' platforms keep: deposit claims need one. */
export const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * The service (`entry`, `env` as startService takes them), a browser, the seeded operator's token
 * and the USDT (TRC20) receive address. Whatever started is stopped again when a later step
 * fails, as afterAll could not.
 */
export async function startPlatform(
  entry = 'server/main.ts',
  env: Record<string, string> = {},
): Promise<{ service: Service; browser: Browser; opToken: string }> {
  const [service, browser] = await Promise.all([startService(entry, env), launch()]);
  try {
    const opToken = await operatorToken(service.url);
    const address = await api(service.url, '/admin-api/deposit-addresses', {
      body: { coin: 'USDT', network: 'TRC20', address: TRON },
      token: opToken,
    });
    if (address.code !== 200) throw new Error(`deposit address answered ${address.code}: ${address.msg}`);
    return { service, browser, opToken };
  } catch (e) {
    await browser.close();
    await service.stop();
    throw e;
  }
}

/** startPlatform with the clocks a test moves (tests/server/movedClockService.ts): what realCustomer needs to fund customers. */
export const startFundingPlatform = (env: Record<string, string> = {}) => startPlatform('tests/server/movedClockService.ts', env);

/** Signs in through the login page and waits for the home page. */
export async function signIn(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/pass/login');
  await page.fill('[data-testid=account]', account);
  await page.fill('[data-testid=password]', password);
  await page.click('[data-testid=submit]');
  await page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
}

/** Signs in through the login page (a phone first skips the onboarding board) and waits for the home page. */
export async function loginThroughPage(page: Page, device: Device, account: string, password: string): Promise<void> {
  await page.goto('/');
  if (device.isMobile) await page.click('[data-testid=board-skip]', { timeout: 5000 }).catch(() => undefined);
  await signIn(page, account, password);
}

/**
 * Switches the app's language the way a returning visitor has it (the stored choice, then a
 * reload) and waits for `ready`. Retried: a reload racing the app's own write of the stored
 * language can leave the previous one.
 */
export async function inLanguage(page: Page, language: string, ready: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    // runs in the page: the harness is type-checked without the DOM library
    await page.evaluate(
      (l) =>
        (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
          'language',
          JSON.stringify(l),
        ),
      language,
    );
    await page.reload();
    await page.waitForSelector(ready);
    if ((await page.getAttribute('html', 'lang')) === language) return;
  }
  throw new Error(`the page did not switch to ${language}`);
}

/**
 * Closes the toasts on screen. With `waitGone`, also waits until none is left (each goes by itself
 * after 4 s), for a step whose next click or screenshot a toast would cover.
 */
export async function closeToasts(page: Page, { waitGone = false } = {}): Promise<void> {
  for (const b of await page.locator('[data-testid=toasts] button').all())
    await b.click({ timeout: 1000 }).catch(() => undefined);
  if (waitGone) await expect.poll(() => page.locator('[data-testid=toasts] > *').count(), { timeout: 8000 }).toBe(0);
}
