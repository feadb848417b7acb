/**
 * Deposits from the chain in the web app, against the real service watching a real node (Anvil, on
 * a free port, blocks mined only when the test says): a customer opens the deposit screen on the
 * phone and on the desktop, reads their OWN address from it (no claim form, no screenshot on the
 * watched network; the claim form stays for an unwatched one), ETH is sent to it from an Anvil
 * account, and as blocks are mined one at a time the screen shows "Confirming 1/3", "2/3", then
 * "Credited", live without a reload, while the balance rises exactly once. Then the operator's
 * chain page: the network watched with its head and lag, and an incident (the credited block
 * reorganised away) resolved with a note. Screenshots: 390 px (English and Arabic) and 1440 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { rpc } from '../../setup/anvil.ts';
import { api, closeToasts, DESKTOP, inLanguage, loginThroughPage, MOBILE, shot, textOf, TRON, type Device } from '../harness.ts';
import { openConsole } from '../operatorConsole.ts';
import { LIVE, N, newCustomer, ownAddress, PASSWORD, realCall, sendEth, useChainService, widePage } from './chainFixtures.ts';

// the unwatched network (harness startPlatform adds its USDT address) keeps the platform's address and the claim form
const w = useChainService();
const credited: Array<{ txHash: string; user: string }> = [];
const real = <T>(path: string, token: string) => realCall<T>(w, path, token);

/** The chain deposits list in the middle of the screen, for the screenshots. */
const showDeposits = (page: Page) =>
  page.locator('[data-testid=chain-deposits]').evaluate((e) => e.scrollIntoView({ block: 'center' }));

const status = (page: Page) => textOf(page, '[data-testid=chain-deposit] [data-testid=chain-deposit-status]');
const ethAvailable = async (token: string) => {
  const b = await real<{ assets: Array<{ asset: string; available: string }> }>('balances', token);
  return b.assets.find((a) => a.asset === 'ETH')?.available ?? '0';
};
/** The watcher has processed the node's current head (read from the operators' view). */
const caughtUp = async () => {
  const head = await w.anvil.head();
  const n = await api<{ rows: Array<{ network: string; lastProcessed: number | null }> }>(w.base, '/admin-api/chain/networks', {
    token: w.opToken,
  });
  return (n.result.rows.find((r) => r.network === 'ERC20')?.lastProcessed ?? -1) >= head;
};

/** What each device's customer sends, and what the ledger shows (ETH at its 8 decimals). */
const devices: Array<{ device: Device; amount: string; booked: string; from: number }> = [
  { device: MOBILE, amount: '0.25', booked: '0.25000000', from: 1 },
  { device: DESKTOP, amount: '1.5', booked: '1.50000000', from: 2 },
];

