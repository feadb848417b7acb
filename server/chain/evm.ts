/**
 * The EVM node as the watcher and the claims ask it (viem's public client over JSON-RPC). Every
 * call has a time limit and is retried with growing delays by the transport (viem's http: 2^n ×
 * the base delay); what still fails fails the run, which the jobs board and the network's row show,
 * and the next run starts again from the stored cursor, so an outage loses nothing.
 */
import {
  createPublicClient,
  http,
  parseAbiItem,
  TransactionNotFoundError,
  toEventSelector,
  TransactionReceiptNotFoundError,
  type PublicClient,
} from 'viem';
import type { EvmWatchConfig, Hex } from './config.ts';

export const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const TRANSFER_TOPIC = toEventSelector(TRANSFER_EVENT);
const DECIMALS_ABI = [parseAbiItem('function decimals() view returns (uint8)')] as const;
const BALANCE_OF_ABI = [parseAbiItem('function balanceOf(address owner) view returns (uint256)')] as const;

/** The most recipients named in one eth_getLogs topic filter (nodes limit a request's size). */
const RECIPIENTS_PER_CALL = 500;

export interface EvmTx {
  hash: Hex;
  from: Hex;
  to: Hex | null;
  value: bigint;
}

export interface EvmBlock {
  number: number;
  hash: Hex;
  parentHash: Hex;
  /** only when asked for (native transfers are found in them) */
  txs: EvmTx[];
}

/** One ERC-20 Transfer log. */
export interface TokenTransfer {
  txHash: Hex;
  logIndex: number;
  blockNumber: number;
  blockHash: Hex;
  token: Hex;
  from: Hex;
  to: Hex;
  value: bigint;
}

export interface EvmReceipt {
  status: 'success' | 'reverted';
  blockNumber: number;
  blockHash: Hex;
  /** every Transfer-shaped log of the transaction, whichever contract emitted it */
  transfers: TokenTransfer[];
}

export class EvmClient {
  private readonly client: PublicClient;
  private readonly decimals = new Map<string, number>();

  constructor(cfg: Pick<EvmWatchConfig, 'rpcUrl' | 'rpcTimeoutMs' | 'rpcRetries'>) {
    this.client = createPublicClient({
      transport: http(cfg.rpcUrl, {
        timeout: cfg.rpcTimeoutMs,
        retryCount: cfg.rpcRetries,
        retryDelay: 200,
        // the blocks of a range travel as one JSON-RPC batch
        batch: { batchSize: 50, wait: 0 },
      }),
      // the head must be the node's now, not a cached answer of a few seconds ago
      cacheTime: 0,
    });
  }

  async head(): Promise<number> {
    return Number(await this.client.getBlockNumber({ cacheTime: 0 }));
  }

  chainId(): Promise<number> {
    return this.client.getChainId();
  }

