/**
 * Charity NFTs in the web app against the real service, with a desktop and a phone user agent:
 * the operator lists an auction (desktop: through the console form); two customers whose real
 * books hold money the ordinary way (deposit claims an operator approved) bid on it. Customer A
 * bids through the page and its confirmation dialog, B outbids A through the API (another
 * device), A's page shows the outbid and A's money is back at once; A bids again through the
 * page, the auction's end passes (the service's NFT clock is moved), the scheduler settles it and
 * the open page shows the sale and the donation; the public donation ledger lists it; the
 * operator records a payout (desktop: through the console) and the sale shows as paid.
 * Screenshots at 1440, 1024 and 390 px in English, Arabic and Japanese go to tests/browser/screenshots/.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  api,
  DESKTOP,
  MOBILE,
  newContext,
  OPERATOR,
  realCustomer,
  shot,
  signIn,
  startFundingPlatform,
  type Device,
  type Service,
  textOf,
  inLanguage,
} from '../harness.ts';

const PASSWORD = 'Secret-pass-123';
const HOUR = 3_600_000;

let service: Service;
let browser: Browser;
let opToken = '';

const operator = <T>(p: string, body?: unknown) =>
  api<T>(service.url, `/admin-api${p}`, { body, token: opToken, method: body ? 'POST' : 'GET' });
const text = textOf;

beforeAll(async () => {
  // the same platform with the NFT clock the test moves
  ({ service, browser, opToken } = await startFundingPlatform());
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

async function balanceOf(token: string): Promise<{ available: string; nftBidHold: string }> {
  const r = await fetch(`${service.url}/swx/customer/user/balances`, { headers: { Authorization: token, virtually: 'YES' } });
  const b = (await r.json()) as { result: { assets: Array<{ asset: string; available: string; nftBidHold: string }> } };
  return b.result.assets.find((a) => a.asset === 'USDT')!;
}

async function bidAs(token: string, id: string, amount: string): Promise<number> {
  const r = await fetch(`${service.url}/swx/customer/user/buyNft`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: token, virtually: 'YES' },
    body: JSON.stringify({ id, kind: 'bid', amount, clientKey: crypto.randomUUID() }),
  });
  return ((await r.json()) as { code: number }).code;
}

/** Moves the service's NFT clock `ms` further ahead (the file tests/server/movedClockService.ts reads). */
function moveNftClock(ms: number) {
  fs.writeFileSync(path.join(service.dataDir, 'nft-clock-offset'), String(nftOffset() + ms));
}
/** How far the service's NFT clock runs ahead of the wall clock. */
function nftOffset(): number {
  const file = path.join(service.dataDir, 'nft-clock-offset');
  return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : 0;
}

/** No element wider than the viewport: nothing scrolls sideways. */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

