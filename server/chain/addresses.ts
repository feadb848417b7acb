/**
 * Customers' own deposit addresses, watch-only (docs/wallet.md, "Deposits from the chain"): the
 * child 0/i of the configured account-level extended public key, i handed out by a database
 * sequence and never again. The service holds no private key; the path and index are stored with
 * the address so that the signer of withdrawals can sweep it.
 */
import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { publicKeyToAddress } from 'viem/accounts';
import { bytesToHex } from 'viem';
import type { DbOrTx } from '../platform/db/client.ts';
import type { Hex } from './config.ts';
import { chainAddresses, type ChainAddressRow } from './schema.ts';

const HARDENED = 0x80000000;

/** The address of child 0/`index` of `xpub`, and its full path when the key is a BIP-44 account (depth 3). */
export function deriveAddress(xpub: string, index: number): { address: Hex; path: string } {
  const account = HDKey.fromExtendedKey(xpub);
  const child = account.deriveChild(0).deriveChild(index);
  // Ethereum addresses hash the uncompressed key; BIP-32 gives the compressed one
  const uncompressed = secp256k1.Point.fromBytes(child.publicKey!).toBytes(false);
  const address = publicKeyToAddress(bytesToHex(uncompressed));
  const prefix =
    account.depth === 3 && account.index >= HARDENED ? `m/44'/60'/${account.index - HARDENED}'` : `xpub(depth ${account.depth})`;
  return { address, path: `${prefix}/0/${index}` };
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** The customer's address on the network, made on first ask (a new index from the sequence). */
export async function addressOf(db: DbOrTx, xpub: string, network: string, userId: bigint, now: Date): Promise<ChainAddressRow> {
  const find = async () =>
    (
      await db
        .select()
        .from(chainAddresses)
        .where(and(eq(chainAddresses.network, network), eq(chainAddresses.userId, userId)))
        .limit(1)
    )[0];
  const known = await find();
  if (known) return known;
  // an index taken here is never taken again, even if this insert loses a race and rolls back
  const [{ i }] = rowsOf<{ i: string | number }>(await db.execute(sql`select nextval('chain_address_index') as i`));
  const index = Number(i);
  const { address, path } = deriveAddress(xpub, index);
  await db
    .insert(chainAddresses)
    .values({
      userId,
      network,
      address,
      addressKey: address.toLowerCase(),
      derivationPath: path,
      derivationIndex: index,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [chainAddresses.network, chainAddresses.userId] });
  return (await find())!;
}

/**
 * The watcher's view of the addresses: lower-case address → owner. Rows are only ever added, so
 * each refresh reads those past the last id seen; ids are taken before commit, so one committed
 * late below that id is found by the count, which then reloads them all.
 */
export class AddressBook {
  private readonly byKey = new Map<string, { id: bigint; userId: bigint }>();
  private lastId = 0n;

  constructor(private readonly network: string) {}

  /** Reads the addresses made since the last call. */
  async refresh(db: DbOrTx): Promise<void> {
    const read = async (after: bigint) => {
      const rows = await db
        .select({ id: chainAddresses.id, userId: chainAddresses.userId, key: chainAddresses.addressKey })
        .from(chainAddresses)
        .where(and(eq(chainAddresses.network, this.network), gt(chainAddresses.id, after)))
        .orderBy(chainAddresses.id);
      for (const r of rows) {
        this.byKey.set(r.key, { id: r.id, userId: r.userId });
        if (r.id > this.lastId) this.lastId = r.id;
      }
    };
    await read(this.lastId);
    const [{ n }] = await db.select({ n: count() }).from(chainAddresses).where(eq(chainAddresses.network, this.network));
    if (Number(n) !== this.byKey.size) await read(0n);
  }

  owner(address: string | null): { id: bigint; userId: bigint } | undefined {
    return address ? this.byKey.get(address.toLowerCase()) : undefined;
  }

  all(): Hex[] {
    return [...this.byKey.keys()] as Hex[];
  }
}
