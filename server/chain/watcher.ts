/**
 * The block watcher of one EVM network (docs/wallet.md, "Deposits from the chain"), run by the
 * leader job `chain-watcher`. Each run follows the chain from the stored cursor in bounded ranges:
 * it checks that each range hangs on the last processed block (its parent hash) and on itself, finds
 * native ETH in the blocks' transactions and token Transfer logs with one eth_getLogs filtered by
 * the customers' addresses, and records them, the blocks' hashes and the new cursor in one
 * transaction. A range that does not hang on the stored block is a reorganisation: it walks back to
 * the common ancestor and forgets what the dropped blocks showed. A run that fails (the node down,
 * timing out, the chain moving under it) writes nothing of that range; the next one starts again
 * from the cursor, so a restart or an outage misses nothing and doubles nothing.
 */
import { and, desc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Asset } from '../../src/contract/constants.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import { AddressBook } from './addresses.ts';
import type { Hex } from './config.ts';
import {
  creditDue,
  dropOrphans,
  forgetAbove,
  raiseIncident,
  recordFound,
  tellProgress,
  type Found,
  type Where,
} from './credit.ts';
import type { ChainDeps, Watched } from './deps.ts';
import type { EvmBlock } from './evm.ts';
import { chainBlocks, chainNetworks, type ChainNetworkRow } from './schema.ts';

/** The chain moved while a range was being read (a block's parent or a log's block differs): read it again. */
class ChainMoved extends Error {}

export interface WatchResult {
  network: string;
  head: number;
  lastBlock: number;
  found: number;
  reorgs: number;
  credited: number;
  /** payouts whose confirmations moved (server/chain/payoutTracking.ts) */
  payoutsMoved?: number;
}

const ETH_DECIMALS = 18;

export class NetworkWatcher {
  readonly book: AddressBook;

  constructor(
    private readonly deps: ChainDeps,
    private readonly w: Watched,
  ) {
    this.book = new AddressBook(w.cfg.network);
  }

  private get network() {
    return this.w.cfg.network;
  }

  /** The network's row, or null before the watcher's first run. */
  async state(db: DbOrTx = this.deps.db): Promise<ChainNetworkRow | null> {
    const [row] = await db.select().from(chainNetworks).where(eq(chainNetworks.network, this.network));
    return row ?? null;
  }

  /** One run: catch up (at most `rangesPerRun` ranges), credit what is confirmed, tell the counts. */
  async run(): Promise<WatchResult> {
    try {
      return await this.follow();
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      await this.deps.db
        .update(chainNetworks)
        .set({ lastError: message, lastErrorAt: this.deps.clock.date() })
        .where(eq(chainNetworks.network, this.network))
        .catch(() => {});
      throw err;
    }
  }

  private async follow(): Promise<WatchResult> {
    const { cfg, evm } = this.w;
    // the head before the addresses: an address made after this read was handed out after the head
    // was read, so a transfer to it lands in a later block, which a later run reads with it
    const head = await evm.head();
    await this.book.refresh(this.deps.db);
    let state = await this.start(head);
    let found = 0;
    let reorgs = 0;
    // the tip itself replaced (a reorganisation that has not grown the chain yet): seen now, not a block later
    if (state.lastHash && state.lastBlock <= head) {
      const tip = await evm.block(state.lastBlock);
      if (tip && tip.hash.toLowerCase() !== state.lastHash) {
        state = await this.reorganise(state);
        reorgs++;
      }
    }
    for (let r = 0; r < cfg.rangesPerRun && state.lastBlock < head; r++) {
      const from = state.lastBlock + 1;
      const to = Math.min(head, state.lastBlock + cfg.rangeBlocks);
      const blocks = await evm.blocks(from, to, true);
      if (state.lastHash && blocks[0].parentHash.toLowerCase() !== state.lastHash) {
        state = await this.reorganise(state);
        reorgs++;
        continue;
      }
      for (let i = 1; i < blocks.length; i++) {
        if (blocks[i].parentHash !== blocks[i - 1].hash) throw new ChainMoved(`the chain moved under block ${blocks[i].number}`);
      }
      const transfers = await this.transfersIn(blocks);
      state = await this.commitRange(state, blocks, transfers);
      found += transfers.length;
    }
    const where = this.where(state);
    const credited = await creditDue(this.deps, where);
    await tellProgress(this.deps, where);
    await this.deps.db
      .update(chainNetworks)
      .set({ head, headAt: this.deps.clock.date(), lastError: null, lastErrorAt: null })
      .where(eq(chainNetworks.network, this.network));
    return { network: this.network, head, lastBlock: state.lastBlock, found, reorgs, credited };
  }

