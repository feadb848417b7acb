/**
 * Proof of liabilities in the web app against the real service (desktop): a customer whose real
 * book holds money the ordinary way (a deposit an operator approved) checks their proof on the
 * wallet page, the browser verifies it against the published root, the downloaded file verifies
 * with the standalone script (`npm run verify-proof`), and the public /proof page shows the same
 * root, the liabilities beside attested and declared holdings, in all ten languages (Arabic right
 * to left) within one browser session.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LANGUAGES } from '../../../src/contract/constants.ts';
import { htmlLangOf } from '../../../src/i18n/languages.ts';
import {
  api,
  closeToasts,
  DESKTOP,
  MOBILE,
  newContext,
  realCustomer,
  ROOT,
  shot,
  signIn,
  startFundingPlatform,
  textOf,
  type Device,
  type Service,
} from '../harness.ts';
import { readAppTexts } from '../../../scripts/locales.ts';
import { HDKey } from '@scure/bip32';
import { createPublicClient, createWalletClient, getAddress, http, parseEther, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { ANVIL_KEYS, startAnvil, type Anvil } from '../../setup/anvil.ts';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from '../../server/chain/testToken.ts';
import { verifyInclusion, type SplitProofData } from '../../../src/contract/merkleSum.ts';

const PASSWORD = 'Secret-pass-123';
let service: Service;
let browser: Browser;
let opToken = '';
let customer: { username: string; token: string };
let root = '';

/** The stored language choice, read at the next load (the harness's inLanguage compares lang with the code, which hk and zh are not). */
const storeLanguage = (page: Page, lng: string) =>
  page.evaluate(
    (l) =>
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
        'language',
        JSON.stringify(l),
      ),
    lng,
  );

const operator = <T>(p: string, body?: unknown) =>
  api<T>(service.url, `/admin-api${p}`, { body, token: opToken, method: body ? 'POST' : 'GET' });

/** The platform's hot wallet on Ethereum, as recorded: its ETH is read from the node at the snapshot's block. */
const HOT = getAddress('0x1111111111111111111111111111111111111111');
let anvil: Anvil;
let blockHash = '';

beforeAll(async () => {
  // a watched chain (Anvil, offline): the snapshot reads the recorded wallets from it
  anvil = await startAnvil();
  const wallet = createWalletClient({ account: privateKeyToAccount(ANVIL_KEYS[0]), chain: foundry, transport: http(anvil.url) });
  const pub = createPublicClient({ chain: foundry, transport: http(anvil.url) });
  const deployed = await wallet.deployContract({
    abi: TEST_TOKEN_ABI,
    bytecode: TEST_TOKEN_BYTECODE,
    args: ['USDT', 'USDT', parseUnits('1000000', 6)],
  });
  await anvil.mine(1);
  const usdt = getAddress((await pub.getTransactionReceipt({ hash: deployed })).contractAddress!);
  // the service watches with a public key only (its private side is nobody's here)
  const XPUB = HDKey.fromMasterSeed(new Uint8Array(32).fill(9)).derive("m/44'/60'/0'").publicExtendedKey;
  ({ service, browser, opToken } = await startFundingPlatform({
    CHAIN_ETH_RPC_URL: anvil.url,
    CHAIN_ETH_XPUB: XPUB,
    CHAIN_ETH_CONFIRMATIONS: '1',
    CHAIN_USDT_ERC20_CONTRACT: usdt,
  }));
  await wallet.sendTransaction({ to: HOT, value: parseEther('1.5') });
  await anvil.mine(1);
  blockHash = (await pub.getBlock({ blockNumber: BigInt(await anvil.head()) })).hash;
  expect((await operator('/reserves/wallets', { asset: 'ETH', network: 'ERC20', address: HOT, label: 'Hot wallet' })).code).toBe(
    200,
  );
  customer = await realCustomer(service.url, opToken, `pf${Date.now().toString(36)}`, '250', PASSWORD);
  const asOf = new Date(Date.now() - 3_600_000).toISOString();
  expect(
    (
      await operator('/reserves/wallets', {
        asset: 'BTC',
        network: 'BTC',
        address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        label: 'Cold storage',
      })
    ).code,
  ).toBe(200);
  expect(
    (
      await operator('/reserves/holdings', {
        asset: 'USDT',
        amount: '300',
        asOf,
        attestor: 'Audit & Co',
        reportRef: 'AC-2026-11',
      })
    ).code,
  ).toBe(200);
  expect((await operator('/reserves/holdings', { asset: 'BTC', amount: '0.5', asOf })).code).toBe(200);
  const snap = await operator<{ status: string; rootHash: string }>('/proof/snapshots', { reason: 'browser test' });
  expect(snap.result).toMatchObject({ status: 'published' });
  root = snap.result.rootHash;
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await anvil?.stop();
});

