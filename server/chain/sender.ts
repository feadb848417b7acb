/**
 * The platform paying approved withdrawals itself (docs/wallet.md, "Payouts on the chain"): the
 * leader job `chain-payouts` (one instance across all) runs this for each watched network with a
 * signer. Per withdrawal queued by its approval:
 *
 * 1. the hot wallet must hold the whole receive amount (and the gas) counting what the node has
 *    not mined yet, else the withdrawal waits whole (`waitingFunds`) until it does: never a part;
 * 2. a nonce is taken from `chain_nonces` under its row's lock, in the transaction that records the
 *    payout with it (`chain_payouts`, unique per withdrawal and per nonce): before anything is
 *    signed, so two instances never take one nonce twice and a crash leaves a payout to resume,
 *    never a nonce skipped;
 * 3. the signer signs it (it reads the approvals itself), the signed transaction is recorded, then
 *    handed to the node with EIP-1559 fees the node suggests, and the withdrawal is `sent`;
 * 4. a payout the node has not mined after `stuckMs` (platform clock) is signed again with the same
 *    nonce and fees 25 % higher and broadcast: whichever of them is mined, it pays once.
 *
 * The confirmations are then counted like every sent payout's (server/chain/payoutTracking.ts).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { parseUnits } from 'viem';
import Decimal from 'decimal.js';
import { NATIVE_TRANSFER_GAS, TOKEN_TRANSFER_GAS } from '../platform/chainGas.ts';
import type { Hex } from './config.ts';
import { explorerLink } from './payoutCheck.ts';
import type { PayoutBook, QueuedPayout } from './payoutBook.ts';
import { HotWalletJob } from './hotWalletJob.ts';
import { withNextNonce } from './nonces.ts';
import { chainPayouts, chainPayoutTxs, type ChainPayoutRow } from './schema.ts';

/** a replacement's fees over the last ones (the node wants at least 10 %) */
const BUMP_PERCENT = 125n;

export interface SendResult {
  sent: number;
  replaced: number;
  waiting: number;
}

export class PayoutSender extends HotWalletJob {
  async run(book: PayoutBook): Promise<SendResult> {
    const from = (await this.signer.from()).toLowerCase() as Hex;
    const result = { sent: 0, replaced: 0, waiting: 0 };
    // a payout whose nonce was taken but that did not reach the node (a crash, a refusal) goes first
    for (const p of await this.unfinished(from)) {
      await this.finish(book, p);
      result.sent++;
    }
    for (const q of await book.queuedPayouts(this.network)) {
      const [known] = await this.deps.db.select().from(chainPayouts).where(eq(chainPayouts.withdrawalId, q.id));
      if (known) {
        // recorded and broadcast before a crash, but the withdrawal was not moved yet
        if (known.state === 'broadcast') await this.tellSent(book, known);
        continue;
      }
      if (!(await this.affordable(from, q))) {
        await book.payoutWaiting(q.id, true);
        result.waiting++;
        continue;
      }
      const p = await this.allocate(from, q.id);
      if (!p) continue;
      await this.finish(book, p);
      result.sent++;
    }
    result.replaced = await this.replaceStuck(book, from);
    return result;
  }

  /** The payouts of one hot wallet on this network, in `state`. */
  private ofWallet(from: Hex, state: SQL) {
    return this.deps.db
      .select()
      .from(chainPayouts)
      .where(and(eq(chainPayouts.network, this.network), eq(chainPayouts.fromAddress, from), state));
  }

  private unfinished(from: Hex): Promise<ChainPayoutRow[]> {
    return this.ofWallet(from, inArray(chainPayouts.state, ['allocated', 'signed'])).orderBy(chainPayouts.nonce);
  }

  /** Whether the hot wallet holds the whole amount and the gas, counting transactions not mined yet. */
  private async affordable(from: Hex, q: QueuedPayout): Promise<boolean> {
    const { evm, cfg } = this.w;
    const fees = await evm.fees();
    const eth = await evm.pendingBalance(from);
    if (q.coin === 'ETH') return eth >= parseUnits(exact(q.receiveAmount, 18), 18) + NATIVE_TRANSFER_GAS * fees.maxFeePerGas;
    if (!cfg.usdtContract || eth < TOKEN_TRANSFER_GAS * fees.maxFeePerGas) return false;
    const decimals = await evm.tokenDecimals(cfg.usdtContract);
    return (await evm.pendingBalance(from, cfg.usdtContract)) >= parseUnits(exact(q.receiveAmount, decimals), decimals);
  }

  /** Takes the wallet's next nonce and records the payout with it, in one transaction; undefined when another run has it. */
  private async allocate(from: Hex, withdrawalId: bigint): Promise<ChainPayoutRow | undefined> {
    // the node's count covers transactions sent from this wallet by anything else
    const onNode = await this.w.evm.nonce(from, 'pending');
    return this.deps.db.transaction(async (tx) => {
      let p: ChainPayoutRow | undefined;
      await withNextNonce(tx, this.network, from, onNode, async (nonce) => {
        [p] = await tx
          .insert(chainPayouts)
          .values({ withdrawalId, network: this.network, fromAddress: from, nonce, createdAt: this.deps.clock.date() })
          .onConflictDoNothing({ target: chainPayouts.withdrawalId })
          .returning();
        return p !== undefined;
      });
      return p;
    });
  }

