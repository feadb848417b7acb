/**
 * The chain tests' world: an Anvil node, a test token, an extended public key whose private side
 * only the tests hold, and a platform watching that node (tests/server/chain/*.test.ts).
 */
import crypto from 'node:crypto';
import { beforeAll, afterAll, expect } from 'vitest';
import { HDKey } from '@scure/bip32';
import { createWalletClient, createPublicClient, getAddress, http, parseEther, parseUnits, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { chainConfig, type EvmWatchConfig } from '../../../server/chain/config.ts';
import { chainDeposits } from '../../../server/chain/schema.ts';
import { ledgerTransfers } from '../../../server/platform/ledger/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { startAnvil, ANVIL_KEYS, rpc, type Anvil } from '../../setup/anvil.ts';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from './testToken.ts';
import { body } from '../helpers.ts';
import { Ok } from '../../../src/contract/errors.ts';
import { ADDR, createUser, fund, real, type TestUser } from '../wallet/walletFixtures.ts';

/** The tests' account key (BIP-44 m/44'/60'/0' of a fixed seed): the service gets only its public half. */
export const ACCOUNT_KEY = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive("m/44'/60'/0'");
export const XPUB = ACCOUNT_KEY.publicExtendedKey;
/** Confirmations in these tests: small, so that N and N − 1 are a few blocks. */
export const N = 3;

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