  /** Blocks from..to (inclusive), in order; with their transactions when `withTxs`. */
  async blocks(from: number, to: number, withTxs: boolean): Promise<EvmBlock[]> {
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => BigInt(from + i));
    const blocks = await Promise.all(
      numbers.map((blockNumber) => this.client.getBlock({ blockNumber, includeTransactions: withTxs })),
    );
    return blocks.map((b) => ({
      number: Number(b.number),
      hash: b.hash as Hex,
      parentHash: b.parentHash,
      txs: withTxs
        ? (b.transactions as Array<{ hash: Hex; from: Hex; to: Hex | null; value: bigint }>).map((t) => ({
            hash: t.hash,
            from: t.from,
            to: t.to,
            value: t.value,
          }))
        : [],
    }));
  }

  /** One block's hash and parent hash, or null when the node has no block at that height. */
  async block(n: number): Promise<{ hash: Hex; parentHash: Hex } | null> {
    try {
      const b = await this.client.getBlock({ blockNumber: BigInt(n) });
      return { hash: b.hash as Hex, parentHash: b.parentHash };
    } catch (e) {
      if ((e as { name?: string }).name === 'BlockNotFoundError') return null;
      throw e;
    }
  }

  /** One block's number, hash and time (unix seconds), for reading balances at it. */
  async blockHeader(n: number): Promise<{ number: number; hash: Hex; timestamp: number }> {
    const b = await this.client.getBlock({ blockNumber: BigInt(n) });
    return { number: Number(b.number), hash: b.hash as Hex, timestamp: Number(b.timestamp) };
  }

  /** An address's native balance (wei) at block `n`. */
  nativeBalance(address: Hex, n: number): Promise<bigint> {
    return this.client.getBalance({ address, blockNumber: BigInt(n) });
  }

  /** An address's balance of an ERC-20 token (its smallest units) at block `n`: balanceOf at that block. */
  tokenBalance(token: Hex, address: Hex, n: number): Promise<bigint> {
    return this.client.readContract({
      address: token,
      abi: BALANCE_OF_ABI,
      functionName: 'balanceOf',
      args: [address],
      blockNumber: BigInt(n),
    });
  }

  /** The token's Transfer logs to any of `recipients` in from..to: one eth_getLogs per 500 recipients. */
  async tokenTransfers(token: Hex, from: number, to: number, recipients: readonly Hex[]): Promise<TokenTransfer[]> {
    const out: TokenTransfer[] = [];
    for (let i = 0; i < recipients.length; i += RECIPIENTS_PER_CALL) {
      const logs = await this.client.getLogs({
        address: token,
        event: TRANSFER_EVENT,
        args: { to: recipients.slice(i, i + RECIPIENTS_PER_CALL) as Hex[] },
        fromBlock: BigInt(from),
        toBlock: BigInt(to),
        strict: true,
      });
      for (const l of logs) {
        out.push({
          txHash: l.transactionHash,
          logIndex: l.logIndex,
          blockNumber: Number(l.blockNumber),
          blockHash: l.blockHash,
          token: l.address,
          from: l.args.from,
          to: l.args.to,
          value: l.args.value,
        });
      }
    }
    return out.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
  }

  /** A transaction, or null when the node does not know its hash. */
  async transaction(hash: Hex): Promise<(EvmTx & { blockNumber: number | null }) | null> {
    try {
      const t = await this.client.getTransaction({ hash });
      return {
        hash: t.hash,
        from: t.from,
        to: t.to,
        value: t.value,
        blockNumber: t.blockNumber === null ? null : Number(t.blockNumber),
      };
    } catch (e) {
      if (e instanceof TransactionNotFoundError) return null;
      throw e;
    }
  }

  /** A mined transaction's outcome and Transfer logs, or null while it is not in a block. */
  async receipt(hash: Hex): Promise<EvmReceipt | null> {
    let r;
    try {
      r = await this.client.getTransactionReceipt({ hash });
    } catch (e) {
      if (e instanceof TransactionReceiptNotFoundError) return null;
      throw e;
    }
    // an ERC-20 Transfer: two indexed addresses and the value as data (ERC-721's has the id indexed instead)
    const transfers: TokenTransfer[] = r.logs
      .filter((l) => l.topics[0] === TRANSFER_TOPIC && l.topics.length === 3 && l.data.length === 66)
      .map((l) => ({
        txHash: l.transactionHash,
        logIndex: l.logIndex,
        blockNumber: Number(l.blockNumber),
        blockHash: l.blockHash,
        token: l.address,
        from: `0x${l.topics[1]!.slice(26)}` as Hex,
        to: `0x${l.topics[2]!.slice(26)}` as Hex,
        value: BigInt(l.data),
      }));
    return { status: r.status, blockNumber: Number(r.blockNumber), blockHash: r.blockHash, transfers };
  }

  /** What an address holds counting the transactions the node has not mined yet (native, or a token's). */
  async pendingBalance(address: Hex, token?: Hex): Promise<bigint> {
    if (!token) return this.client.getBalance({ address, blockTag: 'pending' });
    return this.client.readContract({
      address: token,
      abi: BALANCE_OF_ABI,
      functionName: 'balanceOf',
      args: [address],
      blockTag: 'pending',
    });
  }

  /** The next nonce of an address: its transactions mined (`latest`) or also those waiting (`pending`). */
  async nonce(address: Hex, blockTag: 'latest' | 'pending'): Promise<number> {
    return this.client.getTransactionCount({ address, blockTag });
  }

  /** EIP-1559 fees as the node suggests them now. */
  async fees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    const f = await this.client.estimateFeesPerGas({ type: 'eip1559', chain: null });
    return { maxFeePerGas: f.maxFeePerGas, maxPriorityFeePerGas: f.maxPriorityFeePerGas };
  }

  /** Hands a signed transaction to the node; one it already has is not an error. */
  async broadcast(raw: Hex): Promise<void> {
    try {
      await this.client.sendRawTransaction({ serializedTransaction: raw });
    } catch (e) {
      const msg = String((e as { details?: string }).details ?? (e as Error).message).toLowerCase();
      if (['already known', 'known transaction', 'already imported', 'nonce too low'].some((m) => msg.includes(m))) return;
      throw e;
    }
  }

  /** The token's decimals (asked once per token). */
  async tokenDecimals(token: Hex): Promise<number> {
    const known = this.decimals.get(token.toLowerCase());
    if (known !== undefined) return known;
    const d = Number(await this.client.readContract({ address: token, abi: DECIMALS_ABI, functionName: 'decimals' }));
    this.decimals.set(token.toLowerCase(), d);
    return d;
  }
}
