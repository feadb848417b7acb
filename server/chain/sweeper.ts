/**
 * Sweeps (docs/wallet.md, "Sweeps"): the leader job `chain-sweeps` collects what customers' deposit
 * addresses hold to the hot wallet, through the separate signer, once a coin reaches its threshold.
 * A sweep moves coins between the platform's own addresses on chain and writes no ledger transfer:
 * the customer was credited when the deposit confirmed, and the platform's holdings (on /proof) are
 * the same before and after.
 *
 * - A token sweep first needs gas on the address: the hot wallet sends exactly one token
 *   transfer's gas (its nonce taken from `chain_nonces` like a payout's, in the transaction that
 *   records it), and the sweep waits (`fueling`) until that is mined. The hot wallet is one of
 *   CHAIN_ETH_HOT_WALLETS, whose native transfers the watcher never reads as deposits.
 * - The address's own nonce is the node's count: only the signer signs for it, and one sweep per
 *   address is open at a time (a unique index), so two never share one.
 * - Every step is recorded before the next: signed transactions keep their raw bytes and are
 *   broadcast again after a crash, so a run resumes whatever the last one left.
 * - A coin with a hot-wallet cap (CHAIN_*_HOT_WALLET_CAP) is swept only up to the room under it
 *   (the cap less what the hot wallet holds, pending included, and what open sweeps still bring):
 *   what exceeds it stays on the deposit address, which is read again on the runs that follow (not
 *   stamped as read) until payouts have made room.
 */
import Decimal from 'decimal.js';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { parseUnits } from 'viem';
import { NATIVE_TRANSFER_GAS, TOKEN_TRANSFER_GAS } from '../platform/chainGas.ts';
import type { Hex } from './config.ts';
import type { ChainDeps } from './deps.ts';
import { HotWalletJob } from './hotWalletJob.ts';
import { withNextNonce } from './nonces.ts';
import { chainAddresses, chainSweeps, type ChainSweepRow } from './schema.ts';

/** addresses read per run: a long list is walked over several runs, oldest read first */
const ADDRESSES_PER_RUN = 50;
const OPEN = ['fueling', 'sending', 'sent'] as const;

export interface SweepResult {
  started: number;
  moved: number;
  confirmed: number;
}

const units = (amount: string, decimals: number) =>
  parseUnits(new Decimal(amount).toFixed(decimals, Decimal.ROUND_DOWN), decimals);

export class Sweeper extends HotWalletJob {
  /** Whether any coin of the network has a threshold: the job has work. */
  get sweeps(): boolean {
    const m = this.w.cfg.sweepMin;
    return Boolean(m.ETH || (m.USDT && this.w.cfg.usdtContract));
  }

  async run(): Promise<SweepResult> {
    const result = { started: 0, moved: 0, confirmed: 0 };
    if (!this.sweeps) return result;
    const hot = (await this.signer.from()).toLowerCase() as Hex;
    if (!this.w.cfg.hotWallets.includes(hot)) {
      // its gas to a deposit address would otherwise read as the customer's deposit
      throw new Error(`sweeps need the signer's wallet ${hot} in CHAIN_ETH_HOT_WALLETS`);
    }
    for (const s of await this.open()) await this.advance(s, hot, result);
    const room = await this.room(hot);
    // every coin with a threshold is at its cap: reading the addresses would move nothing
    if (!this.coins().some((c) => room[c] === undefined || room[c] >= this.minOf(c))) return result;
    for (const a of await this.candidates()) {
      const s = await this.start(a, hot, room);
      if (s) {
        result.started++;
        room[s.coin] = room[s.coin] === undefined ? undefined : room[s.coin]! - BigInt(s.amountRaw);
        await this.advance(s, hot, result);
      }
    }
    return result;
  }

  /** The coins of the network that have a sweep threshold. */
  private coins(): Array<'ETH' | 'USDT'> {
    const m = this.w.cfg.sweepMin;
    return [...(m.USDT && this.w.cfg.usdtContract ? (['USDT'] as const) : []), ...(m.ETH ? (['ETH'] as const) : [])];
  }

  private decimals = new Map<string, number>();
  private async decimalsOf(coin: 'ETH' | 'USDT'): Promise<number> {
    if (coin === 'ETH') return 18;
    let d = this.decimals.get(coin);
    if (d === undefined) this.decimals.set(coin, (d = await this.w.evm.tokenDecimals(this.w.cfg.usdtContract!)));
    return d;
  }

