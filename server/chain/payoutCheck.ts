/**
 * A payout hash typed by an operator, checked against the node before the withdrawal is marked
 * sent (docs/wallet.md, "Payouts on the chain"): the transaction exists, is mined and succeeded,
 * comes from a platform wallet, and pays the withdrawal's address exactly its receive amount in its
 * coin (native value, or the configured token's Transfer log). Whatever differs is a coded refusal
 * that names it; the check reads the node only and writes nothing.
 */
import Decimal from 'decimal.js';
import { getAddress, isAddress, parseUnits } from 'viem';
import { ASSET_DECIMALS, type Asset } from '../../src/contract/constants.ts';
import { Err } from '../../src/contract/errors.ts';
import { BizError } from '../platform/http/errors.ts';
import type { Hex } from './config.ts';
import type { ChainDeps, Watched } from './deps.ts';
import { unitsToAmount } from './credit.ts';
import type { EvmReceipt } from './evm.ts';

/** What was approved: the coin, the customer's address and what they are to receive. */
export interface PayoutToCheck {
  coin: Asset;
  address: string;
  /** the withdrawal's receive amount (a decimal string of the coin's precision or longer) */
  receiveAmount: string;
  txHash: string;
}

/** A payout the node confirmed: its hash as the chain spells it, its block, and the explorer's page. */
export interface CheckedPayout {
  txHash: Hex;
  blockNumber: number;
  blockHash: Hex;
  link: string | null;
}

const EVM_HASH = /^(0x)?[0-9a-fA-F]{64}$/;
const ETH_DECIMALS = 18;
const same = (a: string | null | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();
const shown = (a: string | null | undefined) => (a && isAddress(a, { strict: false }) ? getAddress(a) : (a ?? '-'));

/** The explorer's page of a transaction, when one is configured. */
export const explorerLink = (w: Watched, hash: string): string | null =>
  w.cfg.explorerTxUrl ? w.cfg.explorerTxUrl.replace('{hash}', hash) : null;

/** The amount at the asset's precision (as the customer saw it). */
const shownAmount = (coin: Asset, amount: string) => new Decimal(amount).toFixed(ASSET_DECIMALS[coin], Decimal.ROUND_DOWN);
/** Exactly the receive amount in the chain's units (the asset's precision is never finer than the chain's). */
const unitsOf = (coin: Asset, amount: string, decimals: number) => parseUnits(shownAmount(coin, amount), decimals);

export async function checkPayout(
  deps: ChainDeps,
  w: Watched,
  platformWallets: readonly string[],
  p: PayoutToCheck,
): Promise<CheckedPayout> {
  const { network } = w.cfg;
  if (!EVM_HASH.test(p.txHash)) throw new BizError(Err.CHAIN_PAYOUT_UNKNOWN, { txHash: p.txHash, network });
  const txHash = `0x${p.txHash.toLowerCase().replace(/^0x/, '')}` as Hex;
  const [tx, receipt] = await ask(deps, network, () => Promise.all([w.evm.transaction(txHash), w.evm.receipt(txHash)]));
  if (!tx) throw new BizError(Err.CHAIN_PAYOUT_UNKNOWN, { txHash, network });
  if (!receipt) throw new BizError(Err.CHAIN_PAYOUT_PENDING, { txHash });
  if (receipt.status !== 'success') throw new BizError(Err.CHAIN_TX_FAILED, { txHash });
  if (!platformWallets.some((a) => same(a, tx.from))) {
    const wallets = platformWallets.length ? platformWallets.map(shown).join(', ') : '-';
    throw new BizError(Err.CHAIN_PAYOUT_NOT_PLATFORM, { txHash, actual: shown(tx.from), wallets });
  }
  const expected = shownAmount(p.coin, p.receiveAmount);
  if (p.coin === 'ETH') {
    const token = receipt.transfers.find((t) => same(t.to, p.address));
    if (!same(tx.to, p.address) && token) {
      throw new BizError(Err.CHAIN_PAYOUT_WRONG_TOKEN, { txHash, actual: shown(token.token), expected: 'ETH' });
    }
    if (!same(tx.to, p.address)) {
      throw new BizError(Err.CHAIN_PAYOUT_WRONG_RECIPIENT, { txHash, actual: shown(tx.to), expected: shown(p.address) });
    }
    if (tx.value !== unitsOf('ETH', p.receiveAmount, ETH_DECIMALS)) {
      const actual = unitsToAmount(tx.value, ETH_DECIMALS, 'ETH');
      throw new BizError(Err.CHAIN_PAYOUT_WRONG_AMOUNT, { txHash, actual, expected, coin: 'ETH' });
    }
  } else {
    await tokenPaid(deps, w, receipt, tx, p, txHash, expected);
  }
  return { txHash, blockNumber: receipt.blockNumber, blockHash: receipt.blockHash, link: explorerLink(w, txHash) };
}

/** A token payout: a Transfer of the configured contract to the address, of exactly the amount. */
async function tokenPaid(
  deps: ChainDeps,
  w: Watched,
  receipt: EvmReceipt,
  tx: { to: Hex | null; value: bigint },
  p: PayoutToCheck,
  txHash: Hex,
  expected: string,
): Promise<void> {
  const token = w.cfg.usdtContract!;
  const toAddress = receipt.transfers.filter((t) => same(t.to, p.address));
  const ours = toAddress.filter((t) => same(t.token, token));
  if (ours.length === 0) {
    if (toAddress.length > 0) {
      throw new BizError(Err.CHAIN_PAYOUT_WRONG_TOKEN, { txHash, actual: shown(toAddress[0].token), expected: shown(token) });
    }
    if (same(tx.to, p.address) && tx.value > 0n) {
      throw new BizError(Err.CHAIN_PAYOUT_WRONG_TOKEN, { txHash, actual: 'ETH', expected: shown(token) });
    }
    const elsewhere = receipt.transfers.find((t) => same(t.token, token));
    throw new BizError(Err.CHAIN_PAYOUT_WRONG_RECIPIENT, {
      txHash,
      actual: shown(elsewhere?.to ?? tx.to),
      expected: shown(p.address),
    });
  }
  const decimals = await ask(deps, w.cfg.network, () => w.evm.tokenDecimals(token));
  const want = unitsOf(p.coin, p.receiveAmount, decimals);
  if (!ours.some((t) => t.value === want)) {
    const actual = unitsToAmount(ours[0].value, decimals, p.coin);
    throw new BizError(Err.CHAIN_PAYOUT_WRONG_AMOUNT, { txHash, actual, expected, coin: p.coin });
  }
}

/** The node's answer; a node that does not answer (after the transport's retries) is a refusal to try later. */
async function ask<T>(deps: ChainDeps, network: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof BizError) throw err;
    deps.log.warn({ err, network }, 'chain node did not answer a payout check');
    throw new BizError(Err.CHAIN_NODE_UNAVAILABLE, { network });
  }
}
