/**
 * What the chain domain reads from the environment (README, "Configuration"; CHAIN_ENV, composed
 * into the one schema by server/config.ts). Without CHAIN_ETH_RPC_URL no network is watched and
 * deposits stay claims with a proof, reviewed by operators, exactly as before.
 */
import { HDKey } from '@scure/bip32';
import { Type } from 'typebox';
import { ConfigError, configFragment, decimal, int, secret, url, type EnvOf } from '../platform/env.ts';

export type Hex = `0x${string}`;

/** One watched EVM network: where its node is and how the watcher walks it. */
export interface EvmWatchConfig {
  /** the contract's network name deposits on it carry */
  network: 'ERC20';
  /** the node's JSON-RPC endpoint (CHAIN_ETH_RPC_URL) */
  rpcUrl: string;
  /** blocks a deposit's block needs on top of it, its own included, before it is credited (CHAIN_ETH_CONFIRMATIONS) */
  confirmations: number;
  /** account-level extended public key (m/44'/60'/0'): customer addresses are its children 0/i (CHAIN_ETH_XPUB) */
  xpub: string;
  /** the USDT token's contract (CHAIN_USDT_ERC20_CONTRACT); absent, only native ETH is watched */
  usdtContract?: Hex;
  /** where a new watcher starts (CHAIN_ETH_START_BLOCK); absent, at the node's head */
  startBlock?: number;
  /** blocks asked for in one range (one eth_getLogs, one batch of blocks) */
  rangeBlocks: number;
  /** ranges one run may process before it lets the next run go on (catching up after downtime) */
  rangesPerRun: number;
  /** how often the watcher asks the node for new blocks */
  tickMs: number;
  /** one JSON-RPC call's limit, and how often a failed call is retried (with growing delays) */
  rpcTimeoutMs: number;
  rpcRetries: number;
  /** processed block hashes kept for finding a common ancestor (at least 4 × confirmations) */
  keepBlocks: number;
  /** the platform's own wallets (CHAIN_ETH_HOT_WALLETS): a payout typed by an operator must come from one */
  hotWallets: Hex[];
  /** an explorer's page of a transaction, `{hash}` replaced (CHAIN_ETH_EXPLORER_TX_URL); absent, no link */
  explorerTxUrl?: string;
  /** the separate signer (CHAIN_ETH_SIGNER_URL, CHAIN_ETH_SIGNER_TOKEN); absent, the platform pays nothing itself */
  signer?: { url: string; token: string };
  /** a payout not mined after this long is replaced with the same nonce and higher fees (CHAIN_ETH_PAYOUT_STUCK_SECONDS) */
  stuckMs: number;
  /**
   * what a deposit address must hold before its coin is swept to the hot wallet, in whole units
   * (CHAIN_ETH_SWEEP_MIN_ETH, CHAIN_USDT_ERC20_SWEEP_MIN); a coin without one is not swept
   */
  sweepMin: { ETH?: string; USDT?: string };
  /**
   * the most the hot wallet is meant to hold per coin, in whole units (CHAIN_ETH_HOT_WALLET_CAP,
   * CHAIN_USDT_ERC20_HOT_WALLET_CAP): sweeps stop topping it up above this, and what exceeds it stays
   * on the deposit addresses until payouts make room; a coin without one has no cap
   */
  hotCap: { ETH?: string; USDT?: string };
}

/** Every watched network; none when CHAIN_ETH_RPC_URL is unset. */
export interface ChainConfig {
  eth?: EvmWatchConfig;
}

declare module '../platform/config.ts' {
  interface Config {
    /** Watched chains (CHAIN_*, server/chain/config.ts); none without CHAIN_ETH_RPC_URL. */
    chain: ChainConfig;
  }
}

