/**
 * The chain domain's service (`app.chain`): customers' own addresses, the deposits the watcher saw,
 * claims checked against the chain, the watcher's run and the operators' view of each network
 * (docs/wallet.md, "Deposits from the chain"). Without CHAIN_ETH_RPC_URL it watches nothing: every
 * network is claims with a proof and operator review, as before.
 */
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { MIN_DEPOSIT, type Asset } from '../../src/contract/constants.ts';
import type {
  AdminChainDeposit,
  AdminChainNetworkList,
  ChainAddressList,
  ChainDeposit,
  ChainDepositPage,
  ChainDepositQuery,
  ChainIncident,
  ChainIncidentPage,
  AdminChainSweepPage,
  AdminChainSweepQuery,
} from '../../src/contract/chain.ts';
import { COIN_NETWORKS, NETWORKS, type Network } from '../../src/contract/wallet.ts';
import { fmt } from '../platform/ledger/amounts.ts';
import { qrDataUrl } from '../platform/qr.ts';
import { addressOf } from './addresses.ts';
import { claimDeposit, type ChainClaim } from './claims.ts';
import { checkPayout, type CheckedPayout, type PayoutToCheck } from './payoutCheck.ts';
import { trackPayouts } from './payoutTracking.ts';
import { PayoutSender, type SendResult } from './sender.ts';
import { listSweeps, Sweeper, type SweepResult } from './sweeper.ts';
import { sweepView } from './sweepView.ts';
import { SignerClient } from './signerClient.ts';
import type { ChainConfig } from './config.ts';
import { confirmationsOf, type Where } from './credit.ts';
import { listIncidents, resolveIncident } from './incidents.ts';
import type { ChainDeps, Watched } from './deps.ts';
import { EvmClient } from './evm.ts';
import { chainDeposits, chainNetworks, type ChainDepositRow, type ChainNetworkRow } from './schema.ts';
import { NetworkWatcher, type WatchResult } from './watcher.ts';

