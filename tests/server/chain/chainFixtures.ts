/**
 * The chain tests' world: an Anvil node, a test token, an extended public key whose private side
 * only the tests hold, and a platform watching that node (tests/server/chain/*.test.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { beforeAll, afterAll, expect } from 'vitest';
import { createWalletClient, createPublicClient, getAddress, http, parseEther, parseUnits, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { chainConfig, type EvmWatchConfig } from '../../../server/chain/config.ts';
import { chainDeposits, chainPayouts, chainSweeps } from '../../../server/chain/schema.ts';
import { ledgerTransfers } from '../../../server/platform/ledger/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { ACCOUNT_KEY, ANVIL_KEYS, N, rpc, startAnvil, XPUB, type Anvil } from '../../setup/anvil.ts';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from './testToken.ts';
import { openDatabase, type Database } from '../../../server/platform/db/client.ts';
import { body, createTestDatabase, useTestApp, type TestApp } from '../helpers.ts';
import { jobRows, productionEnv, REDIS_URL, waitFor } from '../productionFixtures.ts';
import { startInstance, type Instance } from '../processFixtures.ts';
import { startRpcProxy, type RpcProxy } from './rpcProxy.ts';
import { HOT, SIGNER_TOKEN, useSignerPort } from './signerFixtures.ts';
import { Ok } from '../../../src/contract/errors.ts';
import { ADDR, adminCall, createUser, fund, real, type TestUser } from '../wallet/walletFixtures.ts';
import type { Config } from '../../../server/config.ts';

export { ACCOUNT_KEY, N, XPUB };

export interface ChainWorld {
  anvil: Anvil;
  /** the USDT stand-in (6 decimals) */
  usdt: Hex;
  /** another token with the same Transfer event: not ours */
  fake: Hex;
  send: Sender;
}

/** Transactions from Anvil's funded accounts, waiting in the pool until a block is mined. */
export class Sender {
  private readonly clients;
  readonly pub;
  constructor(readonly url: string) {
    this.clients = ANVIL_KEYS.map((k) =>
      createWalletClient({ account: privateKeyToAccount(k), chain: foundry, transport: http(url) }),
    );
    this.pub = createPublicClient({ chain: foundry, transport: http(url) });
  }
  eth(to: string, amount: string, from = 0): Promise<Hex> {
    return this.clients[from].sendTransaction({ to: to as Hex, value: parseEther(amount) });
  }
  token(token: Hex, to: string, amount: string, opts: { from?: number; gas?: bigint } = {}): Promise<Hex> {
    return this.clients[opts.from ?? 0].writeContract({
      address: token,
      abi: TEST_TOKEN_ABI,
      functionName: 'transfer',
      args: [to as Hex, parseUnits(amount, 6)],
      // a transfer meant to revert is sent without asking the node to estimate it (which would refuse)
      ...(opts.gas ? { gas: opts.gas } : {}),
    });
  }
  async deploy(name: string, mine: () => Promise<void>): Promise<Hex> {
    const hash = await this.clients[0].deployContract({
      abi: TEST_TOKEN_ABI,
      bytecode: TEST_TOKEN_BYTECODE,
      args: [name, name, parseUnits('1000000000', 6)],
    });
    await mine();
    const r = await this.pub.getTransactionReceipt({ hash });
    return getAddress(r.contractAddress!);
  }
}

/**
 * Starts Anvil (blocks on demand) and deploys the two tokens before the app is built; stops it after.
 * Declare it before `useTestApp(() => watching(world))`.
 */
export function useChainWorld(): ChainWorld {
  const world = {} as ChainWorld;
  beforeAll(async () => {
    world.anvil = await startAnvil();
    world.send = new Sender(world.anvil.url);
    const mine = () => world.anvil.mine(1);
    world.usdt = await world.send.deploy('USDT', mine);
    world.fake = await world.send.deploy('USDT', mine);
  });
  afterAll(async () => {
    await world.anvil?.stop();
  });
  return world;
}

