/**
 * A real Ethereum node for the chain tests (server and browser): Foundry's Anvil, whose binary ships inside the npm
 * package @foundry-rs/anvil (its platform package, @foundry-rs/anvil-linux-amd64 here), so it runs
 * offline; nothing is downloaded at run time. Each test file starts its own on a free loopback
 * port and stops it; readiness is polled (`web3_clientVersion`), never slept for.
 *
 * Blocks are mined on demand by default (`--no-mining`): a test says exactly how many blocks pass
 * (`mine`), so "N − 1 confirmations" is a fact, not a race.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { HDKey } from '@scure/bip32';

/** The chain id every test node answers with (Anvil's own default, written out). */
export const TEST_CHAIN_ID = 31337;

/** Anvil's development accounts (its default mnemonic): well-known keys, funded with 10,000 ETH each. */
export const ANVIL_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
] as const;

/**
 * The chain tests' account key (BIP-44 m/44'/60'/0' of a fixed seed): the service gets only its
 * public half, the signer its private one (to sweep); the tests derive the customers' keys from it.
 */
export const ACCOUNT_KEY = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive("m/44'/60'/0'");
export const XPUB = ACCOUNT_KEY.publicExtendedKey;
/** Confirmations in the chain tests: small, so that N and N − 1 are a few blocks. */
export const N = 3;

/** The binary inside the platform package, else the package's own launcher. */
function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  try {
    const pkg = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
    const bin = path.join(path.dirname(pkg), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
    if (fs.existsSync(bin)) return bin;
  } catch {
    // fall through to the launcher
  }
  return path.join(path.dirname(require.resolve('@foundry-rs/anvil/package.json')), 'bin.mjs');
}

/** A loopback port nobody listens on at this moment. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** One JSON-RPC call (the tests' own client for what viem does not wrap, such as anvil_reorg). */
export async function rpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

export interface Anvil {
  url: string;
  port: number;
  /** Mines `n` blocks at once (anvil_mine). */
  mine(n?: number): Promise<void>;
  /** The current head's number. */
  head(): Promise<number>;
  stop(): Promise<void>;
}

export interface AnvilOptions {
  /** Mine a block per transaction (Anvil's default) instead of only when told. */
  automine?: boolean;
  /** Extra arguments. */
  args?: string[];
}

/** Starts Anvil on a free loopback port and waits until it answers. */
export async function startAnvil(opts: AnvilOptions = {}): Promise<Anvil> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(TEST_CHAIN_ID), '--silent'];
  if (!opts.automine) args.push('--no-mining');
  args.push(...(opts.args ?? []));
  const bin = anvilBinary();
  const child: ChildProcess = bin.endsWith('.mjs')
    ? spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    : spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));

  // ready when it answers web3_clientVersion: polled, bounded
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (exited) throw new Error(`anvil exited before answering: ${stderr}`);
    try {
      const v = await rpc<string>(url, 'web3_clientVersion');
      if (v.startsWith('anvil')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`anvil did not answer within 15 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }

  return {
    url,
    port,
    mine: async (n = 1) => {
      await rpc(url, 'anvil_mine', [`0x${n.toString(16)}`]);
    },
    head: async () => Number(BigInt(await rpc<string>(url, 'eth_blockNumber'))),
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
