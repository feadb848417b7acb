/**
 * The signer's one act (docs/security.md, "The signer"): sign the payout of one approved
 * withdrawal. The caller names the withdrawal, the nonce and the fees; the recipient, the amount and
 * the token come from the database (server/signer/approvals.ts), never from the caller. A
 * withdrawal already signed is signed again only with the same nonce and fees at least 10 % higher
 * (a replacement: whichever is mined, it pays once), a nonce signed for one withdrawal is never
 * used for another, and every signature is recorded and logged before it is answered.
 */
import Decimal from 'decimal.js';
import type { HDKey } from '@scure/bip32';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { encodeFunctionData, keccak256, parseAbiItem, parseUnits, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { Db, Tx } from '../platform/db/client.ts';
import { NATIVE_TRANSFER_GAS } from '../platform/chainGas.ts';
import { approvedPayout, SignerRefusal } from './approvals.ts';
import { signerSignatures } from './schema.ts';
import { signFuel, signSweep, type SweepSignRequest } from './sweeps.ts';

const TRANSFER = parseAbiItem('function transfer(address to, uint256 value) returns (bool)');
/** the most a token transfer may be given */
const MAX_TOKEN_GAS = 150_000n;

/** The amount in a token's decimals, cut (never rounded up): the asset's precision is never finer than the chain's. */
const exact = (amount: string, decimals: number) => new Decimal(amount).toFixed(decimals, Decimal.ROUND_DOWN);

export interface SignRequest {
  withdrawalId: string;
  nonce: number;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  /** a token transfer's gas limit (a native transfer's is 21,000) */
  gas?: string;
}

export interface Signed {
  from: Hex;
  txHash: Hex;
  raw: Hex;
}

export interface SignerSettings {
  chainId: number;
  usdtContract?: Hex;
  /** the token's decimals (6 for USDT) */
  usdtDecimals: number;
  fourEyesAboveUsdt: string;
  /** the highest fee per gas it signs (wei): a caller cannot drain the wallet in fees */
  maxFeePerGas: bigint;
  /** the account's extended private key deposit addresses derive from (SIGNER_SWEEP_XPRV); absent, no sweeps */
  sweepKey?: HDKey;
}

export interface SignerLog {
  info(o: object, msg: string): void;
  warn(o: object, msg: string): void;
}

export class Signer {
  private readonly account: PrivateKeyAccount;

  constructor(
    private readonly db: Db,
    key: Hex,
    private readonly settings: SignerSettings,
    private readonly log: SignerLog,
  ) {
    this.account = privateKeyToAccount(key);
  }

  get address(): Hex {
    return this.account.address;
  }

  async sign(req: SignRequest): Promise<Signed> {
    try {
      return await this.signChecked(req);
    } catch (err) {
      if (err instanceof SignerRefusal) this.log.warn({ withdrawalId: req.withdrawalId, reason: err.reason }, 'signer refused');
      throw err;
    }
  }

  /** The gas of one token sweep, sent by the hot wallet to the sweep's deposit address (server/signer/sweeps.ts). */
  fuel(req: SweepSignRequest): Promise<Signed> {
    return this.sweepAct('fuel', req);
  }

  /** A deposit address's coins to the hot wallet (server/signer/sweeps.ts). */
  sweep(req: SweepSignRequest): Promise<Signed> {
    return this.sweepAct('sweep', req);
  }

  private async sweepAct(kind: 'fuel' | 'sweep', req: SweepSignRequest): Promise<Signed> {
    try {
      if (!/^[1-9][0-9]{0,18}$/.test(req.sweepId)) throw new SignerRefusal('bad sweep id');
      const { maxFee, tip } = this.checkedFees(req);
      const signed = await this.locked(async (db) => {
        const { chainId, sweepKey, usdtContract } = this.settings;
        const c = { db, chainId, sweepKey, usdtContract, hot: this.account, maxFee, tip };
        return kind === 'fuel' ? signFuel(c, req) : signSweep(c, req);
      });
      this.log.info(
        { kind, sweepId: req.sweepId, nonce: req.nonce, txHash: signed.txHash, to: signed.to, value: signed.value },
        'signer signed',
      );
      return { from: signed.from, txHash: signed.txHash, raw: signed.raw };
    } catch (err) {
      if (err instanceof SignerRefusal) this.log.warn({ kind, sweepId: req.sweepId, reason: err.reason }, 'signer refused');
      throw err;
    }
  }

  private checkedFees(req: { nonce: number; maxFeePerGas: string; maxPriorityFeePerGas: string }) {
    const s = this.settings;
    if (!Number.isSafeInteger(req.nonce) || req.nonce < 0) throw new SignerRefusal('bad nonce');
    const maxFee = BigInt(req.maxFeePerGas);
    const tip = BigInt(req.maxPriorityFeePerGas);
    if (maxFee <= 0n || tip < 0n || tip > maxFee) throw new SignerRefusal('bad fees');
    if (maxFee > s.maxFeePerGas) throw new SignerRefusal(`fee per gas ${maxFee} above the signer's limit ${s.maxFeePerGas}`);
    return { maxFee, tip };
  }

  /** One signature at a time per hot wallet: the nonce checks and the record of one act cannot interleave with another's. */
  private locked<T>(act: (db: Tx) => Promise<T>): Promise<T> {
    const from = this.account.address.toLowerCase();
    return this.db.transaction(async (db) => {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`signer:${this.settings.chainId}:${from}`}, 0))`);
      return act(db);
    });
  }

  private async signChecked(req: SignRequest): Promise<Signed> {
    if (!/^[1-9][0-9]{0,18}$/.test(req.withdrawalId)) throw new SignerRefusal('bad withdrawal id');
    const { maxFee, tip } = this.checkedFees(req);
    const id = BigInt(req.withdrawalId);
    const from = this.account.address.toLowerCase();
    return this.locked((db) => this.signLocked(db, req, id, from, maxFee, tip));
  }

  private async signLocked(db: Tx, req: SignRequest, id: bigint, from: string, maxFee: bigint, tip: bigint): Promise<Signed> {
    const s = this.settings;
    const p = await approvedPayout(db, id, s.fourEyesAboveUsdt);
    const mine = and(eq(signerSignatures.chainId, s.chainId), eq(signerSignatures.fromAddress, from));
    const before = await db
      .select()
      .from(signerSignatures)
      .where(and(mine, eq(signerSignatures.withdrawalId, id)));
    if (before.length > 0) {
      if (before.some((b) => b.nonce !== req.nonce)) throw new SignerRefusal(`already signed with nonce ${before[0].nonce}`);
      const highest = before.reduce((m, b) => (BigInt(b.maxFeePerGas) > m ? BigInt(b.maxFeePerGas) : m), 0n);
      const highestTip = before.reduce((m, b) => (BigInt(b.maxPriorityFeePerGas) > m ? BigInt(b.maxPriorityFeePerGas) : m), 0n);
      // asked again exactly (the sender restarted before it recorded the answer): the same signature
      const again = before.some((b) => b.maxFeePerGas === maxFee.toString() && b.maxPriorityFeePerGas === tip.toString());
      if (!again && (maxFee * 10n < highest * 11n || tip * 10n < highestTip * 11n)) {
        throw new SignerRefusal('a replacement needs fees 10 % higher');
      }
    }
    const [taken] = await db
      .select({ id: signerSignatures.withdrawalId })
      .from(signerSignatures)
      .where(
        and(
          mine,
          eq(signerSignatures.nonce, req.nonce),
          or(isNull(signerSignatures.withdrawalId), ne(signerSignatures.withdrawalId, id)),
        ),
      );
    if (taken) throw new SignerRefusal(`nonce ${req.nonce} was signed for ${taken.id ? `withdrawal ${taken.id}` : 'a sweep'}`);

    const base = {
      chainId: s.chainId,
      nonce: req.nonce,
      maxFeePerGas: maxFee,
      maxPriorityFeePerGas: tip,
      type: 'eip1559' as const,
    };
    let tx;
    if (p.coin === 'ETH') {
      tx = { ...base, to: p.address as Hex, value: parseUnits(exact(p.receiveAmount, 18), 18), gas: NATIVE_TRANSFER_GAS };
    } else {
      if (!s.usdtContract) throw new SignerRefusal('no token contract configured');
      const gas = BigInt(req.gas ?? '100000');
      if (gas <= 0n || gas > MAX_TOKEN_GAS) throw new SignerRefusal('bad gas');
      const units = parseUnits(exact(p.receiveAmount, s.usdtDecimals), s.usdtDecimals);
      const data = encodeFunctionData({ abi: [TRANSFER], functionName: 'transfer', args: [p.address as Hex, units] });
      tx = { ...base, to: s.usdtContract, value: 0n, data, gas };
    }
    const raw = await this.account.signTransaction(tx);
    const txHash = keccak256(raw);
    await db
      .insert(signerSignatures)
      .values({
        withdrawalId: id,
        chainId: s.chainId,
        fromAddress: from,
        nonce: req.nonce,
        txHash,
        maxFeePerGas: maxFee.toString(),
        maxPriorityFeePerGas: tip.toString(),
      })
      .onConflictDoNothing({ target: signerSignatures.txHash });
    this.log.info(
      {
        withdrawalId: req.withdrawalId,
        nonce: req.nonce,
        txHash,
        to: p.address,
        coin: p.coin,
        amount: p.receiveAmount,
        maxFeePerGas: maxFee.toString(),
      },
      'signer signed',
    );
    return { from: this.account.address, txHash, raw };
  }
}