/** The platform's chain settings for the world's node (or `rpcUrl`), from block 0, N confirmations. */
export function watching(world: ChainWorld, over: Partial<EvmWatchConfig> & { rpcUrl?: string } = {}) {
  const { rpcUrl, ...rest } = over;
  return {
    chain: chainConfig(
      {
        CHAIN_ETH_RPC_URL: rpcUrl ?? world.anvil.url,
        CHAIN_ETH_XPUB: XPUB,
        CHAIN_ETH_CONFIRMATIONS: N,
        CHAIN_USDT_ERC20_CONTRACT: world.usdt,
        CHAIN_ETH_START_BLOCK: 0,
      },
      { rpcTimeoutMs: 3000, rpcRetries: 1, ...rest },
    ),
  };
}

/** The user's own address on ERC20 (made by asking for it, as the deposit screen does). */
export async function addressOf(app: FastifyInstance, u: TestUser): Promise<string> {
  const res = body(await app.inject({ url: '/swx/customer/user/chainAddresses', headers: real(u) }));
  return res.result.rows.find((r: { coin: string }) => r.coin === 'ETH').address as string;
}

/** The user's chain deposits as the API shows them. */
export async function chainDepositsOf(app: FastifyInstance, u: TestUser) {
  const res = body(await app.inject({ url: '/swx/customer/user/chainDeposits', headers: real(u) }));
  return res.result.rows as Array<{
    id: string;
    coin: string;
    status: string;
    amount: string;
    confirmations: number;
    required: number;
    txHash: string;
    minAmount: string | null;
  }>;
}

/** The user's available real balance of a coin, as the ledger holds it. */
export async function available(app: FastifyInstance, u: TestUser, coin: string): Promise<string> {
  const res = body(await app.inject({ url: '/swx/customer/user/balances', headers: real(u) }));
  return res.result.assets.find((a: { asset: string }) => a.asset === coin)?.available ?? '0';
}

/** Rows a refusal must not write: chain deposits, claims, transfers and notifications. */
export async function chainCounts(app: FastifyInstance) {
  const n = async (q: Promise<Array<{ n: number }>>) => Number((await q)[0].n);
  return {
    chainDeposits: await n(app.db.select({ n: sql<number>`count(*)` }).from(chainDeposits)),
    deposits: Number(
      ((await app.db.execute(sql`select count(*)::int as n from deposits`)) as unknown as { rows: Array<{ n: number }> }).rows[0]
        .n,
    ),
    transfers: await n(app.db.select({ n: sql<number>`count(*)` }).from(ledgerTransfers)),
    notifications: await n(app.db.select({ n: sql<number>`count(*)` }).from(notifications)),
  };
}

/** Ledger transfers of chain credits for one deposit key prefix. */
export async function creditsOf(app: FastifyInstance, txHash: string): Promise<number> {
  const rows = await app.db
    .select({ n: sql<number>`count(*)` })
    .from(ledgerTransfers)
    .where(sql`${ledgerTransfers.idempotencyKey} like ${`chain:%:${txHash.toLowerCase()}:%`}`);
  return Number(rows[0].n);
}

export async function expectReconciled(app: FastifyInstance): Promise<void> {
  const r = await reconcile(app.db);
  if (!r.ok) throw new Error(`ledger not reconciled: ${JSON.stringify(r)}`);
}

/** The deposit row of a transaction. */
export async function depositRows(app: FastifyInstance, txHash: string) {
  return app.db.select().from(chainDeposits).where(eq(chainDeposits.txHash, txHash.toLowerCase()));
}

/** anvil_reorg: the last `depth` blocks replaced by empty ones (their transactions gone). */
export const reorg = (world: ChainWorld, depth: number) => rpc(world.anvil.url, 'anvil_reorg', [depth, []]);

/** A fresh Ethereum address nobody holds. */
export const newAddress = () => `0x${crypto.randomBytes(20).toString('hex')}` as Hex;

/** A new customer, funded, asks to withdraw `amount` of `coin` (to a fresh address unless `to`); its id, address and receive amount. */
export async function submitWithdrawal(app: FastifyInstance, coin: 'ETH' | 'USDT' | 'BTC', amount: string, to?: string) {
  const u = await createUser(app);
  await fund(app, u.id, coin, amount);
  const address = to ?? (coin === 'BTC' ? ADDR.BTC_BECH32 : newAddress());
  const method = coin === 'BTC' ? 'BTC-BTC' : `${coin}-ERC20`;
  const res = body(
    await app.inject({
      method: 'POST',
      url: '/swx/customer/user/withdrawal',
      headers: real(u),
      payload: { method, address, amount },
    }),
  );
  expect(res.code).toBe(Ok.WITHDRAWAL_SUBMITTED);
  return { u, id: res.result.id as string, address, receive: res.result.receiveAmount as string };
}