  /** Signs (again, with its fees if it has some), records, broadcasts, and moves the withdrawal to sent. */
  private async finish(book: PayoutBook, p: ChainPayoutRow): Promise<void> {
    let raw: Hex;
    let txHash: Hex;
    const [last] = await this.deps.db
      .select()
      .from(chainPayoutTxs)
      .where(eq(chainPayoutTxs.payoutId, p.id))
      .orderBy(sql`${chainPayoutTxs.createdAt} desc`)
      .limit(1);
    if (p.state === 'signed' && last) {
      raw = last.raw as Hex;
      txHash = last.txHash as Hex;
    } else {
      const fees = p.maxFeePerGas
        ? { maxFeePerGas: BigInt(p.maxFeePerGas), maxPriorityFeePerGas: BigInt(p.maxPriorityFeePerGas!) }
        : await this.w.evm.fees();
      ({ raw, txHash } = await this.signAndRecord(p, fees, 'signed'));
    }
    await this.w.evm.broadcast(raw);
    const [after] = await this.deps.db
      .update(chainPayouts)
      .set({ state: 'broadcast', broadcastAt: this.deps.clock.date() })
      .where(eq(chainPayouts.id, p.id))
      .returning();
    this.deps.log.info({ withdrawalId: p.withdrawalId.toString(), nonce: p.nonce, txHash }, 'payout broadcast');
    await this.tellSent(book, after);
  }

  private async signAndRecord(
    p: ChainPayoutRow,
    fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
    state: 'signed' | 'broadcast',
  ): Promise<{ raw: Hex; txHash: Hex }> {
    const signed = await this.signer.sign({ withdrawalId: p.withdrawalId, nonce: p.nonce, ...fees, gas: TOKEN_TRANSFER_GAS });
    await this.deps.db.transaction(async (tx) => {
      await tx
        .insert(chainPayoutTxs)
        .values({
          txHash: signed.txHash.toLowerCase(),
          payoutId: p.id,
          raw: signed.raw,
          maxFeePerGas: fees.maxFeePerGas.toString(),
          createdAt: this.deps.clock.date(),
        })
        .onConflictDoNothing();
      await tx
        .update(chainPayouts)
        .set({
          state,
          maxFeePerGas: fees.maxFeePerGas.toString(),
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
        })
        .where(eq(chainPayouts.id, p.id));
    });
    return { raw: signed.raw, txHash: signed.txHash.toLowerCase() as Hex };
  }

  private async tellSent(book: PayoutBook, p: ChainPayoutRow): Promise<void> {
    const [last] = await this.deps.db
      .select({ txHash: chainPayoutTxs.txHash })
      .from(chainPayoutTxs)
      .where(eq(chainPayoutTxs.payoutId, p.id))
      .orderBy(sql`${chainPayoutTxs.createdAt} desc, ${chainPayoutTxs.maxFeePerGas}::numeric desc`)
      .limit(1);
    if (!last) return;
    await book.payoutBroadcast(p.withdrawalId, {
      txHash: last.txHash,
      link: explorerLink(this.w, last.txHash),
      required: this.w.cfg.confirmations,
    });
  }

  /** Payouts broadcast longer than `stuckMs` ago that no block holds: the same nonce, higher fees. */
  private async replaceStuck(book: PayoutBook, from: Hex): Promise<number> {
    const before = new Date(this.deps.clock.now() - this.w.cfg.stuckMs);
    const stuck = await this.ofWallet(
      from,
      and(eq(chainPayouts.state, 'broadcast'), sql`${chainPayouts.broadcastAt} < ${before}`)!,
    );
    let replaced = 0;
    for (const p of stuck) {
      const hashes = await this.deps.db.select().from(chainPayoutTxs).where(eq(chainPayoutTxs.payoutId, p.id));
      const receipts = await Promise.all(hashes.map((h) => this.w.evm.receipt(h.txHash as Hex)));
      if (receipts.some((r) => r !== null)) continue;
      // the nonce is spent by something else than ours (mined): nothing of ours can be mined any more
      if ((await this.w.evm.nonce(from, 'latest')) > p.nonce) continue;
      const now = await this.w.evm.fees();
      const bump = (old: string | null, node: bigint) => {
        const raised = (BigInt(old ?? '0') * BUMP_PERCENT + 99n) / 100n;
        return raised > node ? raised : node;
      };
      const fees = {
        maxFeePerGas: bump(p.maxFeePerGas, now.maxFeePerGas),
        maxPriorityFeePerGas: bump(p.maxPriorityFeePerGas, now.maxPriorityFeePerGas),
      };
      if (fees.maxPriorityFeePerGas > fees.maxFeePerGas) fees.maxFeePerGas = fees.maxPriorityFeePerGas;
      const { raw, txHash } = await this.signAndRecord(p, fees, 'broadcast');
      await this.w.evm.broadcast(raw);
      const [after] = await this.deps.db
        .update(chainPayouts)
        .set({ broadcastAt: this.deps.clock.date(), replacements: p.replacements + 1 })
        .where(eq(chainPayouts.id, p.id))
        .returning();
      this.deps.log.warn({ withdrawalId: p.withdrawalId.toString(), nonce: p.nonce, txHash }, 'stuck payout replaced');
      await this.tellSent(book, after);
      replaced++;
    }
    return replaced;
  }

  /** Every transaction signed for a withdrawal's payout (the tracking looks for whichever was mined). */
  async hashesOf(withdrawalId: bigint): Promise<string[]> {
    const rows = await this.deps.db
      .select({ txHash: chainPayoutTxs.txHash })
      .from(chainPayoutTxs)
      .innerJoin(chainPayouts, eq(chainPayouts.id, chainPayoutTxs.payoutId))
      .where(eq(chainPayouts.withdrawalId, withdrawalId));
    return rows.map((r) => r.txHash);
  }
}

/** The amount at a token's decimals, cut: the asset's precision is never finer than the chain's. */
const exact = (amount: string, decimals: number) => new Decimal(amount).toFixed(decimals, Decimal.ROUND_DOWN);
