/**
 * Withdrawals paid on the chain in the web app, against the real service on PostgreSQL watching a
 * real node (Anvil, blocks mined only when the test says, through `evm_mine`) with the separate
 * signer beside it (served from this process on a loopback port, reading the same database, holding
 * the hot wallet's key the service never sees). A customer on the phone and one on the desktop
 * withdraw ETH from the withdrawal form; an operator approves through /admin-api; the service's
 * sender pays through the signer, and the customer's record moves approved → sent (the hash, its
 * explorer link, "Confirming 0/3") → "Confirming 1/3", "2/3" → confirmed as blocks are mined, live
 * without a reload. On the desktop the hot wallet is first emptied (`anvil_setBalance`): the
 * withdrawal shows that it waits for the hot wallet to be refilled, and is paid once it is. A
 * withdrawal on an unwatched network (BTC, an operator's typed hash) says "not verified on chain".
 * Screenshots: 390 px and 1440 px, English and Arabic.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, parseEther, toHex, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { rpc } from '../../setup/anvil.ts';
import { platformAccount, userAccount } from '../../../server/platform/ledger/accounts.ts';
import { transfer } from '../../../server/platform/ledger/ledger.ts';
import { HOT, SIGNER_TOKEN, useSignerPort } from '../../server/chain/signerFixtures.ts';
import {
  api,
  closeToasts,
  DESKTOP,
  inLanguage,
  loginThroughPage,
  MOBILE,
  newContext,
  registeredCustomer,
  shot,
  textOf,
  type Device,
} from '../harness.ts';
import { openConsole } from '../operatorConsole.ts';
import {
  ACCOUNT_KEY,
  LIVE,
  N,
  newCustomer,
  ownAddress,
  PASSWORD,
  realCall,
  sendEth,
  useChainService,
  WIDE,
  widePage,
} from './chainFixtures.ts';

const EXPLORER = 'https://explorer.test/tx/{hash}';
const signer = useSignerPort();
const w = useChainService({
  postgres: true,
  env: () => ({
    CHAIN_ETH_SIGNER_URL: signer.url,
    CHAIN_ETH_SIGNER_TOKEN: SIGNER_TOKEN,
    CHAIN_ETH_HOT_WALLETS: HOT,
    CHAIN_ETH_EXPLORER_TX_URL: EXPLORER,
    // above the customers' 1 ETH: only the operators' story's 2 ETH deposit is swept
    CHAIN_ETH_SWEEP_MIN_ETH: '1.5',
  }),
});
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
// the service migrated the database; the signer reads the withdrawals and approvals from it
beforeAll(async () => {
  await signer.start(w.database.db, { sweepKey: ACCOUNT_KEY });
});

const pub = () => createPublicClient({ chain: foundry, transport: http(w.anvil.url) });
/** One block, as the brief's node is asked: `evm_mine`. */
const mineOne = () => rpc(w.anvil.url, 'evm_mine', []);
const setHotBalance = (eth: string) => rpc(w.anvil.url, 'anvil_setBalance', [HOT, toHex(parseEther(eth))]);
const real = <T>(path: string, token: string, body?: object) => realCall<T>(w, path, token, body);

const row = (page: Page) => page.locator('[data-testid=withdrawal-row]').first();
const rowStatus = (page: Page) => row(page).getAttribute('data-status');
const statusText = (page: Page) => textOf(page, '[data-testid=withdrawal-row] [data-testid=status]');
const confirming = (page: Page) => textOf(page, '[data-testid=withdrawal-row] [data-testid=payout-confirming]');
const showRecords = (page: Page) =>
  page.locator('[data-testid=withdrawal-records]').evaluate((e) => e.scrollIntoView({ block: 'center' }));

const devices: Array<{ device: Device; from: number; amount: string; receive: string; waits: boolean }> = [
  { device: MOBILE, from: 0, amount: '0.1', receive: '0.099', waits: false },
  { device: DESKTOP, from: 1, amount: '0.5', receive: '0.495', waits: true },
];