  where(state: Pick<ChainNetworkRow, 'chainId' | 'lastBlock'>): Where {
    return { network: this.network, chainId: state.chainId, required: this.w.cfg.confirmations, lastBlock: state.lastBlock };
  }

  /** The stored cursor; on the first run, one just below the start block (CHAIN_ETH_START_BLOCK, else the head). */
  private async start(head: number): Promise<ChainNetworkRow> {
    const chainId = await this.w.evm.chainId();
    const known = await this.state();
    if (known) {
      // a node on another chain would credit transfers that never happened on ours
      if (known.chainId !== chainId) throw new Error(`the node is on chain ${chainId}, the watcher on ${known.chainId}`);
      return known;
    }
    const first = this.w.cfg.startBlock ?? head;
    const below = first > 0 ? await this.w.evm.block(first - 1) : null;
    const now = this.deps.clock.date();
    await this.deps.db.transaction(async (tx) => {
      await tx
        .insert(chainNetworks)
        .values({
          network: this.network,
          chainId,
          lastBlock: first - 1,
          lastHash: below?.hash.toLowerCase() ?? null,
          updatedAt: now,
        })
        .onConflictDoNothing();
      if (below) {
        await tx
          .insert(chainBlocks)
          .values({
            network: this.network,
            number: first - 1,
            hash: below.hash.toLowerCase(),
            parentHash: below.parentHash.toLowerCase(),
          })
          .onConflictDoNothing();
      }
    });
    return (await this.state())!;
  }

  /** Native ETH to a customer in these blocks (successful transactions only) and the token's Transfer logs to one. */
  private async transfersIn(blocks: EvmBlock[]): Promise<Found[]> {
    const { cfg, evm } = this.w;
    const hashAt = new Map(blocks.map((b) => [b.number, b.hash]));
    const out: Found[] = [];
    const native = blocks.flatMap((b) =>
      b.txs.flatMap((t) => {
        const owner = this.book.owner(t.to);
        // the platform's own wallets send deposit addresses gas for sweeps: never a customer's deposit
        const ours = t.from !== null && this.w.cfg.hotWallets.includes(t.from.toLowerCase() as Hex);
        return owner && t.value > 0n && !ours ? [{ b, t, owner }] : [];
      }),
    );
    // a reverted transaction keeps its value: only the receipt says whether it moved (asked together: one batch)
    const receipts = await Promise.all(native.map(({ t }) => evm.receipt(t.hash)));
    native.forEach(({ b, t, owner }, i) => {
      const receipt = receipts[i];
      if (!receipt || receipt.blockHash !== b.hash) throw new ChainMoved(`transaction ${t.hash} moved`);
      if (receipt.status === 'success')
        out.push({ ...this.found('ETH', t.hash, -1, b, t.from, t.to!, t.value, ETH_DECIMALS), owner });
    });
    const recipients = this.book.all();
    if (cfg.usdtContract && recipients.length > 0) {
      const decimals = await evm.tokenDecimals(cfg.usdtContract);
      const from = blocks[0].number;
      const logs = await evm.tokenTransfers(cfg.usdtContract, from, blocks[blocks.length - 1].number, recipients);
      for (const l of logs) {
        if (hashAt.get(l.blockNumber) !== l.blockHash) throw new ChainMoved(`log of block ${l.blockNumber} moved`);
        const owner = this.book.owner(l.to);
        if (!owner || l.value <= 0n) continue;
        const b = blocks[l.blockNumber - from];
        out.push({ ...this.found('USDT', l.txHash, l.logIndex, b, l.from, l.to, l.value, decimals), owner });
      }
    }
    return out;
  }