for (const { device, amount, booked, from } of devices) {
  describe(`${device.name}: a deposit from the chain, confirming live`, () => {
    let page: Page;
    let token = '';
    let address = '';
    const errors = widePage(w, device, (p) => (page = p));

    it('the deposit screen on the watched network: own address, QR, minimum, N confirmations, no claim form', async () => {
      const customer = await newCustomer(w, `c${device.name.slice(0, 1)}`);
      token = customer.token;
      await loginThroughPage(page, device, customer.email, PASSWORD);
      await page.goto('/profile/balance');
      await page.click('[data-testid=switch-real]');
      await page.waitForSelector('[data-testid=balance][data-book=real]');
      await closeToasts(page);

      // the unwatched network: the platform's address and the claim form, as before
      await page.selectOption('[data-testid=dep-coin]', 'USDT');
      await page.waitForSelector('[data-testid=deposit-form]');
      expect(await textOf(page, '[data-testid=dep-address]')).toBe(TRON);
      expect(await page.locator('[data-testid=chain-receive]').count()).toBe(0);

      // the watched one: the customer's own address, nothing to fill in
      await page.selectOption('[data-testid=dep-coin]', 'ETH');
      await page.waitForSelector('[data-testid=chain-receive][data-network=ERC20]');
      expect(await page.locator('[data-testid=deposit-form]').count()).toBe(0);
      expect(await page.locator('[data-testid=dep-proof]').count()).toBe(0);
      address = await textOf(page, '[data-testid=chain-address]');
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(address).toBe(await ownAddress(w, token));
      expect(await page.getAttribute('[data-testid=chain-qr]', 'src')).toMatch(/^data:image\/svg\+xml/);
      expect(await textOf(page, '[data-testid=chain-confirmations]')).toBe(
        `Credited automatically after ${N} network confirmations`,
      );
      expect(await textOf(page, '[data-testid=chain-min]')).toContain('ETH');
      expect(await textOf(page, '[data-testid=chain-deposits-none]')).toBe('No deposits from the chain yet.');
    });

    it('ETH sent to it shows "Confirming 1/3", "2/3", then "Credited", live; the balance rises once', async () => {
      // a mark in the page: still there at the end means nothing was reloaded
      await page.evaluate(() => ((globalThis as unknown as { chainMark: number }).chainMark = 1));
      expect(await ethAvailable(token)).toBe('0.00000000');
      const hash = await sendEth(w, address, amount, from);
      for (let k = 1; k < N; k++) {
        await w.anvil.mine(1);
        await expect.poll(() => status(page), LIVE).toBe(`Confirming ${k}/${N}`);
        expect(await page.getAttribute('[data-testid=chain-deposit-bar]', 'value')).toBe(String(k));
        expect(await page.getAttribute('[data-testid=chain-deposit]', 'data-tx')).toBe(hash);
        expect(await ethAvailable(token)).toBe('0.00000000');
        if (k === 1) {
          await closeToasts(page, { waitGone: true });
          await showDeposits(page);
          await shot(page, `${device.name}-chain-confirming`);
        }
      }
      await w.anvil.mine(1);
      await expect.poll(() => status(page), LIVE).toBe('Credited');
      expect(await page.locator('[data-testid=chain-deposit-bar]').count()).toBe(0);
      expect(await textOf(page, '[data-testid=chain-deposit-amount]')).toContain('ETH');
      await expect.poll(() => ethAvailable(token), LIVE).toBe(booked);
      // more blocks, more runs of the watcher: credited once, never again
      await w.anvil.mine(2);
      await expect.poll(caughtUp, LIVE).toBe(true);
      expect(await ethAvailable(token)).toBe(booked);
      const statement = await real<{ rows: Array<{ reason: string; amount: string }> }>('statement', token);
      expect(statement.rows.filter((r) => r.reason === 'chain.deposit').map((r) => r.amount)).toEqual([booked]);
      expect(await page.evaluate(() => (globalThis as unknown as { chainMark?: number }).chainMark)).toBe(1);
      await closeToasts(page, { waitGone: true });
      await showDeposits(page);
      await shot(page, `${device.name}-chain-credited`);
      credited.push({ txHash: hash, user: address });
    });

    if (device === MOBILE) {
      it('Arabic (right to left) and German (long words): the deposit screen', async () => {
        await inLanguage(page, 'ar', '[data-testid=chain-deposit]');
        await page.selectOption('[data-testid=dep-coin]', 'ETH');
        await page.waitForSelector('[data-testid=chain-receive]');
        expect(await page.getAttribute('html', 'dir')).toBe('rtl');
        await closeToasts(page, { waitGone: true });
        await shot(page, `${device.name}-ar-chain-deposit`);
        await showDeposits(page);
        await shot(page, `${device.name}-ar-chain-deposits`);
        // a long language on the narrow screen
        await inLanguage(page, 'de', '[data-testid=chain-deposit]');
        await page.selectOption('[data-testid=dep-coin]', 'ETH');
        await page.waitForSelector('[data-testid=chain-receive]');
        await closeToasts(page, { waitGone: true });
        expect(await textOf(page, '[data-testid=chain-deposit-status]')).toBe('Gutgeschrieben');
        await showDeposits(page);
        await shot(page, `${device.name}-de-chain-deposits`);
      });
    }

    it('no page error', () => {
      expect(errors).toEqual([]);
    });
  });
}

describe('operator: the chain page, and an incident resolved with a note', () => {
  let page: Page;
  const errors = widePage(w, DESKTOP, (p) => (page = p));

  it('the network watched with its head, last block and lag; the unwatched ones say so', async () => {
    await openConsole(page, DESKTOP, '/admin/chain', '[data-testid=chain-network]');
    const erc20 = page.locator('[data-testid=chain-network][data-network=ERC20]');
    await erc20.waitFor();
    expect(await erc20.getAttribute('data-watched')).toBe('true');
    const head = await w.anvil.head();
    await expect.poll(() => erc20.locator('[data-testid=chain-head]').textContent(), LIVE).toBe(String(head));
    expect(await page.getAttribute('[data-testid=chain-network][data-network=TRC20]', 'data-watched')).toBe('false');
    await erc20.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await shot(page, 'desktop-chain-networks');
  });

  it('a credited block reorganised away is an incident; resolving it takes a note and moves no money', async () => {
    // the desktop's deposit is the newest: replace its block and the ones after it
    const [chainDeposit] = credited.slice(-1);
    const head = await w.anvil.head();
    const receipt = await rpc<{ blockNumber: string }>(w.anvil.url, 'eth_getTransactionReceipt', [chainDeposit.txHash]);
    await rpc(w.anvil.url, 'anvil_reorg', [head - Number(BigInt(receipt.blockNumber)) + 1, []]);
    await w.anvil.mine(1);
    // the watcher raises it on its next run; the page shows what the service holds when opened
    const open = async () =>
      (await api<{ total: number }>(w.base, '/admin-api/chain/incidents', { token: w.opToken })).result.total;
    await expect.poll(open, LIVE).toBe(1);
    await page.goto('/admin/chain');
    const incident = page.locator('[data-testid=chain-incident][data-resolved=false]');
    await incident.waitFor();
    expect(await incident.textContent()).toContain(chainDeposit.txHash);
    await incident.locator('[data-testid=chain-incident-resolve]').click();
    expect(await incident.locator('[data-testid=chain-incident-error]').textContent()).toBe(
      'Write what was done before resolving.',
    );
    const note = 'Sender contacted; funds re-sent on-chain, nothing to correct.';
    await incident.locator('[data-testid=chain-incident-note]').fill(note);
    await incident.locator('[data-testid=chain-incident-resolve]').click();
    const resolved = page.locator('[data-testid=chain-incident][data-resolved=true]');
    await resolved.waitFor();
    expect(await resolved.locator('[data-testid=chain-incident-resolution]').textContent()).toContain(note);
    await shot(page, 'desktop-chain-console');
    expect(errors).toEqual([]);
  });
});