for (const { device, from, amount, receive, waits } of devices) {
  describe(`${device.name}: a withdrawal paid on the chain, sent → confirmed live`, () => {
    let page: Page;
    let token = '';
    let username = '';
    let withdrawalId = '';
    const to = `0x${crypto.randomBytes(20).toString('hex')}` as Hex;
    const errors = widePage(w, device, (p) => (page = p));

    it('a customer funded from the chain asks to withdraw ETH from the form; the record is pending', async () => {
      const customer = await newCustomer(w, `p${device.name.slice(0, 1)}`);
      token = customer.token;
      username = customer.username;
      // 1 ETH from one of Anvil's accounts to the customer's own address, credited at N
      await sendEth(w, await ownAddress(w, token), '1', from);
      for (let i = 0; i < N; i++) await mineOne();
      const eth = async () =>
        (await real<{ assets: Array<{ asset: string; available: string }> }>('balances', token)).assets.find(
          (a) => a.asset === 'ETH',
        )?.available;
      await expect.poll(eth, LIVE).toBe('1.00000000');

      await loginThroughPage(page, device, customer.email, PASSWORD);
      await page.goto('/profile/balance');
      await page.click('[data-testid=switch-real]');
      await page.waitForSelector('[data-testid=balance][data-book=real]');
      await closeToasts(page, { waitGone: true });
      await page.click('[data-testid=tab-withdraw]');
      await page.waitForSelector('[data-testid=withdraw-form]');
      await page.selectOption('[data-testid=wd-method]', 'ETH-ERC20');
      await page.fill('[data-testid=wd-address]', to);
      await page.fill('[data-testid=wd-amount]', amount);
      await expect.poll(() => textOf(page, '[data-testid=wd-receive]')).toContain(receive);
      await page.click('[data-testid=wd-submit]');
      await page.waitForSelector('[data-testid=withdraw-done]', { timeout: 15_000 });
      await closeToasts(page, { waitGone: true });
      await page.click('[data-testid=tab-records]');
      await page.click('[data-testid=records-withdrawals]');
      await page.waitForSelector('[data-testid=withdrawal-row][data-status=pending]');
      withdrawalId = (await row(page).getAttribute('data-id'))!;
      expect(await statusText(page)).toBe('Pending review');
    });

    if (waits) {
      it('approved while the hot wallet holds too little: it waits whole, saying so, until the wallet is refilled', async () => {
        await page.evaluate(() => ((globalThis as unknown as { payoutMark: number }).payoutMark = 1));
        await setHotBalance('0.01');
        const approved = await api<{ status: string }>(w.base, `/admin-api/withdrawals/${withdrawalId}/approve`, {
          body: {},
          token: w.opToken,
        });
        expect(approved.result.status).toBe('queued');
        await expect.poll(() => rowStatus(page), LIVE).toBe('waitingFunds');
        expect(await statusText(page)).toBe('Approved, waiting for the hot wallet to be refilled');
        expect(await row(page).locator('[data-testid=payout-hash]').count()).toBe(0);
        expect(await textOf(page, '[data-testid=withdrawal-row] [data-testid=payout-verified]')).toBe('verified on chain');
        expect(await pub().getBalance({ address: to })).toBe(0n);
        await closeToasts(page, { waitGone: true });
        await showRecords(page);
        await shot(page, `${device.name}-chain-payout-waiting`);
        // an operator refills the hot wallet from the cold one
        await setHotBalance('10000');
      });
    } else {
      it('an operator approves it through /admin-api: the platform pays it itself', async () => {
        await page.evaluate(() => ((globalThis as unknown as { payoutMark: number }).payoutMark = 1));
        const approved = await api<{ status: string }>(w.base, `/admin-api/withdrawals/${withdrawalId}/approve`, {
          body: {},
          token: w.opToken,
        });
        expect(approved.result.status).toBe('queued');
      });
    }

    it('sent with its hash and explorer link, then "Confirming 1/3", "2/3" and confirmed as blocks are mined, live', async () => {
      await expect.poll(() => rowStatus(page), LIVE).toBe('sent');
      expect(await statusText(page)).toBe('Sent, confirming');
      expect(await confirming(page)).toBe(`Confirming 0/${N}`);
      const link = row(page).locator('[data-testid=payout-hash] a');
      const href = await link.getAttribute('href');
      const hash = (await row(page).locator('[data-testid=payout-hash]').getAttribute('title')) as Hex;
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(href).toBe(EXPLORER.replace('{hash}', hash));
      expect(await link.getAttribute('target')).toBe('_blank');
      // in the node's pool, from the hot wallet, to the customer's address, the receive amount
      const tx = await pub().getTransaction({ hash });
      expect(tx.from.toLowerCase()).toBe(HOT.toLowerCase());
      expect(tx.to?.toLowerCase()).toBe(to);
      expect(tx.value).toBe(parseEther(receive));
      await closeToasts(page, { waitGone: true });
      await showRecords(page);
      await shot(page, `${device.name}-chain-payout-sent`);

      for (let k = 1; k < N; k++) {
        await mineOne();
        await expect.poll(() => confirming(page), LIVE).toBe(`Confirming ${k}/${N}`);
        expect(await rowStatus(page)).toBe('sent');
      }
      await mineOne();
      await expect.poll(() => rowStatus(page), LIVE).toBe('confirmed');
      expect(await statusText(page)).toBe('Confirmed on chain');
      expect(await row(page).locator('[data-testid=payout-confirming]').count()).toBe(0);
      expect(await row(page).locator('[data-testid=payout-hash] a').getAttribute('href')).toBe(href);
      // paid once: the address holds the receive amount, and nothing was reloaded
      expect(await pub().getBalance({ address: to })).toBe(parseEther(receive));
      const payouts = (await w.database.db.execute(
        sql`select count(*)::int as n from chain_payouts where withdrawal_id = ${BigInt(withdrawalId)}`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(payouts.rows[0].n).toBe(1);
      expect(await page.evaluate(() => (globalThis as unknown as { payoutMark?: number }).payoutMark)).toBe(1);
      await closeToasts(page, { waitGone: true });
      await showRecords(page);
      await shot(page, `${device.name}-chain-payout-confirmed`);
    });

    if (device === DESKTOP) {
      it('a withdrawal on an unwatched network, approved with a typed hash, says "not verified on chain"', async () => {
        const [user] = (
          (await w.database.db.execute(sql`select id from users where username = ${username}`)) as unknown as {
            rows: Array<{ id: string }>;
          }
        ).rows;
        // BTC credited as an approved deposit would credit it (the unwatched network's claim is not the story here)
        await w.database.db.transaction((tx) =>
          transfer(tx, {
            key: `browser-fund:${user.id}:btc`,
            book: 'real',
            asset: 'BTC',
            from: platformAccount('deposits'),
            to: userAccount(BigInt(user.id), 'available'),
            amount: '0.01',
            // the reasons are declared by the domains' modules, outside this tsconfig's files
            reason: 'deposit.approved' as never,
            refType: 'test',
            refId: 'fixture',
          }),
        );
        const btcWithdrawal = await real<{ id: string }>('withdrawal', token, {
          method: 'BTC-BTC',
          address: BTC_ADDRESS,
          amount: '0.01',
        });
        const payoutTxHash = crypto.randomBytes(32).toString('hex');
        const approved = await api<{ status: string }>(w.base, `/admin-api/withdrawals/${btcWithdrawal.id}/approve`, {
          body: { payoutTxHash },
          token: w.opToken,
        });
        expect(approved.result.status).toBe('approved');
        const btc = page.locator(`[data-testid=withdrawal-row][data-id="${btcWithdrawal.id}"]`);
        await expect.poll(() => btc.getAttribute('data-status'), LIVE).toBe('approved');
        expect(await btc.locator('[data-testid=payout-verified]').getAttribute('data-verified')).toBe('false');
        expect(await btc.locator('[data-testid=payout-verified]').textContent()).toBe('not verified on chain');
        await closeToasts(page, { waitGone: true });
        await showRecords(page);
        await shot(page, `${device.name}-chain-payout-unverified`);
      });
    }

    it('Arabic (right to left): the same records', async () => {
      await inLanguage(page, 'ar', '[data-testid=tab-records]');
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await closeToasts(page, { waitGone: true });
      await page.click('[data-testid=tab-records]');
      await page.click('[data-testid=records-withdrawals]');
      await page.waitForSelector('[data-testid=withdrawal-row][data-status=confirmed]');
      await closeToasts(page, { waitGone: true });
      await showRecords(page);
      await shot(page, `${device.name}-ar-chain-payouts`);
    });

    it('no page error', () => {
      expect(errors).toEqual([]);
    });
  });
}

describe("operators: the chain page's sweeps at 1440 px, 390 px and in Arabic", () => {
  type Sweep = { id: string; state: string; amount: string; coin: string; txHash: string | null };
  const sweeps = async () => (await api<{ rows: Sweep[] }>(w.base, '/admin-api/chain/sweeps', { token: w.opToken })).result.rows;

  it('a 2 ETH deposit over the threshold is swept to the hot wallet once and confirmed', async () => {
    const customer = await registeredCustomer(w.base, `sw${Date.now().toString(36)}`, 'Secret-pass-123');
    const address = await ownAddress(w, customer.token);
    await sendEth(w, address, '2', 0);
    for (let i = 0; i < N; i++) await mineOne();
    await expect.poll(async () => (await sweeps()).map((x) => x.state), LIVE).toEqual(['sent']);
    // one block a look until the sweep has its N confirmations
    await expect
      .poll(async () => {
        await mineOne();
        return (await sweeps()).map((x) => x.state);
      }, LIVE)
      .toEqual(['confirmed']);
    const [sweep] = await sweeps();
    expect(sweep.coin).toBe('ETH');
    const tx = await pub().getTransaction({ hash: sweep.txHash as Hex });
    expect(tx.from.toLowerCase()).toBe(address.toLowerCase());
    expect(tx.to?.toLowerCase()).toBe(HOT.toLowerCase());
  });

  for (const { device, name, language } of [
    { device: DESKTOP, name: 'desktop', language: 'en' },
    { device: MOBILE, name: 'mobile', language: 'en' },
    { device: MOBILE, name: 'mobile-ar', language: 'ar' },
  ]) {
    it(`${name}: the sweep listed with its amount, address, hash and confirmations`, async () => {
      const ctx = await newContext(w.browser, device, w.base);
      try {
        const page = await ctx.newPage();
        if (device === DESKTOP) await page.setViewportSize(WIDE);
        await openConsole(page, device, '/admin/chain', '[data-testid=admin-chain-sweeps]');
        if (language !== 'en') await inLanguage(page, language, '[data-testid=admin-chain-sweeps]');
        const row = page.locator('[data-testid=chain-sweep][data-state=confirmed]');
        await row.waitFor();
        expect(await row.getAttribute('data-coin')).toBe('ETH');
        if (language === 'en') expect(await row.textContent()).toContain(`Confirmed (${N})`);
        // ETH at its eight places on screen, the chain's exact amount on hover
        const amount = row.locator('td').nth(1);
        expect(await amount.textContent()).toMatch(/^1\.9999\d{4} ETH$/);
        expect(await amount.getAttribute('title')).toMatch(/^1\.9999\d{5,14} ETH$/);
        await closeToasts(page, { waitGone: true });
        await page.locator('[data-testid=admin-chain-sweeps]').evaluate((e) => e.scrollIntoView({ block: 'start' }));
        await shot(page, `${name}-chain-sweeps`);
        // the page never scrolls sideways
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(
          device === DESKTOP ? WIDE.width : device.viewport.width,
        );
      } finally {
        await ctx.close();
      }
    });
  }
});
