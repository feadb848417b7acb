/**
 * The withdrawal address allowlist (docs/wallet.md, "Address allowlist"): with "withdraw only to
 * saved addresses" on, a withdrawal goes only to a saved address of its network that has become
 * usable. A saved address becomes usable ALLOWLIST_DELAY_HOURS after it was added, and the owner
 * hears of it at once (notification and mail), so someone who took over the session cannot add
 * an address and empty the account before the owner can react. Removing is immediate. Turning
 * the allowlist on is immediate; turning it off takes effect only after the same delay (until
 * then it still applies). Times are the platform clock's.
 */
import { and, count, eq } from 'drizzle-orm';
import { Err } from '../../src/contract/errors.ts';
import type { Network } from '../../src/contract/wallet.ts';
import {
  ALLOWLIST_MAX,
  type Allowlist,
  type AllowlistStatus,
  type SaveAddressBody,
  type SavedAddress,
} from '../../src/contract/walletProtection.ts';
import type { Db, DbOrTx } from '../platform/db/client.ts';
import { users } from '../platform/identity/schema.ts';
import { withdrawalAddresses, withdrawalAllowlist } from './protectionSchema.ts';
import { BizError } from '../platform/http/errors.ts';
import { isValidAddress } from '../../src/contract/chainAddresses.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import type { WalletDeps } from './deps.ts';

/** A time in messages: "2026-11-24 10:00 UTC" (the same in every language, never the server's zone). */
export const utcText = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * What withdrawals compare: lower case where the network's addresses ignore case (Ethereum's
 * checksum is only a spelling; bech32 is one case), exactly as typed where case matters (base58).
 */
export function addressKey(network: Network, address: string): string {
  return network === 'ERC20' || /^bc1/i.test(address) ? address.toLowerCase() : address;
}

type Deps = Pick<WalletDeps, 'db' | 'config' | 'clock' | 'bus' | 'log'>;
type AddressRow = typeof withdrawalAddresses.$inferSelect;
type SettingsRow = typeof withdrawalAllowlist.$inferSelect;

const delayMs = (deps: Pick<Deps, 'config'>) => deps.config.allowlistDelayHours * 3600_000;

/** The allowlist's state at `now`: a turn-off whose time has come is off. */
export function statusAt(s: SettingsRow | undefined, now: number): { status: AllowlistStatus; offAt: Date | null } {
  if (!s?.enabled) return { status: 'off', offAt: null };
  if (!s.offAt) return { status: 'on', offAt: null };
  return s.offAt.getTime() > now ? { status: 'turningOff', offAt: s.offAt } : { status: 'off', offAt: null };
}

const addressView = (r: AddressRow, now: number): SavedAddress => ({
  id: r.id.toString(),
  network: r.network as Network,
  address: r.address,
  label: r.label,
  activeAt: r.activeAt.toISOString(),
  usable: r.activeAt.getTime() <= now,
  createdAt: r.createdAt.toISOString(),
});

async function settingsOf(db: DbOrTx, userId: bigint): Promise<SettingsRow | undefined> {
  const [s] = await db.select().from(withdrawalAllowlist).where(eq(withdrawalAllowlist.userId, userId)).limit(1);
  return s;
}

export async function allowlistOf(deps: Pick<Deps, 'db' | 'config' | 'clock'>, userId: bigint): Promise<Allowlist> {
  const now = deps.clock.now();
  const { status, offAt } = statusAt(await settingsOf(deps.db, userId), now);
  const rows = await deps.db
    .select()
    .from(withdrawalAddresses)
    .where(eq(withdrawalAddresses.userId, userId))
    .orderBy(withdrawalAddresses.id);
  return {
    status,
    offAt: offAt?.toISOString() ?? null,
    delayHours: deps.config.allowlistDelayHours,
    addresses: rows.map((r) => addressView(r, now)),
  };
}

/**
 * Refuses a withdrawal to `address` while the allowlist applies: not saved for the network
 * (10236), or saved but not usable yet (10237, naming when). Writes nothing.
 */
export async function assertAllowedAddress(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: bigint,
  network: Network,
  address: string,
): Promise<void> {
  const now = deps.clock.now();
  if (statusAt(await settingsOf(deps.db, userId), now).status === 'off') return;
  const [saved] = await deps.db
    .select()
    .from(withdrawalAddresses)
    .where(
      and(
        eq(withdrawalAddresses.userId, userId),
        eq(withdrawalAddresses.network, network),
        eq(withdrawalAddresses.addressKey, addressKey(network, address)),
      ),
    )
    .limit(1);
  if (!saved) throw new BizError(Err.ADDRESS_NOT_ALLOWLISTED);
  const left = saved.activeAt.getTime() - now;
  if (left > 0)
    throw new BizError(Err.ADDRESS_NOT_YET_USABLE, { at: utcText(saved.activeAt.getTime()), hours: Math.ceil(left / 3600_000) });
}

