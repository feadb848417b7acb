/**
 * The signer's two sweep acts (docs/security.md, "The signer"; docs/wallet.md, "Sweeps"):
 *
 * - `fuel`: the hot wallet sends a customer's deposit address the gas of one token transfer, before
 *   that address's tokens are swept. The amount is the signer's own (the token gas limit times the
 *   fee asked, under its fee cap), the recipient must be an address its extended private key
 *   derives, and the nonce is a hot-wallet nonce: one a payout has (or any other record has) is
 *   refused, as payouts refuse one a fuel has.
 * - `sweep`: a deposit address sends what the sweep names to the hot wallet, signed with the
 *   address's own key derived from the account's extended private key (SIGNER_SWEEP_XPRV).
 *
 * The recipient of a sweep is always the signer's own hot wallet and a fuel only ever goes to an
 * address it can sweep back, so a caller that lies about a sweep can move the platform's coins only
 * between the platform's own addresses. Every signature is recorded and logged before it is answered.
 */
import { HDKey } from '@scure/bip32';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { bytesToHex, encodeFunctionData, keccak256, parseAbiItem, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { Tx } from '../platform/db/client.ts';
import { NATIVE_TRANSFER_GAS, TOKEN_TRANSFER_GAS } from '../platform/chainGas.ts';
import { SignerRefusal } from './approvals.ts';
import { signerSignatures } from './schema.ts';

const TRANSFER = parseAbiItem('function transfer(address to, uint256 value) returns (bool)');

export interface SweepSignRequest {
  sweepId: string;
  nonce: number;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
}

type SweepRow = {
  id: string;
  coin: string;
  address: string;
  amount_raw: string;
  to_address: string;
  state: string;
  derivation_index: number | string;
};

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/** The account-level extended private key, checked once at start: a public key cannot sweep. */
export function openSweepKey(xprv: string): HDKey {
  const key = HDKey.fromExtendedKey(xprv);
  if (!key.privateKey) throw new Error('SIGNER_SWEEP_XPRV: an extended public key cannot sign sweeps');
  return key;
}

/** The key of child 0/`index` (the deposit address the platform derived from the account's public half). */
export function depositAccount(account: HDKey, index: number): PrivateKeyAccount {
  const child = account.deriveChild(0).deriveChild(index);
  return privateKeyToAccount(bytesToHex(child.privateKey!));
}

export interface SweepContext {
  db: Tx;
  chainId: number;
  hot: PrivateKeyAccount;
  sweepKey?: HDKey;
  usdtContract?: Hex;
  maxFee: bigint;
  tip: bigint;
}

async function sweepOf(db: Tx, id: bigint): Promise<SweepRow> {
  const [row] = rowsOf<SweepRow>(
    await db.execute(sql`select s.id::text, s.coin, s.address, s.amount_raw::text, s.to_address, s.state,
      a.derivation_index from chain_sweeps s join chain_addresses a on a.id = s.address_id where s.id = ${id}`),
  );
  if (!row) throw new SignerRefusal('no such sweep');
  return row;
}

/** The deposit address's key, refused when the stored address is not what the key derives. */
function ownKey(c: SweepContext, s: SweepRow): PrivateKeyAccount {
  if (!c.sweepKey) throw new SignerRefusal('no sweep key configured (SIGNER_SWEEP_XPRV)');
  const own = depositAccount(c.sweepKey, Number(s.derivation_index));
  if (own.address.toLowerCase() !== s.address.toLowerCase())
    throw new SignerRefusal(`address ${s.address} is not derived by the sweep key at index ${s.derivation_index}`);
  return own;
}

/**
 * One sweep signs one nonce per kind: asked again with it, fees must be 10 % higher (or exactly the
 * same: the caller restarted before it kept the answer); the nonce must be free on the wallet.
 */
async function checkNonce(c: SweepContext, kind: 'fuel' | 'sweep', sweepId: bigint, from: string, nonce: number) {
  const mine = and(eq(signerSignatures.chainId, c.chainId), eq(signerSignatures.fromAddress, from));
  const before = await c.db
    .select()
    .from(signerSignatures)
    .where(and(mine, eq(signerSignatures.kind, kind), eq(signerSignatures.sweepId, sweepId)));
  if (before.some((b) => b.nonce !== nonce)) throw new SignerRefusal(`already signed with nonce ${before[0].nonce}`);
  const again = before.some((b) => b.maxFeePerGas === c.maxFee.toString() && b.maxPriorityFeePerGas === c.tip.toString());
  const highest = before.reduce((m, b) => (BigInt(b.maxFeePerGas) > m ? BigInt(b.maxFeePerGas) : m), 0n);
  if (before.length && !again && c.maxFee * 10n < highest * 11n) throw new SignerRefusal('a replacement needs fees 10 % higher');
  const [taken] = await c.db
    .select({ kind: signerSignatures.kind })
    .from(signerSignatures)
    .where(
      and(
        mine,
        eq(signerSignatures.nonce, nonce),
        or(ne(signerSignatures.kind, kind), isNull(signerSignatures.sweepId), ne(signerSignatures.sweepId, sweepId)),
      ),
    );
  if (taken) throw new SignerRefusal(`nonce ${nonce} was signed for another ${taken.kind}`);
}

async function record(c: SweepContext, kind: 'fuel' | 'sweep', sweepId: bigint, from: string, nonce: number, txHash: Hex) {
  await c.db
    .insert(signerSignatures)
    .values({
      kind,
      sweepId,
      chainId: c.chainId,
      fromAddress: from,
      nonce,
      txHash,
      maxFeePerGas: c.maxFee.toString(),
      maxPriorityFeePerGas: c.tip.toString(),
    })
    .onConflictDoNothing({ target: signerSignatures.txHash });
}

const base = (c: SweepContext, nonce: number) => ({
  chainId: c.chainId,
  nonce,
  maxFeePerGas: c.maxFee,
  maxPriorityFeePerGas: c.tip,
  type: 'eip1559' as const,
});

/** The gas of one token sweep, from the hot wallet to the sweep's address. */
export async function signFuel(c: SweepContext, req: SweepSignRequest) {
  const id = BigInt(req.sweepId);
  const s = await sweepOf(c.db, id);
  if (s.coin !== 'USDT') throw new SignerRefusal('only a token sweep is fuelled');
  if (s.state !== 'fueling') throw new SignerRefusal(`sweep is ${s.state}, not fueling`);
  ownKey(c, s);
  const from = c.hot.address.toLowerCase();
  await checkNonce(c, 'fuel', id, from, req.nonce);
  const value = TOKEN_TRANSFER_GAS * c.maxFee;
  const raw = await c.hot.signTransaction({ ...base(c, req.nonce), to: s.address as Hex, value, gas: NATIVE_TRANSFER_GAS });
  const txHash = keccak256(raw);
  await record(c, 'fuel', id, from, req.nonce, txHash);
  return { from: c.hot.address, txHash, raw, to: s.address, value: value.toString() };
}

/** A deposit address's coins to the hot wallet. */
export async function signSweep(c: SweepContext, req: SweepSignRequest) {
  const id = BigInt(req.sweepId);
  const s = await sweepOf(c.db, id);
  if (s.state !== 'sending' && s.state !== 'sent') throw new SignerRefusal(`sweep is ${s.state}, not sending`);
  if (s.to_address.toLowerCase() !== c.hot.address.toLowerCase())
    throw new SignerRefusal(`a sweep goes to the hot wallet ${c.hot.address}, not ${s.to_address}`);
  const own = ownKey(c, s);
  const from = own.address.toLowerCase();
  await checkNonce(c, 'sweep', id, from, req.nonce);
  const amount = BigInt(s.amount_raw);
  if (amount <= 0n) throw new SignerRefusal('nothing to sweep');
  let tx;
  if (s.coin === 'ETH') {
    tx = { ...base(c, req.nonce), to: c.hot.address, value: amount, gas: NATIVE_TRANSFER_GAS };
  } else if (s.coin === 'USDT') {
    if (!c.usdtContract) throw new SignerRefusal('no token contract configured');
    const data = encodeFunctionData({ abi: [TRANSFER], functionName: 'transfer', args: [c.hot.address, amount] });
    tx = { ...base(c, req.nonce), to: c.usdtContract, value: 0n, data, gas: TOKEN_TRANSFER_GAS };
  } else {
    throw new SignerRefusal(`${s.coin} is not swept by this signer`);
  }
  const raw = await own.signTransaction(tx);
  const txHash = keccak256(raw);
  await record(c, 'sweep', id, from, req.nonce, txHash);
  return { from: own.address, txHash, raw, to: c.hot.address, value: amount.toString() };
}
