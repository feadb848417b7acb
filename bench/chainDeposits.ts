/**
 * Chain deposits benchmark (npm run bench:chain). Not part of the test suite; a local Anvil only.
 *
 * 1,000 deposits (3 USDT and 2 ETH a block, to 200 customers' own addresses) over 200 blocks of a
 * fresh Anvil, then N more blocks; the platform (embedded PGlite, or PostgreSQL with
 * BENCH_DATABASE_URL) follows them with its watcher (`app.chain.watchOnce`, the leader job's run)
 * until it is at the head and everything is credited. Prints the blocks per second processed
 * (recorded and credited) beside the node's own rate for the same work: `eth_getLogs` over the
 * same range with the same recipients, and the range's blocks with their transactions.
 * Checks that every deposit was credited exactly once and that the ledger reconciles.
 *
 * Env: BENCH_BLOCKS (default 200), BENCH_PER_BLOCK (default 5), BENCH_DATABASE_URL.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { HDKey } from '@scure/bip32';
import { createPublicClient, http, parseEther, parseUnits, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import { loadConfig } from '../server/config.ts';
import { chainConfig } from '../server/chain/config.ts';
import { TRANSFER_EVENT } from '../server/chain/evm.ts';
import { users } from '../server/platform/identity/schema.ts';
import { reconcile } from '../server/platform/ledger/reconcile.ts';
import { createPlatform } from '../server/start.ts';
import { startAnvil } from '../tests/setup/anvil.ts';
import { TEST_TOKEN_ABI } from '../tests/server/chain/testToken.ts';
import { deployUsdt } from './benchChain.ts';

const BLOCKS = Math.min(2000, Number(process.env.BENCH_BLOCKS ?? 200));
const PER_BLOCK = Math.min(50, Number(process.env.BENCH_PER_BLOCK ?? 5));
const CUSTOMERS = 200;
const N = 12;

const anvil = await startAnvil();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chain-'));
try {
  const { wallet, pub, usdt } = await deployUsdt(anvil);
  const start = (await anvil.head()) + 1;

  const xpub = HDKey.fromMasterSeed(crypto.randomBytes(32)).derive("m/44'/60'/0'").publicExtendedKey;
  const config = loadConfig(
    { LOG_LEVEL: 'silent', ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}) },
    {
      dataDir,
      staticDir: undefined,
      engines: false,
      chain: chainConfig({
        CHAIN_ETH_RPC_URL: anvil.url,
        CHAIN_ETH_XPUB: xpub,
        CHAIN_ETH_CONFIRMATIONS: N,
        CHAIN_USDT_ERC20_CONTRACT: usdt,
        CHAIN_ETH_START_BLOCK: start,
      }),
    },
  );
  const app = await createPlatform(config, { memoryDb: true, logger: false });
  try {
    const tag = crypto.randomBytes(3).toString('hex');
    const ids = (
      await app.db
        .insert(users)
        .values(
          Array.from({ length: CUSTOMERS }, (_, i) => ({
            username: `bench_${tag}_${i}`,
            inviteCode: `C${tag}${i}`.toUpperCase(),
          })),
        )
        .returning({ id: users.id })
    ).map((r) => r.id);
    const addresses: Hex[] = [];
    for (const id of ids) addresses.push((await app.chain.addresses(id)).rows[0].address as Hex);

    // the deposits: PER_BLOCK a block, USDT and ETH by turns, to the customers in turn
    const t0 = performance.now();
    let n = 0;
    for (let b = 0; b < BLOCKS; b++) {
      for (let i = 0; i < PER_BLOCK; i++, n++) {
        const to = addresses[n % CUSTOMERS];
        if (i % 5 < 3) {
          await wallet.writeContract({
            address: usdt,
            abi: TEST_TOKEN_ABI,
            functionName: 'transfer',
            args: [to, parseUnits('150', 6)],
          });
        } else {
          await wallet.sendTransaction({ to, value: parseEther('0.5') });
        }
      }
      await anvil.mine(1);
    }
    await anvil.mine(N);
    const head = await anvil.head();
    console.log(`${n} deposits sent in ${BLOCKS} blocks (${((performance.now() - t0) / 1000).toFixed(1)} s), head ${head}`);

    // the watcher, run after run, until it is at the head
    const w0 = performance.now();
    let runs = 0;
    for (;;) {
      runs++;
      const [r] = await app.chain.watchOnce();
      if (r.lastBlock >= head) break;
    }
    const seconds = (performance.now() - w0) / 1000;
    const processed = head - start + 1;

    // the node's own rate for the same reads
    const g0 = performance.now();
    const ROUNDS = 10;
    for (let i = 0; i < ROUNDS; i++) {
      for (let j = 0; j < addresses.length; j += 500) {
        await pub.getLogs({
          address: usdt,
          event: TRANSFER_EVENT,
          args: { to: addresses.slice(j, j + 500) },
          fromBlock: BigInt(start),
          toBlock: BigInt(head),
        });
      }
    }
    const logsPerSecond = (ROUNDS * processed) / ((performance.now() - g0) / 1000);
    const b0 = performance.now();
    const batch = createPublicClient({ chain: foundry, transport: http(anvil.url, { batch: { batchSize: 100, wait: 0 } }) });
    await Promise.all(
      Array.from({ length: processed }, (_, i) => batch.getBlock({ blockNumber: BigInt(start + i), includeTransactions: true })),
    );
    const blocksPerSecond = processed / ((performance.now() - b0) / 1000);

    const rows = (await app.db.execute(sql`
      select count(*)::int as deposits, count(*) filter (where status = 'credited')::int as credited,
        (select count(*)::int from ledger_transfers where idempotency_key like 'chain:%') as credits,
        (select count(distinct idempotency_key)::int from ledger_transfers where idempotency_key like 'chain:%') as keys
      from chain_deposits`)) as unknown as { rows: Array<{ deposits: number; credited: number; credits: number; keys: number }> };
    const c = rows.rows[0];
    const rec = await reconcile(app.db);
    console.log(
      `watcher: ${processed} blocks in ${seconds.toFixed(2)} s over ${runs} runs: ${(processed / seconds).toFixed(1)} blocks/s, ${(n / seconds).toFixed(1)} deposits/s (recorded and credited)`,
    );
    console.log(
      `node:    eth_getLogs over the range ${logsPerSecond.toFixed(0)} blocks/s; blocks with transactions (one batch) ${blocksPerSecond.toFixed(0)} blocks/s`,
    );
    console.log(
      `deposits ${c.deposits}, credited ${c.credited}, ledger credits ${c.credits} (${c.keys} keys); ledger ${rec.ok ? 'reconciled' : 'NOT RECONCILED'}`,
    );
    if (c.deposits !== n || c.credited !== n || c.credits !== n || !rec.ok) {
      console.error('FAILED: every deposit must be credited exactly once');
      process.exitCode = 1;
    }
  } finally {
    await app.close();
  }
} finally {
  await anvil.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
