import { sql } from 'drizzle-orm';
import { ASSET_DECIMALS, ASSETS } from '../../src/contract/constants.ts';
import { fromUnits, PROOF_FORMAT, toUnits, type ProofFormat } from '../../src/contract/merkleSum.ts';
import type { OnChainReading } from '../../src/contract/proof.ts';
import type { Db, DbOrTx } from '../platform/db/client.ts';
import { liabilityLeaves, liabilitySnapshots, type LiabilitySnapshotRow } from './schema.ts';
import { splitLeaves } from './split.ts';
import { buildTree, leafCountOf, rootOf } from './tree.ts';

/**
 * Taking a snapshot of liabilities (docs/ledger.md, "Proof of liabilities"). In one
 * repeatable-read transaction, so every read sees the same moment of the ledger:
 *
 * 1. each customer's real-book balance per asset: the sum of all their real-book ledger accounts
 *    (available, withdrawal hold, order margin, plan principal, loan collateral, NFT bid hold);
 * 2. the same totals read two other ways: the customer accounts summed per asset, and minus the
 *    platform's accounts of the real book (the book sums to zero, so they must agree);
 * 3. the tree (format pol2) over the leaves: each customer's balances cut into k random parts,
 *    each part a salted leaf, all shuffled (server/proof/split.ts); its root sums must equal both
 *    totals.
 *
 * Then the snapshot and its leaves are written in the same transaction. When anything disagrees,
 * nothing of it is kept but a `failed` row with both sets of totals and the reason, and the
 * caller is told (the daily job fails loudly).
 *
 * A scheduled snapshot names its day (`period`, unique): when another run (another instance) has
 * stored that day's first, this one writes nothing and answers null.
 */

export const SNAPSHOT_ASSETS = ASSETS.map((asset) => ({ asset, decimals: ASSET_DECIMALS[asset] }));
const DECIMALS = SNAPSHOT_ASSETS.map((a) => a.decimals);
const WIDTH = SNAPSHOT_ASSETS.length;
const assetIndex = (asset: string) => SNAPSHOT_ASSETS.findIndex((a) => a.asset === asset);