/** What the wallet asks of the chain domain (server/chain/index.ts): whether a network is watched, and its claims. */
export interface ChainClaims {
  watches(coin: Asset, network: Network): boolean;
  claim(userId: bigint, claim: ChainClaim): Promise<ChainDeposit>;
  /** Whether the platform pays withdrawals on this network itself (a signer is configured). */
  paysItself(network: Network): boolean;
  /** An operator's payout hash checked on a watched network's node (refusals name what differs). */
  checkPayout(network: Network, payout: PayoutToCheck): Promise<CheckedPayout & { required: number }>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export class ChainService implements ChainClaims {
  /** Every watched network with its node and watcher (none without configuration). */
  private readonly watched = new Map<string, { w: Watched; watcher: NetworkWatcher; sender?: PayoutSender; sweeper?: Sweeper }>();

  constructor(
    private readonly deps: ChainDeps,
    cfg: ChainConfig,
  ) {
    if (cfg.eth) {
      const w = { cfg: cfg.eth, evm: new EvmClient(cfg.eth) };
      const signer = cfg.eth.signer ? new SignerClient(cfg.eth.signer) : undefined;
      const sender = signer ? new PayoutSender(deps, w, signer) : undefined;
      const sweeper = signer ? new Sweeper(deps, w, signer) : undefined;
      this.watched.set(cfg.eth.network, { w, watcher: new NetworkWatcher(deps, w), sender, sweeper });
    }
  }

  /** The coins watched on a network: ETH always, USDT when its contract is configured. */
  private coinsOf(w: Watched): Asset[] {
    return w.cfg.usdtContract ? ['ETH', 'USDT'] : ['ETH'];
  }

  watches(coin: Asset, network: Network): boolean {
    const n = this.watched.get(network);
    return Boolean(n && this.coinsOf(n.w).includes(coin));
  }

  /** The shortest beat among the watched networks (the job's tick); null when nothing is watched. */
  tickMs(): number | null {
    const ticks = [...this.watched.values()].map((n) => n.w.cfg.tickMs);
    return ticks.length ? Math.min(...ticks) : null;
  }

  /** One run of every watcher, then the payouts' confirmations (the leader job's run; tests call it to advance). */
  async watchOnce(): Promise<WatchResult[]> {
    const out: WatchResult[] = [];
    for (const { w, watcher, sender } of this.watched.values()) {
      const result = await watcher.run();
      const book = this.deps.payouts?.();
      const hashesOf = sender ? (id: bigint) => sender.hashesOf(id) : undefined;
      out.push(book ? { ...result, payoutsMoved: await trackPayouts(this.deps, w, watcher, book, hashesOf) } : result);
    }
    return out;
  }

  /** Whether any network has a signer: the payouts job has work. */
  sends(): boolean {
    return [...this.watched.values()].some((n) => n.sender);
  }

  /** One run of every network's sender (the `chain-payouts` leader job's run; tests call it to advance). */
  async sendOnce(): Promise<SendResult[]> {
    const book = this.deps.payouts?.();
    const out: SendResult[] = [];
    if (!book) return out;
    for (const { sender } of this.watched.values()) if (sender) out.push(await sender.run(book));
    return out;
  }

  /** Whether any network sweeps a coin: the sweeps job has work. */
  sweeps(): boolean {
    return [...this.watched.values()].some((n) => n.sweeper?.sweeps);
  }

  /** One run of every network's sweeper (the `chain-sweeps` leader job's run; tests call it to advance). */
  async sweepOnce(): Promise<SweepResult[]> {
    const out: SweepResult[] = [];
    for (const { sweeper } of this.watched.values()) if (sweeper?.sweeps) out.push(await sweeper.run());
    return out;
  }

  /** The operators' list of sweeps, newest first. */
  async sweepList(q: AdminChainSweepQuery): Promise<AdminChainSweepPage> {
    const limit = q.limit ?? 50;
    const rows = await listSweeps(this.deps, {
      before: q.before ? BigInt(q.before) : undefined,
      state: q.state,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const decimals = async (w: Watched | undefined) =>
      w?.cfg.usdtContract ? w.evm.tokenDecimals(w.cfg.usdtContract).catch(() => 6) : 6;
    const views = await Promise.all(
      page.map(async (r) => {
        const w = this.watched.get(r.network)?.w;
        return sweepView(r, w, r.coin === 'USDT' ? await decimals(w) : 18);
      }),
    );
    return {
      rows: views,
      next: rows.length > limit ? page[page.length - 1].id.toString() : null,
    };
  }

  paysItself(network: Network): boolean {
    return Boolean(this.watched.get(network)?.w.cfg.signer);
  }

  async checkPayout(network: Network, payout: PayoutToCheck): Promise<CheckedPayout & { required: number }> {
    const { w } = this.watched.get(network)!;
    const checked = await checkPayout(this.deps, w, w.cfg.hotWallets, payout);
    return { ...checked, required: w.cfg.confirmations };
  }

  /** The customer's own address per watched coin and network, made on first ask, with its QR code. */
  async addresses(userId: bigint): Promise<ChainAddressList> {
    const rows = [];
    for (const { w } of this.watched.values()) {
      const a = await addressOf(this.deps.db, w.cfg.xpub, w.cfg.network, userId, this.deps.clock.date());
      const qr = await qrDataUrl(a.address);
      for (const coin of this.coinsOf(w)) {
        rows.push({
          coin,
          network: w.cfg.network,
          address: a.address,
          qr,
          minAmount: MIN_DEPOSIT[coin],
          confirmations: w.cfg.confirmations,
        });
      }
    }
    return { rows };
  }

  /** A claim on a watched network, answered by the chain. */
  async claim(userId: bigint, claim: ChainClaim): Promise<ChainDeposit> {
    const n = this.watched.get(claim.network)!;
    const row = await claimDeposit(this.deps, n.w, n.watcher, userId, claim);
    return this.view(row, await this.wheres());
  }

  /** The customer's chain deposits, newest first, with their confirmations. */
  async deposits(userId: bigint, q: ChainDepositQuery): Promise<ChainDepositPage> {
    const conds: SQL[] = [eq(chainDeposits.userId, userId)];
    if (q.status) conds.push(eq(chainDeposits.status, q.status));
    const size = q.pageSize ?? 20;
    const [rows, [{ n }], wheres] = await Promise.all([
      this.deps.db
        .select()
        .from(chainDeposits)
        .where(and(...conds))
        .orderBy(desc(chainDeposits.id))
        .limit(size)
        .offset(((q.pageNum ?? 1) - 1) * size),
      this.deps.db
        .select({ n: count() })
        .from(chainDeposits)
        .where(and(...conds)),
      this.wheres(),
    ]);
    return { rows: rows.map((r) => this.view(r, wheres)), total: Number(n) };
  }

  /** Where each watched network stands (its row), for confirmations. */
  private async wheres(): Promise<Map<string, Where>> {
    const rows = await this.deps.db.select().from(chainNetworks);
    const out = new Map<string, Where>();
    for (const r of rows) {
      const n = this.watched.get(r.network);
      const required = n?.w.cfg.confirmations ?? 0;
      out.set(r.network, { network: r.network, chainId: r.chainId, required, lastBlock: r.lastBlock });
    }
    return out;
  }

  private view(r: ChainDepositRow, wheres: Map<string, Where>): ChainDeposit {
    const where = wheres.get(r.network) ?? { network: r.network, chainId: r.chainId, required: 0, lastBlock: -1 };
    const required = this.watched.get(r.network)?.w.cfg.confirmations ?? where.required;
    const coin = r.coin as Asset;
    return {
      id: r.id.toString(),
      coin,
      network: r.network as Network,
      chainId: r.chainId,
      txHash: r.txHash,
      logIndex: r.logIndex,
      blockNumber: r.blockNumber,
      from: r.fromAddress,
      to: r.toAddress,
      amount: fmt(coin, r.amount),
      status: r.status,
      confirmations:
        r.status === 'credited' ? required : r.status === 'dropped' ? 0 : confirmationsOf(r.blockNumber, { ...where, required }),
      required,
      minAmount: r.status === 'belowMinimum' ? MIN_DEPOSIT[coin] : null,
      createdAt: r.createdAt.toISOString(),
      creditedAt: iso(r.creditedAt),
    };
  }

  /** Every network deposits arrive on, watched or not, with the watcher's state and the deposits confirming. */
  async networks(): Promise<AdminChainNetworkList> {
    const states = new Map<string, ChainNetworkRow>((await this.deps.db.select().from(chainNetworks)).map((r) => [r.network, r]));
    const wheres = await this.wheres();
    const rows = [];
    for (const network of NETWORKS) {
      const n = this.watched.get(network);
      const s = states.get(network);
      const confirming: AdminChainDeposit[] = n
        ? (
            await this.deps.db
              .select()
              .from(chainDeposits)
              .where(and(eq(chainDeposits.network, network), eq(chainDeposits.status, 'confirming')))
              .orderBy(asc(chainDeposits.id))
              .limit(100)
          ).map((r) => ({ ...this.view(r, wheres), userId: r.userId.toString() }))
        : [];
      rows.push({
        network,
        coins: n ? this.coinsOf(n.w) : (Object.keys(COIN_NETWORKS) as Asset[]).filter((c) => COIN_NETWORKS[c].includes(network)),
        watched: Boolean(n),
        chainId: s?.chainId ?? null,
        confirmations: n?.w.cfg.confirmations ?? null,
        head: s?.head ?? null,
        headAt: iso(s?.headAt ?? null),
        lastProcessed: s ? s.lastBlock : null,
        lag: s && s.head !== null ? Math.max(0, s.head - s.lastBlock) : null,
        lastError: s?.lastError ?? null,
        lastErrorAt: iso(s?.lastErrorAt ?? null),
        confirming,
      });
    }
    return { rows };
  }

  /** What the watcher flagged for operators, newest first. */
  incidents(q: { pageNum?: number; pageSize?: number }): Promise<ChainIncidentPage> {
    return listIncidents(this.deps, q);
  }

  /** An operator's acknowledgement of an incident handled off the platform (moves no money). */
  resolveIncident(operatorId: bigint, id: bigint, note: string): Promise<ChainIncident> {
    return resolveIncident(this.deps, operatorId, id, note);
  }

  /** Head, last processed block and lag per watched network, for /metrics (read from the shared row: any instance answers). */
  async metricsReading(): Promise<Array<{ network: string; head: number | null; lastBlock: number; lag: number | null }>> {
    const rows = await this.deps.db.select().from(chainNetworks);
    return rows
      .filter((r) => this.watched.has(r.network))
      .map((r) => ({
        network: r.network,
        head: r.head,
        lastBlock: r.lastBlock,
        lag: r.head === null ? null : Math.max(0, r.head - r.lastBlock),
      }));
  }
}