/** The variables the chain domain reads (README, "Configuration"). */
export const CHAIN_ENV = {
  // a node provider's URL carries its API key; the xpub tells every customer's address: both secret
  CHAIN_ETH_RPC_URL: secret(
    url(['http', 'https'], 'Ethereum JSON-RPC node to watch; unset, ETH and USDT-ERC20 deposits stay claims'),
  ),
  CHAIN_ETH_CONFIRMATIONS: int(1, 1000, 12, 'confirmations before an Ethereum deposit is credited'),
  CHAIN_ETH_XPUB: secret(
    Type.Optional(
      Type.String({
        pattern: '^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$',
        description: 'account-level extended public key customer deposit addresses are derived from',
        hint: 'an extended public key (xpub…)',
      }),
    ),
  ),
  CHAIN_USDT_ERC20_CONTRACT: Type.Optional(
    Type.String({
      pattern: '^0x[0-9a-fA-F]{40}$',
      description: 'the USDT token contract on Ethereum; unset, only native ETH is watched',
      hint: 'a 0x-prefixed address of 40 hex digits',
    }),
  ),
  CHAIN_ETH_START_BLOCK: int(0, Number.MAX_SAFE_INTEGER, undefined, 'where a new Ethereum watcher starts (default: the head)'),
  CHAIN_ETH_HOT_WALLETS: Type.Optional(
    Type.String({
      pattern: '^0x[0-9a-fA-F]{40}(,0x[0-9a-fA-F]{40})*$',
      description: 'the platform wallets Ethereum payouts come from (an operator-typed payout hash must be sent by one)',
      hint: 'comma-separated 0x-prefixed addresses of 40 hex digits',
    }),
  ),
  CHAIN_ETH_SIGNER_URL: url(
    ['http', 'https'],
    'the separate signer (npm run signer) on a private address; unset, the platform pays no withdrawal itself',
  ),
  CHAIN_ETH_SIGNER_TOKEN: secret(
    Type.Optional(Type.String({ minLength: 32, maxLength: 200, description: 'the token the signer asks of every request' })),
  ),
  CHAIN_ETH_PAYOUT_STUCK_SECONDS: int(30, 86_400, 600, 'a payout not mined after this long is replaced with higher fees'),
  CHAIN_ETH_SWEEP_MIN_ETH: decimal(
    'a deposit address holding this much ETH (after the gas) is swept to the hot wallet by the signer; unset, ETH is not swept',
  ),
  CHAIN_USDT_ERC20_SWEEP_MIN: decimal(
    'a deposit address holding this much USDT-ERC20 is swept to the hot wallet (its gas sent first); unset, USDT is not swept',
  ),
  CHAIN_ETH_HOT_WALLET_CAP: decimal(
    'the most ETH the hot wallet is meant to hold: sweeps stop there and the rest stays on the deposit addresses; unset, no cap',
  ),
  CHAIN_USDT_ERC20_HOT_WALLET_CAP: decimal(
    'the most USDT-ERC20 the hot wallet is meant to hold: sweeps stop there and the rest stays on the deposit addresses; unset, no cap',
  ),
  CHAIN_ETH_EXPLORER_TX_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^\\s]*\\{hash\\}[^\\s]*$',
      description: "an explorer's transaction page, {hash} replaced by the payout's hash (shown with a payout)",
      hint: 'an http(s) URL with {hash}, e.g. https://etherscan.io/tx/{hash}',
    }),
  ),
};
type ChainEnv = EnvOf<typeof CHAIN_ENV>;

/** Watch-only by construction: a private extended key is refused, not merely unused. */
export function checkXpub(xpub: string): void {
  const key = HDKey.fromExtendedKey(xpub);
  if (key.privateKey) throw new Error('a private key');
}

/** The chain settings, checked: the RPC URL without an xpub (or one that does not parse) stops the start. */
export function chainConfig(e: ChainEnv, over: Partial<EvmWatchConfig> = {}): ChainConfig {
  if (!e.CHAIN_ETH_RPC_URL) return {};
  if (!e.CHAIN_ETH_XPUB) {
    throw new ConfigError([{ name: 'CHAIN_ETH_XPUB', message: 'is required when CHAIN_ETH_RPC_URL is set' }]);
  }
  try {
    checkXpub(e.CHAIN_ETH_XPUB);
  } catch {
    throw new ConfigError([{ name: 'CHAIN_ETH_XPUB', message: 'must be an extended public key (xpub…)' }]);
  }
  if (e.CHAIN_ETH_SIGNER_URL && !e.CHAIN_ETH_SIGNER_TOKEN) {
    throw new ConfigError([{ name: 'CHAIN_ETH_SIGNER_TOKEN', message: 'is required when CHAIN_ETH_SIGNER_URL is set' }]);
  }
  const confirmations = e.CHAIN_ETH_CONFIRMATIONS ?? 12;
  return {
    eth: {
      network: 'ERC20',
      rpcUrl: e.CHAIN_ETH_RPC_URL,
      confirmations,
      xpub: e.CHAIN_ETH_XPUB,
      usdtContract: e.CHAIN_USDT_ERC20_CONTRACT as Hex | undefined,
      startBlock: e.CHAIN_ETH_START_BLOCK,
      // a provider answers a batch of 25 full blocks comfortably; 40 ranges a run catch up 1,000 blocks
      rangeBlocks: 25,
      rangesPerRun: 40,
      tickMs: 4000,
      rpcTimeoutMs: 10_000,
      rpcRetries: 3,
      keepBlocks: Math.max(256, 4 * confirmations),
      hotWallets: (e.CHAIN_ETH_HOT_WALLETS ?? '')
        .split(',')
        .filter(Boolean)
        .map((a) => a.toLowerCase() as Hex),
      explorerTxUrl: e.CHAIN_ETH_EXPLORER_TX_URL,
      signer: e.CHAIN_ETH_SIGNER_URL ? { url: e.CHAIN_ETH_SIGNER_URL, token: e.CHAIN_ETH_SIGNER_TOKEN! } : undefined,
      stuckMs: (e.CHAIN_ETH_PAYOUT_STUCK_SECONDS ?? 600) * 1000,
      sweepMin: { ETH: e.CHAIN_ETH_SWEEP_MIN_ETH, USDT: e.CHAIN_USDT_ERC20_SWEEP_MIN },
      hotCap: { ETH: e.CHAIN_ETH_HOT_WALLET_CAP, USDT: e.CHAIN_USDT_ERC20_HOT_WALLET_CAP },
      ...over,
    },
  };
}

/** The chain's fragment of the configuration (its manifest's `config`). */
export const chainConfigFragment = configFragment(CHAIN_ENV, (e) => ({ chain: chainConfig(e) }));