class SnapshotMismatch extends Error {
  constructor(
    message: string,
    readonly ledgerTotals: { customers: Record<string, string>; platform: Record<string, string> } | null,
    readonly totals: Record<string, string> | null,
  ) {
    super(message);
  }
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** Per-asset totals from `select asset, total` rows, as units in snapshot order. */
function totalsOf(rows: Array<{ asset: string; total: string | null }>, what: string): bigint[] {
  const out = Array.from({ length: WIDTH }, () => 0n);
  for (const r of rows) {
    const i = assetIndex(r.asset);
    const u = toUnits(r.total ?? '0', i < 0 ? 0 : DECIMALS[i]);
    if (i < 0) throw new SnapshotMismatch(`${what}: asset ${r.asset} is not one the snapshot covers`, null, null);
    if (u === null)
      throw new SnapshotMismatch(`${what} of ${r.asset} is negative or finer than its precision: ${r.total}`, null, null);
    out[i] = u;
  }
  return out;
}

const named = (units: readonly bigint[]) =>
  Object.fromEntries(units.map((u, i) => [SNAPSHOT_ASSETS[i].asset, fromUnits(u, DECIMALS[i])]));
const same = (a: readonly bigint[], b: readonly bigint[]) => a.every((x, i) => x === b[i]);

async function readLedger(tx: DbOrTx) {
  const perUser = rowsOf<{ user_id: string; asset: string; total: string }>(
    await tx.execute(sql`
    select user_id::text as user_id, asset, sum(balance)::text as total from ledger_accounts
    where owner_kind = 'user' and book = 'real' group by user_id, asset order by user_id, asset`),
  );
  const customers = totalsOf(
    rowsOf(
      await tx.execute(sql`
    select asset, sum(balance)::text as total from ledger_accounts where owner_kind = 'user' and book = 'real' group by asset`),
    ),
    'customer accounts',
  );
  const platform = totalsOf(
    rowsOf(
      await tx.execute(sql`
    select asset, (-sum(balance))::text as total from ledger_accounts where owner_kind = 'platform' and book = 'real' group by asset`),
    ),
    'platform accounts',
  );
  return { perUser, customers, platform };
}

/** Every customer's balances as units in snapshot order; refuses a negative or unknown one. */
function balancesByUser(perUser: Array<{ user_id: string; asset: string; total: string }>): Map<string, bigint[]> {
  const users = new Map<string, bigint[]>();
  for (const r of perUser) {
    const i = assetIndex(r.asset);
    if (i < 0) throw new SnapshotMismatch(`user ${r.user_id} holds ${r.asset}, an asset the snapshot does not cover`, null, null);
    const u = toUnits(r.total, DECIMALS[i]);
    if (u === null)
      throw new SnapshotMismatch(
        `user ${r.user_id}'s ${r.asset} balance is negative or finer than its precision: ${r.total}`,
        null,
        null,
      );
    const row = users.get(r.user_id) ?? Array.from({ length: WIDTH }, () => 0n);
    row[i] = u;
    users.set(r.user_id, row);
  }
  return users;
}

export interface TakeSnapshot {
  now: number;
  trigger: 'schedule' | 'operator';
  requestedBy?: bigint;
  /** into how many random parts each customer's balances are split (PROOF_PARTS, ≥ 2) */
  parts: number;
  /** the platform's wallets read from the node just before, recorded with it (null: no chain watched or unread) */
  onChain?: OnChainReading | null;
}

const DAY_MS = 86_400_000;
/** The UTC day of `ms`, as the `period` column holds it. */
export const periodOf = (ms: number) => new Date(ms - (ms % DAY_MS)).toISOString().slice(0, 10);

/** The snapshot; null when it is the schedule's and its day's was already stored by another run. */
export async function takeSnapshot(db: Db, o: TakeSnapshot): Promise<LiabilitySnapshotRow | null> {
  const takenAt = new Date(o.now);
  const period = o.trigger === 'schedule' ? periodOf(o.now) : null;
  const base = {
    format: PROOF_FORMAT as ProofFormat,
    trigger: o.trigger,
    requestedBy: o.requestedBy ?? null,
    takenAt,
    assets: SNAPSHOT_ASSETS,
    period,
    chainBlock: o.onChain?.block ?? null,
    onChain: o.onChain ?? null,
  };
  try {
    return await db.transaction(
      async (tx) => {
        const { perUser, customers, platform } = await readLedger(tx);
        const ledgerTotals = { customers: named(customers), platform: named(platform) };
        if (!same(customers, platform))
          throw new SnapshotMismatch('the customer accounts do not equal minus the platform accounts', ledgerTotals, null);
        const users = balancesByUser(perUser);
        const leaves = splitLeaves(
          SNAPSHOT_ASSETS.map((a) => a.asset),
          [...users].map(([account, units]) => ({ account, units })),
          o.parts,
        );
        const tree = buildTree(PROOF_FORMAT, leaves, WIDTH);
        const root = rootOf(tree);
        if (!same(root.units, customers))
          throw new SnapshotMismatch(
            "the tree's totals do not equal the ledger's customer accounts",
            ledgerTotals,
            named(root.units),
          );
        const [snap] = await tx
          .insert(liabilitySnapshots)
          .values({
            ...base,
            status: 'published',
            rootHash: root.hash,
            leafCount: leafCountOf(tree),
            users: users.size,
            totals: named(root.units),
            ledgerTotals,
          })
          .onConflictDoNothing({ target: liabilitySnapshots.period })
          .returning();
        // the day's scheduled snapshot was stored by another run before this transaction began. One
        // stored while this one read is not in its snapshot: PostgreSQL refuses the insert (40001)
        // rather than do nothing, and the handle runs the transaction again (server/platform/db/retry.ts)
        if (!snap) return null;
        for (let i = 0; i < leaves.length; i += 1000) {
          await tx.insert(liabilityLeaves).values(
            leaves.slice(i, i + 1000).map((l, j) => ({
              snapshotId: snap.id,
              userId: BigInt(l.account),
              position: i + j,
              salt: l.salt,
              balances: l.units.map((x, k) => fromUnits(x, DECIMALS[k])),
              hash: l.hash,
            })),
          );
        }
        return snap;
      },
      { isolationLevel: 'repeatable read' },
    );
  } catch (e) {
    if (!(e instanceof SnapshotMismatch)) throw e;
    const [failed] = await db
      .insert(liabilitySnapshots)
      .values({
        ...base,
        status: 'failed',
        totals: e.totals,
        ledgerTotals: e.ledgerTotals,
        error: e.message,
      })
      .onConflictDoNothing({ target: liabilitySnapshots.period })
      .returning();
    return failed ?? null;
  }
}