  /** A coin's threshold in its chain units (read after `room`, which learns the token's decimals). */
  private minOf(coin: 'ETH' | 'USDT'): bigint {
    return units(this.w.cfg.sweepMin[coin]!, coin === 'ETH' ? 18 : this.decimals.get(coin)!);
  }

  /**
   * Per capped coin, how much more the hot wallet may receive: its cap less what it holds (the
   * node's pending balance) and less what open sweeps not broadcast yet will bring. Undefined: no cap.
   */
  private async room(hot: Hex): Promise<Partial<Record<'ETH' | 'USDT', bigint>>> {
    const room: Partial<Record<'ETH' | 'USDT', bigint>> = {};
    for (const coin of this.coins()) {
      const decimals = await this.decimalsOf(coin);
      const cap = this.w.cfg.hotCap[coin];
      if (!cap) continue;
      const held = await this.w.evm.pendingBalance(hot, coin === 'ETH' ? undefined : this.w.cfg.usdtContract);
      const [coming] = await this.deps.db
        .select({ raw: sql<string>`coalesce(sum(${chainSweeps.amountRaw}::numeric), 0)::text` })
        .from(chainSweeps)
        .where(
          and(
            eq(chainSweeps.network, this.network),
            eq(chainSweeps.coin, coin),
            inArray(chainSweeps.state, ['fueling', 'sending']),
          ),
        );
      const left = units(cap, decimals) - held - BigInt(coming.raw);
      room[coin] = left > 0n ? left : 0n;
    }
    return room;
  }

  private open(): Promise<ChainSweepRow[]> {
    return this.deps.db
      .select()
      .from(chainSweeps)
      .where(and(eq(chainSweeps.network, this.network), inArray(chainSweeps.state, [...OPEN])))
      .orderBy(asc(chainSweeps.id));
  }

  /** Addresses credited since they were last read, without an open sweep, least recently read first. */
  private candidates() {
    const a = chainAddresses;
    return this.deps.db
      .select({ id: a.id, address: a.address })
      .from(a)
      .where(
        and(
          eq(a.network, this.network),
          sql`exists (select 1 from chain_deposits d where d.network = ${a.network} and lower(d.to_address) = ${a.addressKey}
            and d.status = 'credited' and (${a.sweepCheckedAt} is null or d.credited_at > ${a.sweepCheckedAt}))`,
          sql`not exists (select 1 from chain_sweeps s where s.address_id = ${a.id} and s.state in ('fueling', 'sending', 'sent'))`,
        ),
      )
      .orderBy(sql`${a.sweepCheckedAt} asc nulls first`, asc(a.id))
      .limit(ADDRESSES_PER_RUN);
  }

  /**
   * Reads what the address holds and opens a sweep when a coin is over its threshold, for at most the
   * room under the coin's cap; an address held back by a cap is not stamped as read, so it is read
   * again once there is room.
   */
  private async start(
    a: { id: bigint; address: string },
    hot: Hex,
    room: Partial<Record<'ETH' | 'USDT', bigint>>,
  ): Promise<ChainSweepRow | undefined> {
    const { evm, cfg } = this.w;
    const address = a.address as Hex;
    const fees = await evm.fees();
    const eth = await evm.pendingBalance(address);
    const now = this.deps.clock.date();
    let plan: { coin: 'ETH' | 'USDT'; amountRaw: bigint; fuel: boolean } | undefined;
    let capped = false;
    /** what of `held` fits under the coin's cap, when that is still at least the threshold */
    const fits = (coin: 'ETH' | 'USDT', held: bigint): bigint | undefined => {
      const min = this.minOf(coin);
      if (held <= 0n || held < min) return undefined;
      const r = room[coin];
      const amount = r === undefined || r > held ? held : r;
      // what the cap keeps on the address is read again on a later run, not at the next credit
      if (amount < held) capped = true;
      return amount >= min && amount > 0n ? amount : undefined;
    };
    if (cfg.sweepMin.USDT && cfg.usdtContract) {
      const amount = fits('USDT', await evm.pendingBalance(address, cfg.usdtContract));
      if (amount !== undefined) plan = { coin: 'USDT', amountRaw: amount, fuel: eth < TOKEN_TRANSFER_GAS * fees.maxFeePerGas };
    }
    if (!plan && cfg.sweepMin.ETH) {
      const amount = fits('ETH', eth - NATIVE_TRANSFER_GAS * fees.maxFeePerGas);
      if (amount !== undefined) plan = { coin: 'ETH', amountRaw: amount, fuel: false };
    }
    return this.deps.db.transaction(async (tx) => {
      if (!capped) await tx.update(chainAddresses).set({ sweepCheckedAt: now }).where(eq(chainAddresses.id, a.id));
      if (!plan) return undefined;
      const values = {
        network: this.network,
        addressId: a.id,
        address: a.address,
        coin: plan.coin,
        amountRaw: plan.amountRaw.toString(),
        toAddress: hot,
        maxFeePerGas: fees.maxFeePerGas.toString(),
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
        createdAt: now,
      };
      if (!plan.fuel) {
        const nonce = await evm.nonce(address, 'pending');
        const [s] = await tx
          .insert(chainSweeps)
          .values({ ...values, state: 'sending', nonce })
          .onConflictDoNothing()
          .returning();
        return s;
      }
      let s: ChainSweepRow | undefined;
      await withNextNonce(tx, this.network, hot, await evm.nonce(hot, 'pending'), async (fuelNonce) => {
        [s] = await tx
          .insert(chainSweeps)
          .values({ ...values, state: 'fueling', fuelNonce })
          .onConflictDoNothing()
          .returning();
        return s !== undefined;
      });
      return s;
    });
  }

