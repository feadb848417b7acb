/**
 * Chain payouts benchmark (npm run bench:payouts). Not part of the test suite; a local Anvil only.
 *
 * BENCH_PAYOUTS (default 200) approved ETH and USDT withdrawals, paid by the platform's sender
 * (`app.chain.sendOnce`, the `chain-payouts` leader job's run) through the separate signer (served
 * on loopback, as `npm run signer` serves it), then mined one block at a time and followed by the
 * watcher until every one is confirmed. Prints the payouts per second (nonce, signature, record,
 * broadcast) beside the reference of the same run: the same number of transfers signed locally and
 * broadcast to the same node by viem, with no record at all; and the confirmation latency in blocks
 * (the block the payout was mined in to the block at which the record said confirmed), which should
 * be the confirmations setting exactly. Checks that each recipient received its amount once.
 *
 * Env: BENCH_PAYOUTS (default 200), BENCH_DATABASE_URL (PostgreSQL; default the embedded PGlite).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { HDKey } from '@scure/bip32';
import { createWalletClient, http, parseEther, parseUnits, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { loadConfig } from '../server/config.ts';
import { chainConfig } from '../server/chain/config.ts';
import { reconcile } from '../server/platform/ledger/reconcile.ts';
import { serveSigner } from '../server/signer/http.ts';
import { Signer } from '../server/signer/signer.ts';
import { createPlatform } from '../server/start.ts';
import { ANVIL_KEYS, TEST_CHAIN_ID, freePort, startAnvil } from '../tests/setup/anvil.ts';
import { TEST_TOKEN_ABI } from '../tests/server/chain/testToken.ts';
import { deployUsdt } from './benchChain.ts';
import { createUser, fund, real } from '../tests/server/wallet/walletFixtures.ts';

const PAYOUTS = Math.min(2000, Number(process.env.BENCH_PAYOUTS ?? 200));
const N = 6;
const TOKEN = 'bench-signer-token-0123456789abcdef';
const HOT_KEY = ANVIL_KEYS[2];
const HOT = privateKeyToAccount(HOT_KEY).address;

const anvil = await startAnvil();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-payouts-'));
try {
  const { wallet: deployer, pub, usdt } = await deployUsdt(anvil);
  await deployer.writeContract({
    address: usdt,
    abi: TEST_TOKEN_ABI,
    functionName: 'transfer',
    args: [HOT, parseUnits('10000000', 6)],
  });
  await anvil.mine(1);

  const port = await freePort();
  const xpub = HDKey.fromMasterSeed(crypto.randomBytes(32)).derive("m/44'/60'/0'").publicExtendedKey;
  const config = loadConfig(
    { LOG_LEVEL: 'silent', ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}) },
    {
      dataDir,
      staticDir: undefined,
      engines: false,
      chain: chainConfig(
        {
          CHAIN_ETH_RPC_URL: anvil.url,
          CHAIN_ETH_XPUB: xpub,
          CHAIN_ETH_CONFIRMATIONS: N,
          CHAIN_USDT_ERC20_CONTRACT: usdt,
          CHAIN_ETH_START_BLOCK: await anvil.head(),
        },
        { signer: { url: `http://127.0.0.1:${port}`, token: TOKEN }, hotWallets: [HOT.toLowerCase() as Hex] },
      ),
    },
  );
  const app = await createPlatform(config, { memoryDb: true, logger: false });
  const signer = new Signer(
    app.db,
    HOT_KEY,
    { chainId: TEST_CHAIN_ID, usdtContract: usdt, usdtDecimals: 6, fourEyesAboveUsdt: '10000', maxFeePerGas: 500n * 10n ** 9n },
    { info: () => {}, warn: () => {} },
  );
  const server = await serveSigner(signer, { host: '127.0.0.1', port, token: TOKEN });
  try {
    const op = await createUser(app, 'operator');
    const paid: Array<{ id: string; to: Hex; coin: 'ETH' | 'USDT'; receive: string }> = [];
    for (let i = 0; i < PAYOUTS; i++) {
      const coin = i % 2 === 0 ? 'ETH' : 'USDT';
      const amount = coin === 'ETH' ? '0.05' : '25';
      const u = await createUser(app);
      await fund(app, u.id, coin, coin === 'ETH' ? '1' : '100');
      const to = `0x${crypto.randomBytes(20).toString('hex')}` as Hex;
      const w = (
        await app.inject({
          method: 'POST',
          url: '/swx/customer/user/withdrawal',
          headers: real(u),
          payload: { method: `${coin}-ERC20`, address: to, amount, clientKey: crypto.randomUUID() },
        })
      ).json();
      const id = w.result.id as string;
      const a = (
        await app.inject({
          method: 'POST',
          url: `/admin-api/withdrawals/${id}/approve`,
          headers: { authorization: op.token },
          payload: {},
        })
      ).json();
      if (a.result?.status !== 'queued') throw new Error(`approval: ${JSON.stringify(a)}`);
      paid.push({ id, to, coin, receive: w.result.receiveAmount as string });
    }

    // the sender: every queued payout signed, recorded and broadcast (nothing mined meanwhile)
    const s0 = performance.now();
    let sent = 0;
    while (sent < PAYOUTS) {
      const [r] = await app.chain.sendOnce();
      if (r.sent === 0) throw new Error(`the sender stopped after ${sent} payouts (waiting ${r.waiting})`);
      sent += r.sent;
    }
    const sendSeconds = (performance.now() - s0) / 1000;

    // confirmations: a block at a time, the watcher's run after each, until every record is confirmed
    const statuses = async () =>
      (
        (await app.db.execute(
          sql`select status, count(*)::int as n from withdrawals where status in ('sent', 'confirmed') group by 1`,
        )) as unknown as { rows: Array<{ status: string; n: number }> }
      ).rows;
    const confirmedAt = new Map<number, number>();
    for (let block = 0; block < 200; block++) {
      await anvil.mine(1);
      await app.chain.watchOnce();
      const head = await anvil.head();
      const confirmed = (await statuses()).find((s) => s.status === 'confirmed')?.n ?? 0;
      confirmedAt.set(head, confirmed);
      if (confirmed === PAYOUTS) break;
    }
    const mined = (
      (await app.db
        .execute(sql`select coalesce(min(payout_block_number), 0)::int as lo, coalesce(max(payout_block_number), 0)::int as hi
        from withdrawals where status = 'confirmed'`)) as unknown as { rows: Array<{ lo: number; hi: number }> }
    ).rows[0];
    const firstAll = [...confirmedAt.entries()].find(([, n]) => n === PAYOUTS)?.[0] ?? NaN;

    // the reference: as many transfers signed and broadcast by viem from another funded account
    const reference = createWalletClient({
      account: privateKeyToAccount(ANVIL_KEYS[1]),
      chain: foundry,
      transport: http(anvil.url),
    });
    const r0 = performance.now();
    let nonce = await pub.getTransactionCount({ address: reference.account.address, blockTag: 'pending' });
    const fees = await pub.estimateFeesPerGas();
    for (let i = 0; i < PAYOUTS; i++) {
      await reference.sendTransaction({
        to: `0x${crypto.randomBytes(20).toString('hex')}` as Hex,
        value: parseEther('0.05'),
        nonce: nonce++,
        gas: 21_000n,
        ...fees,
      });
    }
    const refSeconds = (performance.now() - r0) / 1000;
    await anvil.mine(1);

    let wrong = 0;
    for (const p of paid) {
      const got =
        p.coin === 'ETH'
          ? await pub.getBalance({ address: p.to })
          : ((await pub.readContract({ address: usdt, abi: TEST_TOKEN_ABI, functionName: 'balanceOf', args: [p.to] })) as bigint);
      if (got !== (p.coin === 'ETH' ? parseEther(p.receive) : parseUnits(p.receive, 6))) wrong++;
    }
    const rec = await reconcile(app.db);
    console.log(
      `sender:    ${PAYOUTS} payouts in ${sendSeconds.toFixed(2)} s: ${(PAYOUTS / sendSeconds).toFixed(1)} payouts/s (nonce, signer, record, broadcast)`,
    );
    console.log(
      `reference: ${PAYOUTS} transfers signed and broadcast by viem in ${refSeconds.toFixed(2)} s: ${(PAYOUTS / refSeconds).toFixed(1)} /s (${(sendSeconds / refSeconds).toFixed(2)}× its time)`,
    );
    console.log(
      `confirmation: mined in blocks ${mined.lo}–${mined.hi}; all ${PAYOUTS} confirmed at block ${firstAll}: ${firstAll - mined.hi + 1} blocks after the last was mined (setting ${N})`,
    );
    console.log(`recipients paid exactly: ${PAYOUTS - wrong}/${PAYOUTS}; ledger ${rec.ok ? 'reconciled' : 'NOT RECONCILED'}`);
    if (wrong > 0 || !rec.ok) process.exitCode = 1;
  } finally {
    await server.close();
    await app.close();
  }
} finally {
  await anvil.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
