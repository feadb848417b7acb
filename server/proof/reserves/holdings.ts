/**
 * Reserves: what the platform holds (docs/ledger.md, "Reserves"). Operators record the platform's
 * on-chain wallet addresses and its holdings per asset; every record is audited, and nothing
 * here touches a customer's money or the ledger. A holdings figure is **attested** when it names
 * the third party who checked the wallets and their report; otherwise it is only **declared**.
 * The newest figure per asset is the current one.
 *
 * `attestedHoldings(db, asset)` is the bound other domains may rely on (the smart plans' funding
 * from house capital): only attested figures count, declared ones never do.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { ASSET_DECIMALS, ASSETS, type Asset } from '../../../src/contract/constants.ts';
import { Err } from '../../../src/contract/errors.ts';
import type {
  AdminReserves,
  ReserveHolding,
  ReserveHoldingBody,
  ReserveWallet,
  ReserveWalletBody,
} from '../../../src/contract/proof.ts';
import { COIN_NETWORKS, type Network } from '../../../src/contract/wallet.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { reserveHoldings, reserveWallets, type ReserveHoldingRow, type ReserveWalletRow } from './schema.ts';
import { BizError } from '../../platform/http/errors.ts';
import { parseUserAmount } from '../../platform/ledger/amounts.ts';
import { isValidAddress } from '../../../src/contract/chainAddresses.ts';

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

const holdingView = (r: ReserveHoldingRow): ReserveHolding => ({
  asset: r.asset as Asset,
  amount: new Decimal(r.amount).toFixed(ASSET_DECIMALS[r.asset as Asset] ?? 8),
  kind: r.attestor && r.reportRef ? 'attested' : 'declared',
  asOf: r.asOf.toISOString(),
  declaredAt: r.declaredAt.toISOString(),
  attestor: r.attestor,
  reportRef: r.reportRef,
});

const walletView = (r: ReserveWalletRow): ReserveWallet => ({
  id: r.id.toString(),
  asset: r.asset as Asset,
  network: r.network as Network,
  address: r.address,
  label: r.label,
  declaredAt: r.declaredAt.toISOString(),
});

/** The newest attested holdings of `asset` with the moment they were counted, or null when nothing was ever attested. */
export async function latestAttested(db: DbOrTx, asset: Asset): Promise<{ amount: string; at: Date } | null> {
  const [row] = await db
    .select({ amount: reserveHoldings.amount, at: reserveHoldings.asOf })
    .from(reserveHoldings)
    .where(and(eq(reserveHoldings.asset, asset), isNotNull(reserveHoldings.attestor), isNotNull(reserveHoldings.reportRef)))
    .orderBy(desc(reserveHoldings.asOf), desc(reserveHoldings.id))
    .limit(1);
  return row ? { amount: new Decimal(row.amount).toFixed(ASSET_DECIMALS[asset], Decimal.ROUND_DOWN), at: row.at } : null;
}

/**
 * The newest attested holdings of `asset` as a decimal string at the asset's precision, "0" (at
 * that precision) when nothing was ever attested. Declared-only figures are ignored: a bound that
 * protects customers rests on what a third party checked, not on the operator's word.
 */
export async function attestedHoldings(db: DbOrTx, asset: Asset): Promise<string> {
  return (await latestAttested(db, asset))?.amount ?? new Decimal(0).toFixed(ASSET_DECIMALS[asset]);
}

/** The current figure per asset (newest count, attested or declared), in asset order; missing assets left out. */
export async function currentHoldings(db: DbOrTx): Promise<ReserveHolding[]> {
  const out: ReserveHolding[] = [];
  for (const asset of ASSETS) {
    const [row] = await db
      .select()
      .from(reserveHoldings)
      .where(eq(reserveHoldings.asset, asset))
      .orderBy(desc(reserveHoldings.asOf), desc(reserveHoldings.id))
      .limit(1);
    if (row) out.push(holdingView(row));
  }
  return out;
}

export async function reserveWalletList(db: DbOrTx): Promise<ReserveWallet[]> {
  return (await db.select().from(reserveWallets).orderBy(reserveWallets.asset, reserveWallets.id)).map(walletView);
}

export async function adminReserves(db: DbOrTx): Promise<AdminReserves> {
  return { holdings: await currentHoldings(db), wallets: await reserveWalletList(db) };
}

/** Records a platform wallet (audited). Refuses an address not valid for its network (10252) or already recorded (10253). */
export async function recordWallet(db: Db, operatorId: bigint, b: ReserveWalletBody, now: number): Promise<AdminReserves> {
  if (!COIN_NETWORKS[b.asset].includes(b.network) || !isValidAddress(b.network, b.address)) {
    throw new BizError(Err.RESERVE_ADDRESS_INVALID, { asset: b.asset, network: b.network });
  }
  const [taken] = await db
    .select({ id: reserveWallets.id })
    .from(reserveWallets)
    .where(and(eq(reserveWallets.network, b.network), eq(reserveWallets.address, b.address)))
    .limit(1);
  if (taken) throw new BizError(Err.RESERVE_ADDRESS_EXISTS);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reserveWallets)
        .values({
          asset: b.asset,
          network: b.network,
          address: b.address,
          label: b.label.trim(),
          declaredBy: operatorId,
          declaredAt: new Date(now),
        })
        .returning();
      await writeAudit(tx, {
        actorId: operatorId,
        action: 'reserve_wallet.record',
        targetType: 'reserve_wallet',
        targetId: row.id,
        before: null,
        after: row,
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new BizError(Err.RESERVE_ADDRESS_EXISTS);
    throw e;
  }
  return adminReserves(db);
}

/**
 * Records the holdings of an asset as counted at `asOf` (audited). Attested when both the attestor
 * and the report reference are given; one without the other is refused (10255); a count in the
 * future is refused (10254). A retry with the same client key records nothing twice.
 */
export async function recordHoldings(db: Db, operatorId: bigint, b: ReserveHoldingBody, now: number): Promise<AdminReserves> {
  const amount = parseUserAmount(b.asset, b.amount);
  const asOf = new Date(b.asOf);
  if (asOf.getTime() > now) throw new BizError(Err.RESERVE_AS_OF_FUTURE);
  const attestor = b.attestor?.trim() || null;
  const reportRef = b.reportRef?.trim() || null;
  if ((attestor === null) !== (reportRef === null)) throw new BizError(Err.RESERVE_ATTESTATION_INCOMPLETE);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reserveHoldings)
      .values({
        asset: b.asset,
        amount,
        asOf,
        attestor,
        reportRef,
        declaredBy: operatorId,
        declaredAt: new Date(now),
        clientKey: b.clientKey ?? null,
      })
      .onConflictDoNothing({ target: [reserveHoldings.declaredBy, reserveHoldings.clientKey] })
      .returning();
    if (!row) return; // the same record, retried
    await writeAudit(tx, {
      actorId: operatorId,
      action: attestor ? 'reserve_holding.attest' : 'reserve_holding.declare',
      targetType: 'reserve_holding',
      targetId: row.id,
      before: null,
      after: row,
    });
  });
  return adminReserves(db);
}
