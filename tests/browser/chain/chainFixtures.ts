/**
 * The browser chain tests' world (tests/browser/chain/*): a real node (Anvil on a free port,
 * blocks mined only when the test says), the real service watching it with the account key's
 * public half and N confirmations, a browser, the operator's token; with `postgres`, a database
 * of the file's own (the service migrates it) and a pool on it, which the signer reads.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createWalletClient, http, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import type { Browser } from 'playwright-core';
import { openDatabase, type Database } from '../../../server/platform/db/client.ts';
import { ACCOUNT_KEY, ANVIL_KEYS, N, startAnvil, XPUB, type Anvil } from '../../setup/anvil.ts';
import { registeredCustomer, startPlatform, type Service } from '../harness.ts';
import { WIDE, widePage } from '../operatorConsole.ts';

export { ACCOUNT_KEY, N, WIDE, widePage };
/** The watcher (and the sender) run every 4 s: a step waits for a few of their runs. */
export const LIVE = { timeout: 30_000, interval: 250 };

export interface BrowserChain {
  anvil: Anvil;
  service: Service;
  browser: Browser;
  opToken: string;
  base: string;
  /** with `postgres` only */
  database: Database;
}

/** A fresh PostgreSQL database (the service migrates it when it starts). */
async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new URL(process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  const name = `b_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const query = async (q: string) => {
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    await c.query(q).finally(() => c.end());
  };
  await query(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The file's world from before its tests until after them. `env`: the service's further settings,
 * read when it starts (after the hooks declared before this call, e.g. the signer's port).
 */
export function useChainService(opts: { env?: () => Record<string, string>; postgres?: boolean } = {}): BrowserChain {
  const w = {} as BrowserChain;
  let db: { url: string; drop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    w.anvil = await startAnvil();
    if (opts.postgres) db = await createDatabase();
    Object.assign(
      w,
      await startPlatform('server/main.ts', {
        ...(db ? { DATABASE_URL: db.url } : {}),
        CHAIN_ETH_RPC_URL: w.anvil.url,
        CHAIN_ETH_XPUB: XPUB,
        CHAIN_ETH_CONFIRMATIONS: String(N),
        CHAIN_ETH_START_BLOCK: '0',
        ...opts.env?.(),
      }),
    );
    w.base = w.service.url;
    if (db) w.database = await openDatabase({ databaseUrl: db.url, poolSize: 2 });
  });
  afterAll(async () => {
    await w.browser?.close();
    await w.service?.stop();
    await w.database?.close();
    await db?.drop();
    await w.anvil?.stop();
  });
  return w;
}

export const PASSWORD = 'Secret-pass-123';
/** A new customer (registered with an e-mail code) for the test named `prefix`, with PASSWORD. */
export const newCustomer = (w: BrowserChain, prefix: string) =>
  registeredCustomer(w.base, `${prefix}${Date.now().toString(36)}`, PASSWORD);

/** ETH from one of Anvil's funded accounts, waiting in the pool until a block is mined. */
export function sendEth(w: BrowserChain, to: string, amount: string, from: number): Promise<Hex> {
  const wallet = createWalletClient({
    account: privateKeyToAccount(ANVIL_KEYS[from]),
    chain: foundry,
    transport: http(w.anvil.url),
  });
  return wallet.sendTransaction({ to: to as Hex, value: parseEther(amount) });
}

/** A real-book call as the app makes it (`virtually: YES`; absent is the demo book): its result. */
export async function realCall<T>(w: BrowserChain, path: string, token: string, body?: object): Promise<T> {
  const r = await fetch(`${w.service.url}/swx/customer/user/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { Authorization: token, virtually: 'YES', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const res = (await r.json()) as { code: number; msg: string; result: T };
  // 20003: a withdrawal's submission
  if (res.code !== 200 && res.code !== 20003) throw new Error(`${path} answered ${res.code}: ${res.msg}`);
  return res.result;
}

/** The customer's own address on the chain for `coin` (asked for, as the deposit screen does). */
export async function ownAddress(w: BrowserChain, token: string, coin = 'ETH'): Promise<Hex> {
  const own = await realCall<{ rows: Array<{ coin: string; address: string }> }>(w, 'chainAddresses', token);
  return own.rows.find((r) => r.coin === coin)!.address as Hex;
}