describe('proof of liabilities', () => {
  it('the wallet page verifies my proof, the downloaded file verifies offline, and /proof shows the root in ten languages', async () => {
    const ctx = await newContext(browser, DESKTOP, service.url);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await signIn(page, customer.username, PASSWORD);
      await page.goto('/profile/balance');
      await page.click('[data-testid=switch-real]');
      await page.waitForSelector('[data-testid=balance][data-book=real]');
      await page.click('[data-testid=proof-check-start]');
      await page.waitForSelector('[data-testid=proof-check][data-state=verified]', { timeout: 15_000 });
      expect(await textOf(page, '[data-testid=proof-check-root]')).toBe(root);
      expect(await textOf(page, '[data-testid=proof-verdict]')).toContain('250');
      // the browser checked every part's path: the balances are in 3 leaves (PROOF_PARTS)
      expect(await page.getAttribute('[data-testid=proof-check-parts]', 'data-parts')).toBe('3');

      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=proof-save]')]);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'proof-')), download.suggestedFilename());
      await download.saveAs(file);
      const out = execFileSync(process.execPath, ['scripts/verify-proof.mjs', file, '--root', root], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(out).toContain('VERIFIED');
      // the same file with one balance changed does not, nor with one part changed
      const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as SplitProofData;
      expect(saved).toMatchObject({ format: 'pol2', balances: ['250.000000', '0.00000000', '0.00000000'] });
      const tamperings: Array<(p: SplitProofData) => void> = [
        (p) => (p.balances[0] = '2500.000000'),
        (p) => (p.parts[1].amounts[0] = p.parts[1].amounts[0].replace(/^\d+/, (w) => String(Number(w) + 1))),
      ];
      for (const change of tamperings) {
        const proof = structuredClone(saved);
        change(proof);
        // the browser's code path (the contract's rules the wallet page runs) refuses it too
        expect(verifyInclusion(proof).ok).toBe(false);
        fs.writeFileSync(file, JSON.stringify(proof));
        const tampered = spawnSync(process.execPath, ['scripts/verify-proof.mjs', file], { cwd: ROOT, encoding: 'utf8' });
        expect({ status: tampered.status, out: tampered.stdout }).toMatchObject({
          status: 1,
          out: expect.stringContaining('NOT VERIFIED'),
        });
      }

      await page.goto('/proof');
      for (const lng of LANGUAGES) {
        // the stored choice, then a reload
        await storeLanguage(page, lng);
        await page.reload();
        await page.waitForSelector('[data-testid=proof-root]');
        await expect.poll(() => page.getAttribute('html', 'lang')).toBe(htmlLangOf(lng));
        expect(await page.getAttribute('html', 'dir')).toBe(lng === 'ar' ? 'rtl' : 'ltr');
        expect(await textOf(page, '[data-testid=proof-root]')).toBe(root);
        const texts = readAppTexts(lng, ROOT) as {
          proof: Record<string, string>;
        };
        expect(await textOf(page, 'h1')).toBe(texts.proof.title);
        expect(await textOf(page, '[data-testid=proof-explain]')).toContain(texts.proof.declaredTitle);
        expect(await page.locator('[data-testid=proof-kind][data-kind=attested]').count()).toBe(1);
        expect(await page.locator('[data-testid=proof-kind][data-kind=declared]').count()).toBe(1);
        expect(await textOf(page, 'main')).not.toMatch(/proof\.[a-zA-Z]/);
        if (lng === 'en' || lng === 'ar') await shot(page, `proof-${lng}`);
      }
      const usdt = page.locator('[data-testid=proof-asset][data-asset=USDT]');
      expect(await usdt.locator('[data-testid=proof-liabilities]').textContent()).toContain('250');
      expect(await usdt.locator('[data-testid=proof-ratio]').textContent()).toContain('120.00');
      // ETH read from the node at the snapshot's block, beside the (zero) ETH liabilities
      const eth = page.locator('[data-testid=proof-asset][data-asset=ETH]');
      expect(await eth.locator('[data-testid=proof-onchain-amount]').textContent()).toContain('1.5');
      expect(await eth.locator('[data-testid=proof-block-hash]').textContent()).toBe(blockHash);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('the check and /proof on a phone (390 px) and a desktop (1440 px), in English and Arabic', async () => {
    const wide: Device = { ...DESKTOP, viewport: { width: 1440, height: 900 } } as unknown as Device;
    for (const device of [MOBILE as Device, wide]) {
      const ctx = await newContext(browser, device, service.url);
      const page = await ctx.newPage();
      try {
        await signIn(page, customer.username, PASSWORD);
        for (const lng of ['en', 'ar']) {
          await storeLanguage(page, lng);
          await page.goto('/profile/balance');
          // the real book is remembered once chosen: the switch shows only while in the demo book
          await page.waitForSelector('[data-testid=switch-real], [data-testid=balance][data-book=real]');
          if (await page.locator('[data-testid=switch-real]').count()) await page.click('[data-testid=switch-real]');
          await page.waitForSelector('[data-testid=balance][data-book=real]');
          await page.click('[data-testid=proof-check-start]');
          await page.waitForSelector('[data-testid=proof-check][data-state=verified]', { timeout: 15_000 });
          await expect.poll(() => page.getAttribute('html', 'dir')).toBe(lng === 'ar' ? 'rtl' : 'ltr');
          await closeToasts(page, { waitGone: true });
          await page.locator('[data-testid=proof-check]').scrollIntoViewIfNeeded();
          await shot(page, `proof-check-${device.viewport.width}-${lng}`);
          await page.goto('/proof');
          await page.waitForSelector('[data-testid=proof-root]');
          await shot(page, `proof-${device.viewport.width}-${lng}`);
          await page.locator('[data-testid=proof-explain]').scrollIntoViewIfNeeded();
          await shot(page, `proof-explain-${device.viewport.width}-${lng}`);
        }
      } finally {
        await ctx.close();
      }
    }
  });
});
