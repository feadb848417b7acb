/**
 * Receive addresses kept by operators. Each is checked for its network like a withdrawal address;
 * every change writes the audit log in its transaction.
 */
import { eq, sql } from 'drizzle-orm';
import { Err } from '../../src/contract/errors.ts';
import type { AdminDepositAddress } from '../../src/contract/admin.ts';
import { COIN_NETWORKS, type Network } from '../../src/contract/wallet.ts';
import type { Asset } from '../../src/contract/constants.ts';
import type { Db } from '../platform/db/client.ts';
import { depositAddresses } from './schema.ts';
import { BizError } from '../platform/http/errors.ts';
import { isValidAddress } from '../../src/contract/chainAddresses.ts';
import { writeAudit } from '../platform/audit/audit.ts';

type Row = typeof depositAddresses.$inferSelect;
const view = (r: Row): AdminDepositAddress => ({
  id: r.id.toString(),
  coin: r.coin as Asset,
  network: r.network as Network,
  address: r.address,
  enabled: r.enabled,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
const isUnique = (e: unknown) =>
  (e as { code?: string })?.code === '23505' || (e as { cause?: { code?: string } })?.cause?.code === '23505';

/** The same address listed twice for a coin and network is refused (10030) rather than a 500. */
async function uniqueAddress<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUnique(e)) throw new BizError(Err.MALFORMED_REQUEST, { detail: 'address already listed' });
    throw e;
  }
}

function checkAddress(coin: Asset, network: Network, address: string) {
  if (!COIN_NETWORKS[coin].includes(network))
    throw new BizError(Err.MALFORMED_REQUEST, { detail: `network ${network} not available for ${coin}` });
  if (!isValidAddress(network, address)) throw new BizError(Err.ADDRESS_INVALID);
}

export interface NewDepositAddress {
  coin: Asset;
  network: Network;
  address: string;
  enabled?: boolean;
}
export interface DepositAddressChange {
  address?: string;
  enabled?: boolean;
}

/** Every receive address, enabled or not. */
export async function allDepositAddresses(db: Db): Promise<AdminDepositAddress[]> {
  const rows = await db
    .select()
    .from(depositAddresses)
    .orderBy(depositAddresses.coin, depositAddresses.network, depositAddresses.id);
  return rows.map(view);
}

export async function createDepositAddress(db: Db, operatorId: bigint, b: NewDepositAddress): Promise<AdminDepositAddress> {
  const address = b.address.trim();
  checkAddress(b.coin, b.network, address);
  const row = await uniqueAddress(() =>
    db.transaction(async (tx) => {
      const [ins] = await tx
        .insert(depositAddresses)
        .values({ coin: b.coin, network: b.network, address, enabled: b.enabled ?? true })
        .returning();
      await writeAudit(tx, {
        actorId: operatorId,
        action: 'deposit_address.create',
        targetType: 'deposit_address',
        targetId: ins.id,
        before: null,
        after: ins,
      });
      return ins;
    }),
  );
  return view(row);
}

export async function updateDepositAddress(
  db: Db,
  operatorId: bigint,
  id: bigint,
  change: DepositAddressChange,
): Promise<AdminDepositAddress> {
  const row = await uniqueAddress(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(depositAddresses).where(eq(depositAddresses.id, id)).for('update');
      if (!before) throw new BizError(Err.RECORD_NOT_FOUND);
      const address = change.address?.trim() ?? before.address;
      checkAddress(before.coin as Asset, before.network as Network, address);
      const [after] = await tx
        .update(depositAddresses)
        .set({ address, enabled: change.enabled ?? before.enabled, updatedAt: sql`now()` })
        .where(eq(depositAddresses.id, id))
        .returning();
      await writeAudit(tx, {
        actorId: operatorId,
        action: 'deposit_address.update',
        targetType: 'deposit_address',
        targetId: id,
        before,
        after,
      });
      return after;
    }),
  );
  return view(row);
}

export async function deleteDepositAddress(db: Db, operatorId: bigint, id: bigint): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(depositAddresses).where(eq(depositAddresses.id, id)).returning();
    if (!before) throw new BizError(Err.RECORD_NOT_FOUND);
    await writeAudit(tx, {
      actorId: operatorId,
      action: 'deposit_address.delete',
      targetType: 'deposit_address',
      targetId: id,
      before,
      after: null,
    });
  });
}
