/**
 * Reserves read from the chain (docs/ledger.md, "Reserves"): the balances of the platform's
 * recorded wallets on the watched Ethereum network, read from its node at one block, native ETH
 * and the USDT token's balanceOf. The block is the newest the watcher counts as confirmed
 * (head − confirmations + 1), the same one deposits are credited up to, so a reading is one
 * moment of the chain that a reorganisation does not take back, beside the liabilities' moment.
 */
import { getAddress } from 'viem';
import type { EvmWatchConfig, Hex } from './config.ts';
import { unitsToAmount } from './credit.ts';
import { EvmClient } from './evm.ts';

const ETH_DECIMALS = 18;

/** A recorded wallet the proof domain asks about: its asset and address on the ERC20 network. */
export interface WalletToRead {
  asset: 'ETH' | 'USDT';
  address: string;
}

export interface BalancesAtBlock {
  network: 'ERC20';
  chainId: number;
  block: number;
  blockHash: Hex;
  blockTime: Date;
  /** each wallet read, its balance at the asset's precision (rounded toward zero) */
  wallets: Array<{ asset: 'ETH' | 'USDT'; address: string; amount: string }>;
}

/**
 * The wallets' balances at the newest confirmed block. A USDT wallet is read only when the token's
 * contract is configured (CHAIN_USDT_ERC20_CONTRACT); without it, it is left out.
 */
export async function balancesAtBlock(cfg: EvmWatchConfig, wallets: readonly WalletToRead[]): Promise<BalancesAtBlock> {
  const node = new EvmClient(cfg);
  const block = Math.max(0, (await node.head()) - cfg.confirmations + 1);
  const [header, chainId] = await Promise.all([node.blockHeader(block), node.chainId()]);
  const token = cfg.usdtContract;
  const readable = wallets.filter((w) => w.asset === 'ETH' || (w.asset === 'USDT' && token));
  const decimals = token && readable.some((w) => w.asset === 'USDT') ? await node.tokenDecimals(token) : 0;
  const read = await Promise.all(
    readable.map(async (w) => {
      const address = getAddress(w.address);
      const amount =
        w.asset === 'ETH'
          ? unitsToAmount(await node.nativeBalance(address, block), ETH_DECIMALS, 'ETH')
          : unitsToAmount(await node.tokenBalance(token!, address, block), decimals, 'USDT');
      return { asset: w.asset, address: w.address, amount };
    }),
  );
  return {
    network: 'ERC20',
    chainId,
    block,
    blockHash: header.hash,
    blockTime: new Date(header.timestamp * 1000),
    wallets: read,
  };
}