for (const device of [DESKTOP, MOBILE] as Device[]) {
  describe(`${device.name}: charity NFTs`, () => {
    let ctx: BrowserContext;
    let page: Page;
    const errors: string[] = [];
    const stamp = `n${device.name.slice(0, 1)}${Date.now().toString(36)}`;
    let a: { username: string; token: string };
    let b: { username: string; token: string };
    let nftId = '';
    const name = `Kite Day ${device.name}`;

    beforeAll(async () => {
      [a, b] = [
        await realCustomer(service.url, opToken, `${stamp}a`, '500', PASSWORD),
        await realCustomer(service.url, opToken, `${stamp}b`, '500', PASSWORD),
      ];
      ctx = await newContext(browser, device, service.url);
      page = await ctx.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
    });
    afterAll(async () => ctx?.close());

    it('the operator lists an auction', async () => {
      const tokenId = String(Date.now() % 1_000_000);
      if (device === DESKTOP) {
        const op = await newContext(browser, device, service.url);
        const p = await op.newPage();
        await signIn(p, OPERATOR.email, OPERATOR.password);
        await p.goto('/admin/nfts');
        await p.fill('[data-testid=nft-l-name]', name);
        await p.fill('[data-testid=nft-l-creator]', 'Studio Kite');
        await p.fill('[data-testid=nft-l-contract]', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');
        await p.fill('[data-testid=nft-l-token]', tokenId);
        await p.selectOption('[data-testid=nft-l-sale]', 'auction');
        await p.fill('[data-testid=nft-l-price]', '50');
        await p.fill('[data-testid=nft-l-hours]', '2');
        await p.check('[data-testid=nft-l-verified]');
        await p.click('[data-testid=nft-l-submit]');
        await expect.poll(() => p.inputValue('[data-testid=nft-l-name]'), { timeout: 10_000 }).toBe('');
        await shot(p, `${device.name}-admin-nfts`);
        await op.close();
      } else {
        const r = await operator('/nfts', {
          name,
          creator: 'Studio Kite',
          chain: 'Polygon',
          contractAddress: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
          tokenId,
          verified: true,
          saleType: 'auction',
          reservePrice: '50',
          endTime: new Date(Date.now() + nftOffset() + 2 * HOUR).toISOString(),
        });
        expect(r.code).toBe(200);
      }
      const list = await api<{ rows: Array<{ id: string; name: string; contractAddress: string }> }>(
        service.url,
        '/swx/customer/index/listNft?status=auction&pageSize=100',
      );
      const n = list.result.rows.find((r) => r.name === name)!;
      expect(n.contractAddress).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
      nftId = n.id;
    });

    it('A finds it in the grid, is stopped in demo mode, and bids through the confirmation dialog', async () => {
      await page.goto('/');
      if (device === MOBILE) await page.click('[data-testid=board-skip]');
      await signIn(page, a.username, PASSWORD);
      await page.goto('/nfts');
      await page.waitForSelector('[data-testid=nft-card]');
      expect(await text(page, '[data-testid=nft-custody]')).toContain('the platform holds each NFT for its owner');
      await page.click('[data-testid=nft-filter-auction]');
      await page.waitForSelector(`[data-testid=nft-card][data-name="${name}"]`);
      expect(await page.locator('[data-testid=nft-card]').count()).toBe(5);
      await shot(page, `${device.name}-nfts-grid`);
      expect(await noSidewaysScroll(page)).toBe(true);
      await page.click(`[data-testid=nft-card][data-name="${name}"] a`);
      await page.waitForSelector('[data-testid=nft-art]');
      expect(await text(page, '[data-testid=nft-contract]')).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
      expect(await text(page, '[data-testid=nft-min-bid]')).toBe('50.000000 USDT');
      expect(Number(await page.getAttribute('[data-testid=nft-countdown]', 'data-left'))).toBeGreaterThan(HOUR);
      // the demo book is the default: no bid form, the switch instead
      await page.waitForSelector('[data-testid=nft-blocked][data-reason=demo]');
      await page.click('[data-testid=nft-blocked] [role=radio]:nth-child(2)');
      await page.waitForSelector('[data-testid=nft-submit]');
      expect(await text(page, '[data-testid=nft-available]')).toBe('Available: 500.00 USDT');
      // refused before sending: below the reserve
      await page.fill('[data-testid=nft-amount]', '49');
      await page.click('[data-testid=nft-submit]');
      await expect.poll(() => page.getAttribute('[data-testid=nft-error]', 'data-code')).toBe('10130');
      expect(await text(page, '[data-testid=nft-error]')).toBe('Your bid is too low: bid at least 50.000000 USDT');
      await page.fill('[data-testid=nft-amount]', '50');
      await page.click('[data-testid=nft-submit]');
      await page.waitForSelector('[data-testid=nft-dialog]');
      expect(await text(page, '[data-testid=nft-dialog-text]')).toContain(
        '50.000000 USDT will be held from your available balance',
      );
      await shot(page, `${device.name}-nfts-confirm`);
      await page.click('[data-testid=nft-confirm]');
      await expect.poll(() => text(page, '[data-testid=nft-current-bid]'), { timeout: 10_000 }).toBe('50.000000 USDT');
      expect(await balanceOf(a.token)).toMatchObject({ available: '450.000000', nftBidHold: '50.000000' });
      expect(await page.locator('[data-testid=nft-bid][data-mine=true][data-status=held]').count()).toBe(1);
      // leading: no form, the note instead
      await page.waitForSelector('[data-testid=nft-leading]');
    });

    it('B outbids A from another device: A sees it live and has the money back at once', async () => {
      expect(await bidAs(b.token, nftId, '52.5')).toBe(20004);
      expect(await balanceOf(a.token)).toMatchObject({ available: '500.000000', nftBidHold: '0.000000' });
      await expect.poll(() => text(page, '[data-testid=nft-current-bid]'), { timeout: 15_000 }).toBe('52.500000 USDT');
      await expect.poll(() => text(page, '[data-testid=nft-available]'), { timeout: 15_000 }).toBe('Available: 500.00 USDT');
      expect(await page.locator('[data-testid=nft-bid][data-mine=true][data-status=released]').count()).toBe(1);
      // the form now offers the new minimum: 52.5 + 5 %
      expect(await page.inputValue('[data-testid=nft-amount]')).toBe('55.125000');
      await page.click('[data-testid=nft-submit]');
      await page.click('[data-testid=nft-confirm]');
      await expect.poll(() => text(page, '[data-testid=nft-current-bid]'), { timeout: 10_000 }).toBe('55.125000 USDT');
      expect(await balanceOf(b.token)).toMatchObject({ available: '500.000000', nftBidHold: '0.000000' });
      await shot(page, `${device.name}-nfts-detail`);
      expect(await noSidewaysScroll(page)).toBe(true);
    });

    it('the end passes: the scheduler settles, A owns it, the donation shows on the NFT and the public ledger', async () => {
      moveNftClock(3 * HOUR);
      await expect
        .poll(
          async () =>
            (await api<{ nft: { status: string } }>(service.url, `/swx/customer/index/getNft/${nftId}`)).result.nft.status,
          { timeout: 20_000 },
        )
        .toBe('sold');
      await page.reload();
      await expect.poll(() => text(page, '[data-testid=nft-status]'), { timeout: 15_000 }).toBe('Sold');
      expect(await text(page, '[data-testid=nft-donated]')).toBe('55.125000 USDT');
      expect(await text(page, '[data-testid=nft-owner]')).toBe(`${a.username.slice(0, 2)}***${a.username.slice(-1)}`);
      expect(await balanceOf(a.token)).toMatchObject({ available: '444.875000', nftBidHold: '0.000000' });
      await page.goto('/nfts');
      await page.click('[data-testid=nft-tab-mine]');
      await page.waitForSelector(`[data-testid=nft-card][data-name="${name}"] [data-relation=owned]`);
      await page.click('[data-testid=nft-donations-link]');
      await page.waitForSelector(`[data-testid=don-row][data-nft="${nftId}"]`);
      expect(await text(page, `[data-testid=don-row][data-nft="${nftId}"] [data-testid=don-amount]`)).toBe('55.12 USDT');
      await shot(page, `${device.name}-nfts-donations`);
      expect(await noSidewaysScroll(page)).toBe(true);
    });

    it('the operator records a payout; the public ledger lists it', async () => {
      const hash = crypto.randomBytes(32).toString('hex');
      if (device === DESKTOP) {
        const op = await newContext(browser, device, service.url);
        const p = await op.newPage();
        await signIn(p, OPERATOR.email, OPERATOR.password);
        await p.goto('/admin/nfts');
        await p.waitForSelector('[data-testid=adm-charity-pending]');
        await p.fill('[data-testid=nft-p-amount]', '1000000');
        await p.fill('[data-testid=nft-p-hash]', hash);
        await p.click('[data-testid=nft-p-submit]');
        await p.waitForSelector('[data-testid=nft-p-error]');
        expect(await text(p, '[data-testid=nft-p-error]')).toContain('more than the charity account holds');
        await p.fill('[data-testid=nft-p-amount]', '55.125');
        await p.fill('[data-testid=nft-p-note]', 'First transfer');
        await p.click('[data-testid=nft-p-submit]');
        await expect.poll(() => p.inputValue('[data-testid=nft-p-amount]'), { timeout: 10_000 }).toBe('');
        await op.close();
      } else {
        expect((await operator('/charity/payouts', { amount: '55.125', txHash: hash, note: 'Second transfer' })).code).toBe(200);
      }
      await page.reload();
      await page.waitForSelector(`[data-testid=don-row][data-kind=payout]`);
      expect(await page.locator(`[data-testid=don-row][data-nft="${nftId}"]`).textContent()).toContain('Paid');
    });

    it('Arabic and Japanese, at 1440, 1024 and 390 px', async () => {
      const detail = `/nfts/${nftId}`;
      for (const language of ['ar', 'ja', 'en']) {
        await page.goto(detail);
        await inLanguage(page, language, '[data-testid=nft-art]');
        if (language === 'ar') expect(await page.getAttribute('html', 'dir')).toBe('rtl');
        for (const width of device === DESKTOP ? [1440, 1024] : [390]) {
          await page.setViewportSize({ width, height: 900 });
          for (const [where, ready] of [
            [detail, '[data-testid=nft-art]'],
            ['/nfts', '[data-testid=nft-card]'],
            ['/nfts/donations', '[data-testid=don-row]'],
          ] as const) {
            await page.goto(where);
            await page.waitForSelector(ready);
            expect(await noSidewaysScroll(page), `${language} ${width} ${where}`).toBe(true);
            await shot(
              page,
              `${device.name}-nfts-${language}-${width}-${where === detail ? 'detail' : where === '/nfts' ? 'grid' : 'donations'}`,
            );
          }
        }
      }
      await page.setViewportSize(device.viewport);
      expect(errors).toEqual([]);
    });
  });
}
