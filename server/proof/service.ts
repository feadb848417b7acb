import { and, asc, desc, eq, gte } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import { Err } from '../../src/contract/errors.ts';
import { toUnits } from '../../src/contract/merkleSum.ts';
import type { AdminSnapshot, AdminSnapshotList, InclusionProof, OnChainReading, ProofSummary } from '../../src/contract/proof.ts';
import { writeAudit } from '../platform/audit/audit.ts';
import type { Db } from '../platform/db/client.ts';
import { liabilityLeaves, liabilitySnapshots, type LiabilitySnapshotRow } from './schema.ts';
import { BizError } from '../platform/http/errors.ts';
import { currentHoldings, reserveWalletList } from './reserves/holdings.ts';
import { onChainLine } from './reserves/onChainView.ts';
import { takeSnapshot } from './snapshot.ts';
import { buildTree, inclusionProof, leafCountOf, rootOf, type SumTree } from './tree.ts';

declare module '../platform/config.ts' {
  interface Config {
    /** How often the leader looks whether today's snapshot of liabilities is due (default 60 s). */
    proofTickMs?: number;
  }
}

export interface ProofDeps {
  db: Db;
  log: FastifyBaseLogger;
  now: () => number;
  /** into how many random parts each customer's balances are split (PROOF_PARTS) */
  parts: number;
  /** the platform's wallets read from the watched chain's node at its head; absent, no chain is watched */
  readOnChain?: () => Promise<OnChainReading | null>;
}

const DAY_MS = 86_400_000;

const adminView = (r: LiabilitySnapshotRow): AdminSnapshot => ({
  id: r.id.toString(),
  status: r.status,
  trigger: r.trigger,
  takenAt: r.takenAt.toISOString(),
  rootHash: r.rootHash,
  users: r.users,
  totals: r.totals ?? null,
  ledgerTotals: r.ledgerTotals ?? null,
  error: r.error,
});

/**
 * Proof of liabilities (docs/ledger.md, "Proof of liabilities"): snapshots (daily on the leader,
 * server/proof/engine.ts, and on an operator's request), the public summary beside the reserves,
 * and each customer's inclusion proof.
 */
export class ProofService {
  /** The tree of the latest published snapshot, rebuilt from its leaves once per process. */
  private cached: { id: bigint; tree: SumTree } | null = null;
  constructor(private readonly deps: ProofDeps) {}

  /** An operator's snapshot now, audited with the reason. A failed one is recorded and logged as an error. */
  async snapshot(requestedBy: bigint, reason?: string): Promise<AdminSnapshot> {
    const onChain = await this.readOnChain();
    const row = await takeSnapshot(this.deps.db, {
      now: this.deps.now(),
      trigger: 'operator',
      requestedBy,
      parts: this.deps.parts,
      onChain,
    });
    // only a scheduled snapshot can find its day already taken
    if (!row) throw new Error("an operator's liabilities snapshot was not stored");
    await writeAudit(this.deps.db, {
      actorId: requestedBy,
      action: 'liabilities_snapshot.take',
      targetType: 'liabilities_snapshot',
      targetId: row.id,
      before: null,
      after: { status: row.status, rootHash: row.rootHash, error: row.error, reason: reason?.trim() ?? null },
    });
    this.logFailed(row);
    return adminView(row);
  }

  /**
   * The reserves on chain, read just before the ledger (the two of one moment). A node that does
   * not answer leaves the snapshot without a reading (logged): the liabilities are still published.
   */
  private async readOnChain(): Promise<OnChainReading | null> {
    if (!this.deps.readOnChain) return null;
    try {
      return await this.deps.readOnChain();
    } catch (e) {
      this.deps.log.warn({ err: e }, 'liabilities snapshot: the reserves could not be read from the chain');
      return null;
    }
  }

  private logFailed(row: LiabilitySnapshotRow): void {
    if (row.status === 'failed')
      this.deps.log.error(
        { snapshot: row.id.toString(), error: row.error, totals: row.totals, ledgerTotals: row.ledgerTotals },
        'liabilities snapshot FAILED: not published',
      );
  }