/** The user's events as published on the bus, from now on. */
export function eventsOf(app: FastifyInstance, u: TestUser) {
  const events: Array<{ kind: string; params: Record<string, unknown> }> = [];
  app.bus.subscribe(`user:${u.id}`, (m) => events.push(m as (typeof events)[number]));
  return events;
}

/**
 * A test app watching the chain world's node (the watcher run by hand, `watch`), with the reads
 * above bound to it. `proxied`: the platform talks to the node through an RPC proxy the test can
 * take away; `over`: chain settings and the rest of the app's configuration, read when it is built.
 */
export function useWatchingApp(
  opts: { proxied?: boolean; chain?: () => Partial<EvmWatchConfig>; config?: Partial<Config> } = {},
) {
  const world = useChainWorld();
  const c = { world } as { world: ChainWorld; proxy: RpcProxy };
  if (opts.proxied) {
    beforeAll(async () => {
      c.proxy = await startRpcProxy(world.anvil.url);
    });
    afterAll(async () => {
      await c.proxy?.close();
    });
  }
  const t: TestApp = useTestApp(() => ({
    ...watching(world, { ...(c.proxy ? { rpcUrl: c.proxy.url } : {}), ...opts.chain?.() }),
    ...opts.config,
  }));
  return Object.assign(c, {
    t,
    watch: () => t.app.chain.watchOnce(),
    mine: (n = 1) => world.anvil.mine(n),
    eventsOf: (u: TestUser) => eventsOf(t.app, u),
    addressOf: (u: TestUser) => addressOf(t.app, u),
    available: (u: TestUser, coin: string) => available(t.app, u, coin),
    chainDepositsOf: (u: TestUser) => chainDepositsOf(t.app, u),
    creditsOf: (txHash: string) => creditsOf(t.app, txHash),
    depositRows: (txHash: string) => depositRows(t.app, txHash),
    expectReconciled: () => expectReconciled(t.app),
  });
}

/**
 * useWatchingApp with the signer (the test's account key, to sweep) and the hot wallet: sweeps
 * run by hand (`sweep`), and what the sweep tests read of them.
 */
export function useSweepingApp(chain: Partial<EvmWatchConfig>) {
  const signer = useSignerPort();
  const c = useWatchingApp({
    chain: () => ({ signer: { url: signer.url, token: SIGNER_TOKEN }, hotWallets: [HOT.toLowerCase() as Hex], ...chain }),
  });
  const { world, t } = c;
  beforeAll(async () => {
    await signer.start(t.app.db, { usdtContract: world.usdt, sweepKey: ACCOUNT_KEY });
  });
  return Object.assign(c, {
    signer,
    sweep: async () => (await t.app.chain.sweepOnce())[0],
    usdtOf: (a: string) =>
      world.send.pub.readContract({
        address: world.usdt,
        abi: TEST_TOKEN_ABI,
        functionName: 'balanceOf',
        args: [a as Hex],
      }) as Promise<bigint>,
    sweepsOf: (address: string) => t.app.db.select().from(chainSweeps).where(eq(chainSweeps.address, address)),
    /** A customer whose deposit of `amount` `coin` has been credited (N confirmations, the watcher's run). */
    credited: async (coin: 'ETH' | 'USDT', amount: string, u?: TestUser) => {
      u ??= await createUser(t.app);
      const address = await addressOf(t.app, u);
      if (coin === 'ETH') await world.send.eth(address, amount);
      else await world.send.token(world.usdt, address, amount);
      await world.anvil.mine(N);
      await t.app.chain.watchOnce();
      const rows = await chainDepositsOf(t.app, u);
      expect(rows.length > 0 && rows.every((r) => r.status === 'credited')).toBe(true);
      return { u, address };
    },
  });
}