  private feesOf(s: ChainSweepRow) {
    return { maxFeePerGas: BigInt(s.maxFeePerGas!), maxPriorityFeePerGas: BigInt(s.maxPriorityFeePerGas!) };
  }

  private set(s: ChainSweepRow, change: Partial<ChainSweepRow>): Promise<ChainSweepRow> {
    return this.deps.db
      .update(chainSweeps)
      .set(change)
      .where(eq(chainSweeps.id, s.id))
      .returning()
      .then(([r]) => r);
  }

  /** One step or more of an open sweep, each recorded before the next. */
  private async advance(start: ChainSweepRow, hot: Hex, result: SweepResult): Promise<void> {
    const { evm } = this.w;
    let s = start;
    if (s.state === 'fueling') {
      if (!s.fuelTxHash) {
        const signed = await this.signer.sweepAct('fuel', { sweepId: s.id, nonce: s.fuelNonce!, ...this.feesOf(s) });
        s = await this.set(s, { fuelTxHash: signed.txHash.toLowerCase(), fuelRaw: signed.raw });
        return evm.broadcast(s.fuelRaw as Hex);
      }
      const fuel = await evm.receipt(s.fuelTxHash as Hex);
      // not mined yet: handed to the node again (a restart may have lost it; one it has is no error)
      if (!fuel) return evm.broadcast(s.fuelRaw as Hex);
      if (fuel.status !== 'success') {
        await this.set(s, { state: 'failed', lastError: `the gas transfer ${s.fuelTxHash} reverted` });
        return;
      }
      s = await this.set(s, { state: 'sending', nonce: await evm.nonce(s.address as Hex, 'pending') });
    }
    if (s.state === 'sending') {
      if (!s.txHash) {
        const signed = await this.signer.sweepAct('sweep', { sweepId: s.id, nonce: s.nonce!, ...this.feesOf(s) });
        s = await this.set(s, { txHash: signed.txHash.toLowerCase(), raw: signed.raw });
      }
      await evm.broadcast(s.raw as Hex);
      s = await this.set(s, { state: 'sent', sentAt: this.deps.clock.date() });
      result.moved++;
      this.deps.log.info({ sweepId: s.id.toString(), coin: s.coin, from: s.address, txHash: s.txHash }, 'sweep broadcast');
      return;
    }
    if (s.state === 'sent') {
      const r = await evm.receipt(s.txHash as Hex);
      if (!r) return evm.broadcast(s.raw as Hex);
      if (r.status !== 'success') {
        await this.set(s, { state: 'failed', lastError: `the sweep ${s.txHash} reverted` });
        return;
      }
      const confirmations = Math.max(0, (await evm.head()) - r.blockNumber + 1);
      const done = confirmations >= this.w.cfg.confirmations;
      await this.set(s, {
        blockNumber: r.blockNumber,
        confirmations,
        ...(done ? { state: 'confirmed', confirmedAt: this.deps.clock.date() } : {}),
      });
      if (done) result.confirmed++;
    }
  }
}

/** The operators' list of sweeps, newest first (keyset: `before` an id). */
export function listSweeps(deps: ChainDeps, q: { before?: bigint; state?: string; limit: number }) {
  const conds = [
    q.before ? lt(chainSweeps.id, q.before) : undefined,
    q.state ? eq(chainSweeps.state, q.state as never) : undefined,
  ];
  return deps.db
    .select()
    .from(chainSweeps)
    .where(and(...conds.filter((c) => c !== undefined)))
    .orderBy(desc(chainSweeps.id))
    .limit(q.limit);
}