  /**
   * The daily run: takes a snapshot when none was taken since the start of the platform clock's
   * day (UTC). Throws while today's snapshot has failed, so the jobs board shows the failure
   * until an operator takes a good one. Two runs at once (two instances) store one: the day is
   * the scheduled snapshot's unique `period`, and the run that finds it taken takes nothing.
   */
  async runDue(): Promise<{ taken: boolean }> {
    const now = this.deps.now();
    const dayStart = new Date(now - (now % DAY_MS));
    const [today] = await this.deps.db
      .select()
      .from(liabilitySnapshots)
      .where(gte(liabilitySnapshots.takenAt, dayStart))
      .orderBy(desc(liabilitySnapshots.id))
      .limit(1);
    if (today?.status === 'published') return { taken: false };
    if (today?.status === 'failed') throw new Error(`today's liabilities snapshot ${today.id} failed: ${today.error}`);
    const onChain = await this.readOnChain();
    const taken = await takeSnapshot(this.deps.db, { now, trigger: 'schedule', parts: this.deps.parts, onChain });
    if (!taken) return { taken: false };
    this.logFailed(taken);
    if (taken.status === 'failed') throw new Error(`liabilities snapshot ${taken.id} failed: ${taken.error}`);
    return { taken: true };
  }

  async snapshots(): Promise<AdminSnapshotList> {
    const rows = await this.deps.db.select().from(liabilitySnapshots).orderBy(desc(liabilitySnapshots.id)).limit(30);
    return { rows: rows.map(adminView) };
  }

  private async latest(): Promise<LiabilitySnapshotRow | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(liabilitySnapshots)
      .where(eq(liabilitySnapshots.status, 'published'))
      .orderBy(desc(liabilitySnapshots.takenAt), desc(liabilitySnapshots.id))
      .limit(1);
    return row;
  }

  /** The public page: the latest root and totals beside the current holdings and their ratio. */
  async summary(): Promise<ProofSummary> {
    const snap = await this.latest();
    const holdings = await currentHoldings(this.deps.db);
    const assets = (snap?.assets ?? []).map(({ asset }) => {
      const liabilities = snap?.totals?.[asset] ?? '0';
      const holding = holdings.find((h) => h.asset === asset) ?? null;
      const ratio =
        holding && !new Decimal(liabilities).isZero()
          ? new Decimal(holding.amount).div(liabilities).toFixed(4, Decimal.ROUND_DOWN)
          : null;
      const onChain = onChainLine(snap?.onChain ?? null, asset, liabilities);
      return { asset, liabilities, holding, ratio, onChain } as ProofSummary['assets'][number];
    });
    return {
      snapshot:
        snap && snap.rootHash
          ? {
              id: snap.id.toString(),
              takenAt: snap.takenAt.toISOString(),
              rootHash: snap.rootHash,
              format: snap.format,
              leafCount: snap.leafCount,
              users: snap.users,
              chainBlock: snap.chainBlock,
            }
          : null,
      assets,
      wallets: await reserveWalletList(this.deps.db),
    };
  }

  private async treeOf(snap: LiabilitySnapshotRow): Promise<SumTree> {
    if (this.cached?.id === snap.id) return this.cached.tree;
    const leaves = await this.deps.db
      .select({ hash: liabilityLeaves.hash, balances: liabilityLeaves.balances })
      .from(liabilityLeaves)
      .where(eq(liabilityLeaves.snapshotId, snap.id))
      .orderBy(asc(liabilityLeaves.position));
    const tree = buildTree(
      snap.format,
      leaves.map((l) => ({ hash: l.hash, units: l.balances.map((b, i) => toUnits(b, snap.assets[i].decimals) ?? -1n) })),
      snap.assets.length,
    );
    // what was published is what a proof must lead to: a rebuilt tree that differs is a fault, never served
    if (rootOf(tree).hash !== snap.rootHash || leafCountOf(tree) !== snap.leafCount)
      throw new Error(`liabilities snapshot ${snap.id}: the stored leaves do not rebuild its root`);
    this.cached = { id: snap.id, tree };
    return tree;
  }

  /**
   * A customer's inclusion proof in the latest published snapshot (10250 none yet, 10251 not in
   * it), in the snapshot's format: pol2 every part of their balances with its path, pol1 the one leaf.
   */
  async proofFor(userId: bigint): Promise<InclusionProof> {
    const snap = await this.latest();
    if (!snap) throw new BizError(Err.PROOF_NO_SNAPSHOT);
    const leaves = await this.deps.db
      .select()
      .from(liabilityLeaves)
      .where(and(eq(liabilityLeaves.snapshotId, snap.id), eq(liabilityLeaves.userId, userId)))
      .orderBy(asc(liabilityLeaves.position));
    if (!leaves.length) throw new BizError(Err.PROOF_NOT_IN_SNAPSHOT, { takenAt: snap.takenAt.toISOString() });
    const subject = {
      snapshotId: snap.id.toString(),
      takenAt: snap.takenAt.toISOString(),
      assets: snap.assets.map((a) => a.asset),
      decimals: snap.assets.map((a) => a.decimals),
      account: userId.toString(),
    };
    return inclusionProof(snap.format, subject, await this.treeOf(snap), leaves);
  }
}