/** The unique index on (user, network, address key) refused the insert. */
function addressTaken(e: unknown): boolean {
  type PgError = { code?: string; constraint?: string; message?: string };
  const err = e as (PgError & { cause?: PgError }) | undefined;
  const c = err?.code === '23505' ? err : err?.cause?.code === '23505' ? err.cause : undefined;
  return (
    c !== undefined && (c.constraint === 'withdrawal_addresses_key' || String(c.message).includes('withdrawal_addresses_key'))
  );
}

/** What to mail the owner after a change (server/wallet/protection.ts sends it). */
export interface AllowlistNotice {
  userId: bigint;
  sentence: 'allowlist.added' | 'allowlist.turningOff';
  params: Record<string, string>;
}

/**
 * Saves an address: valid for its network (10041), not saved yet (10238), at most ALLOWLIST_MAX
 * (10239, counted under the user's row lock). Usable after the delay; notification
 * `allowlist.address_added` in the same transaction.
 */
export async function saveAddress(
  deps: Deps,
  userId: bigint,
  b: SaveAddressBody,
): Promise<{ saved: SavedAddress; notice: AllowlistNotice }> {
  const address = b.address.trim();
  if (!isValidAddress(b.network, address)) throw new BizError(Err.ADDRESS_INVALID);
  const now = deps.clock.now();
  const activeAt = now + delayMs(deps);
  const events = new PendingEvents();
  const row = await deps.db
    .transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [{ n }] = await tx.select({ n: count() }).from(withdrawalAddresses).where(eq(withdrawalAddresses.userId, userId));
      if (Number(n) >= ALLOWLIST_MAX) throw new BizError(Err.ALLOWLIST_FULL, { limit: ALLOWLIST_MAX });
      const [ins] = await tx
        .insert(withdrawalAddresses)
        .values({
          userId,
          network: b.network,
          address,
          addressKey: addressKey(b.network, address),
          label: b.label?.trim() ?? '',
          activeAt: new Date(activeAt),
          createdAt: new Date(now),
        })
        .returning();
      await events.record(tx, userId, {
        kind: 'allowlist.address_added',
        params: { address, network: b.network, activeAt: new Date(activeAt).toISOString() },
        refType: 'withdrawal_address',
        refId: ins.id.toString(),
      });
      return ins;
    })
    .catch((e: unknown) => {
      throw addressTaken(e) ? new BizError(Err.ALLOWLIST_ADDRESS_EXISTS) : e;
    });
  await events.publish(deps);
  return {
    saved: addressView(row, now),
    notice: { userId, sentence: 'allowlist.added', params: { address, network: b.network, at: utcText(activeAt) } },
  };
}

/** Removes a saved address at once (another user's, or an unknown one: 10043). */
export async function removeAddress(db: Db, userId: bigint, id: bigint): Promise<void> {
  const [del] = await db
    .delete(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.userId, userId)))
    .returning({ id: withdrawalAddresses.id });
  if (!del) throw new BizError(Err.RECORD_NOT_FOUND);
}

/**
 * On: at once (also cancels a pending turn-off). Off: while it applies, it keeps applying until
 * now + the delay (status 'turningOff'; notification and mail); asking again changes nothing.
 */
export async function switchAllowlist(deps: Deps, userId: bigint, on: boolean): Promise<{ notice?: AllowlistNotice }> {
  const now = deps.clock.now();
  const events = new PendingEvents();
  const notice = await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const { status } = statusAt(await settingsOf(tx, userId), now);
    const write = (enabled: boolean, offAt: Date | null) =>
      tx
        .insert(withdrawalAllowlist)
        .values({ userId, enabled, offAt, changedAt: new Date(now) })
        .onConflictDoUpdate({ target: withdrawalAllowlist.userId, set: { enabled, offAt, changedAt: new Date(now) } });
    if (on) {
      if (status !== 'on') await write(true, null);
      return undefined;
    }
    if (status !== 'on') {
      // already off, or already turning off: nothing new to say
      if (status === 'off') await write(false, null);
      return undefined;
    }
    const offAt = now + delayMs(deps);
    await write(true, new Date(offAt));
    await events.record(tx, userId, {
      kind: 'allowlist.turning_off',
      params: { offAt: new Date(offAt).toISOString() },
      refType: 'user',
      refId: userId.toString(),
    });
    return { userId, sentence: 'allowlist.turningOff' as const, params: { at: utcText(offAt) } };
  });
  await events.publish(deps);
  return { notice };
}