  private found(
    coin: Asset,
    txHash: Hex,
    logIndex: number,
    b: EvmBlock,
    from: Hex,
    to: Hex,
    amountRaw: bigint,
    decimals: number,
  ) {
    return { coin, txHash, logIndex, blockNumber: b.number, blockHash: b.hash, from, to, amountRaw, decimals };
  }

  /** The range's deposits, its blocks' hashes and the new cursor, in one transaction, if the cursor is still where this run found it. */
  private async commitRange(state: ChainNetworkRow, blocks: EvmBlock[], transfers: Found[]): Promise<ChainNetworkRow> {
    const last = blocks[blocks.length - 1];
    const events = new PendingEvents();
    const now = this.deps.clock.date();
    const next = await this.deps.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(chainNetworks).where(eq(chainNetworks.network, this.network)).for('update');
      if (locked.lastBlock !== state.lastBlock) throw new ChainMoved('another watcher moved the cursor');
      await tx
        .insert(chainBlocks)
        .values(
          blocks.map((b) => ({
            network: this.network,
            number: b.number,
            hash: b.hash.toLowerCase(),
            parentHash: b.parentHash.toLowerCase(),
          })),
        )
        .onConflictDoUpdate({
          target: [chainBlocks.network, chainBlocks.number],
          // a height left over from a walk back that stopped half way: the block now there wins
          set: { hash: sql`excluded.hash`, parentHash: sql`excluded.parent_hash` },
        });
      const where = this.where({ chainId: state.chainId, lastBlock: last.number });
      for (const f of transfers) await recordFound(tx, f, where, 'watcher', events, now);
      await dropOrphans(tx, where, new Map(blocks.map((b) => [b.number, b.hash.toLowerCase()])), events, now);
      const [row] = await tx
        .update(chainNetworks)
        .set({ lastBlock: last.number, lastHash: last.hash.toLowerCase(), updatedAt: now })
        .where(eq(chainNetworks.network, this.network))
        .returning();
      await tx
        .delete(chainBlocks)
        .where(and(eq(chainBlocks.network, this.network), lt(chainBlocks.number, last.number - this.w.cfg.keepBlocks)));
      return row;
    });
    await events.publish(this.deps);
    return next;
  }

  /**
   * The chain no longer holds the last processed block: walk the kept hashes down to the highest
   * one the node still has (the common ancestor), forget everything above it and set the cursor
   * there. Deeper than the kept history: an incident, and the watcher stops until operators look.
   */
  private async reorganise(state: ChainNetworkRow): Promise<ChainNetworkRow> {
    const kept = await this.deps.db
      .select()
      .from(chainBlocks)
      .where(and(eq(chainBlocks.network, this.network), lte(chainBlocks.number, state.lastBlock)))
      .orderBy(desc(chainBlocks.number));
    let ancestor: { number: number; hash: string } | undefined;
    for (const b of kept) {
      const now = await this.w.evm.block(b.number);
      if (now && now.hash.toLowerCase() === b.hash) {
        ancestor = b;
        break;
      }
    }
    const now = this.deps.clock.date();
    if (!ancestor) {
      await raiseIncident(
        this.deps.db,
        { network: this.network, kind: 'history_exhausted', depositId: null, blockNumber: state.lastBlock },
        { kept: kept.length, lowest: kept.at(-1)?.number ?? null },
        now,
      );
      throw new Error(`reorganisation deeper than the ${kept.length} kept blocks below ${state.lastBlock}: see the incidents`);
    }
    const events = new PendingEvents();
    const found = ancestor;
    const next = await this.deps.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(chainNetworks).where(eq(chainNetworks.network, this.network)).for('update');
      if (locked.lastBlock !== state.lastBlock) throw new ChainMoved('another watcher moved the cursor');
      await forgetAbove(tx, this.where(state), found.number, events, now);
      await tx.delete(chainBlocks).where(and(eq(chainBlocks.network, this.network), gt(chainBlocks.number, found.number)));
      const [row] = await tx
        .update(chainNetworks)
        .set({ lastBlock: found.number, lastHash: found.hash, updatedAt: now })
        .where(eq(chainNetworks.network, this.network))
        .returning();
      return row;
    });
    this.deps.log.warn({ network: this.network, from: state.lastBlock, ancestor: found.number }, 'chain reorganised');
    await events.publish(this.deps);
    return next;
  }
}