/** An approved withdrawal (submitWithdrawal, then `op`'s approval): queued for the sender. */
export async function approvedWithdrawal(app: FastifyInstance, op: TestUser, coin: 'ETH' | 'USDT', amount: string) {
  const w = await submitWithdrawal(app, coin, amount);
  const approved = await adminCall(app, op, 'POST', `/withdrawals/${w.id}/approve`, {});
  expect(approved.result.status).toBe('queued');
  // an Ethereum address here (submitWithdrawal also makes bech32 ones)
  return { ...w, address: w.address as Hex };
}

/** The customer's withdrawal record `id` as their list shows it. */
export async function withdrawalRecord(app: FastifyInstance, u: TestUser, id: string) {
  const res = body(await app.inject({ url: '/swx/customer/user/listWithdrwal', headers: real(u) }));
  return res.result.rows.find((r: { id: string }) => r.id === id);
}

/** The withdrawal's payouts on chain, as the sender recorded them. */
export const payoutsOf = (app: FastifyInstance, id: string) =>
  app.db
    .select()
    .from(chainPayouts)
    .where(eq(chainPayouts.withdrawalId, BigInt(id)));

export interface ChainInstances {
  world: ChainWorld;
  signer: ReturnType<typeof useSignerPort>;
  db: Awaited<ReturnType<typeof createTestDatabase>>;
  database: Database;
  /** a client of its own reading the job table */
  watcher: pg.Client;
  proxy: RpcProxy;
  /** An instance (`label`: its data folder too) watching the node through the proxy, paying through the signer. */
  start: (label: string, extra?: Record<string, string>) => Promise<Instance>;
  /** Waits until `i` leads the leader job `job`. */
  untilLeads: (i: Instance, job: string) => Promise<unknown>;
  /** The one of `among` leading `job`, once one does. */
  leaderOf: (job: string, among: Instance[]) => Promise<Instance>;
}

/** The instance holds the leader job (its holder is `<host>:<pid>:…`). */
const leads = (i: Instance, job: string, jobs: Record<string, string | null>) =>
  jobs[job]?.startsWith(`${os.hostname()}:${i.child.pid}:`) ?? false;

/**
 * The chain on instances as `npm start` runs them (NODE_ENV=production processes, one PostgreSQL,
 * one Redis), the signer beside them: the chain world, the signer's port, a database of the
 * file's own, an RPC proxy in front of the node and a data folder. Every instance started is
 * killed and waited for after the file's tests, then the rest is stopped.
 */
export function useChainInstances(name: string): ChainInstances {
  const world = useChainWorld();
  const signer = useSignerPort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tp-${name}-`));
  const started: Instance[] = [];
  const x = { world, signer } as ChainInstances;
  beforeAll(async () => {
    x.db = await createTestDatabase();
    x.database = await openDatabase({ databaseUrl: x.db.url, poolSize: 4 });
    x.watcher = new pg.Client({ connectionString: x.db.url });
    await x.watcher.connect();
    x.proxy = await startRpcProxy(world.anvil.url);
  });
  afterAll(async () => {
    for (const i of started) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
    await Promise.all(started.map((i) => i.exited));
    await x.proxy?.close();
    await x.watcher?.end();
    await x.database?.close();
    await x.db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  x.start = async (label, extra = {}) => {
    const env = {
      ...productionEnv(x.db.url, 300),
      REDIS_URL,
      CHAIN_ETH_RPC_URL: x.proxy.url,
      CHAIN_ETH_XPUB: XPUB,
      CHAIN_ETH_CONFIRMATIONS: String(N),
      CHAIN_USDT_ERC20_CONTRACT: world.usdt,
      CHAIN_ETH_START_BLOCK: '0',
      CHAIN_ETH_SIGNER_URL: signer.url,
      CHAIN_ETH_SIGNER_TOKEN: SIGNER_TOKEN,
      CHAIN_ETH_HOT_WALLETS: HOT,
      ...extra,
    };
    const i = await startInstance(label, env, path.join(dataDir, label.replace(/\W+/g, '-')));
    started.push(i);
    return i;
  };
  x.untilLeads = (i, job) => waitFor(`${i.name} leads ${job}`, async () => leads(i, job, await jobRows(x.watcher)), 20_000);
  x.leaderOf = (job, among) =>
    waitFor(
      `one instance leads ${job}`,
      async () => {
        const jobs = await jobRows(x.watcher);
        return among.find((i) => leads(i, job, jobs));
      },
      20_000,
    );
  return x;
}
