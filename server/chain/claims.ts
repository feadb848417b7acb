/**
 * A customer's deposit claim on a watched network, checked against the chain instead of waiting for
 * an operator (docs/wallet.md, "Deposits from the chain"): the node's transaction and receipt must
 * show a successful transfer of the claimed coin and amount to the customer's own address.
 * Whatever differs is a coded refusal that names it, and nothing is written; a valid claim is
 * recorded under the same key the watcher uses, so it is the same deposit, credited once.
 */
import Decimal from 'decimal.js';
import { and, eq, ne } from 'drizzle-orm';
import { getAddress, isAddress } from 'viem';
import type { Asset } from '../../src/contract/constants.ts';
import { Err } from '../../src/contract/errors.ts';
import { BizError } from '../platform/http/errors.ts';
import { parseUserAmount } from '../platform/ledger/amounts.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import type { Hex } from './config.ts';
import { recordFound, unitsToAmount, type Found } from './credit.ts';
import type { ChainDeps, Watched } from './deps.ts';
import type { EvmReceipt, EvmTx } from './evm.ts';
import { chainAddresses, chainDeposits, type ChainDepositRow } from './schema.ts';
import type { NetworkWatcher } from './watcher.ts';

/** What a claim says: the coin and network, the transaction and the amount the customer sent. */
export interface ChainClaim {
  coin: Asset;
  network: string;
  txHash: string;
  amount: string;
}

const EVM_HASH = /^(0x)?[0-9a-fA-F]{64}$/;
const ETH_DECIMALS = 18;
const same = (a: string | null | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();
/** An address as wallets show it (EIP-55), in the refusals that name one. */
const shown = (a: string | null | undefined) => (a && isAddress(a, { strict: false }) ? getAddress(a) : (a ?? '-'));

export async function claimDeposit(
  deps: ChainDeps,
  w: Watched,
  watcher: NetworkWatcher,
  userId: bigint,
  c: ChainClaim,
): Promise<ChainDepositRow> {
  const { network } = w.cfg;
  const claimed = parseUserAmount(c.coin, c.amount);
  if (!EVM_HASH.test(c.txHash)) throw new BizError(Err.CHAIN_TX_UNKNOWN, { txHash: c.txHash, network });
  const txHash = `0x${c.txHash.toLowerCase().replace(/^0x/, '')}` as Hex;
  const [addr] = await deps.db
    .select()
    .from(chainAddresses)
    .where(and(eq(chainAddresses.network, network), eq(chainAddresses.userId, userId)));

  // asked again: the deposit already recorded, never a second one
  const known = addr
    ? await deps.db
        .select()
        .from(chainDeposits)
        .where(
          and(
            eq(chainDeposits.txHash, txHash),
            eq(chainDeposits.userId, userId),
            eq(chainDeposits.coin, c.coin),
            ne(chainDeposits.status, 'dropped'),
          ),
        )
    : [];
  const match = known.find((k) => new Decimal(k.amount).eq(claimed));
  if (match) return match;

  const [tx, receipt] = await ask(deps, network, () => Promise.all([w.evm.transaction(txHash), w.evm.receipt(txHash)]));
  if (!tx) throw new BizError(Err.CHAIN_TX_UNKNOWN, { txHash, network });
  if (!receipt) throw new BizError(Err.CHAIN_TX_PENDING, { txHash });
  if (receipt.status !== 'success') throw new BizError(Err.CHAIN_TX_FAILED, { txHash });
  const expected = addr?.address ?? '-';
  const owner = addr ? { id: addr.id, userId } : undefined;
  const found =
    c.coin === 'ETH'
      ? nativeTransfer(tx, receipt, expected, claimed)
      : tokenTransfer(
          w,
          receipt,
          c.coin,
          tx,
          expected,
          claimed,
          await ask(deps, network, () => w.evm.tokenDecimals(w.cfg.usdtContract!)),
        );
  if (!owner) throw new BizError(Err.CHAIN_TX_WRONG_RECIPIENT, { actual: shown(found.to), expected });

  const state = await watcher.state();
  const chainId = state?.chainId ?? (await ask(deps, network, () => w.evm.chainId()));
  const where = { network, chainId, required: w.cfg.confirmations, lastBlock: state?.lastBlock ?? -1 };
  const events = new PendingEvents();
  const row = await deps.db.transaction((t) =>
    recordFound(
      t,
      { ...found, blockNumber: receipt.blockNumber, blockHash: receipt.blockHash, owner },
      where,
      'claim',
      events,
      deps.clock.date(),
    ),
  );
  await events.publish(deps);
  return row;
}

/** The node's answer; a node that does not answer (after the transport's retries) is a refusal to try later. */
async function ask<T>(deps: ChainDeps, network: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    deps.log.warn({ err, network }, 'chain node did not answer a claim');
    throw new BizError(Err.CHAIN_NODE_UNAVAILABLE, { network });
  }
}

type Matched = Omit<Found, 'blockNumber' | 'blockHash' | 'owner'>;

/** Native ETH: the transaction's own recipient and value. */
function nativeTransfer(tx: EvmTx, receipt: EvmReceipt, expected: string, claimed: string): Matched {
  if (!same(tx.to, expected) || tx.value === 0n) {
    // a token sent to the customer is a transfer of another coin, not of ETH to someone else
    const token = receipt.transfers.find((t) => same(t.to, expected));
    if (token) throw new BizError(Err.CHAIN_TX_WRONG_TOKEN, { claimed: 'ETH', actual: shown(token.token) });
    if (!same(tx.to, expected)) throw new BizError(Err.CHAIN_TX_WRONG_RECIPIENT, { actual: shown(tx.to), expected });
  }
  const actual = unitsToAmount(tx.value, ETH_DECIMALS, 'ETH');
  if (!new Decimal(actual).eq(claimed)) throw new BizError(Err.CHAIN_TX_WRONG_AMOUNT, { claimed, actual, coin: 'ETH' });
  return { coin: 'ETH', txHash: tx.hash, logIndex: -1, from: tx.from, to: tx.to!, amountRaw: tx.value, decimals: ETH_DECIMALS };
}

/** A token: a Transfer log of the configured contract to the customer, of the claimed amount. */
function tokenTransfer(
  w: Watched,
  receipt: EvmReceipt,
  coin: Asset,
  tx: EvmTx,
  expected: string,
  claimed: string,
  decimals: number,
): Matched {
  const toUs = receipt.transfers.filter((t) => same(t.to, expected));
  if (toUs.length === 0) {
    if (same(tx.to, expected) && tx.value > 0n) throw new BizError(Err.CHAIN_TX_WRONG_TOKEN, { claimed: coin, actual: 'ETH' });
    const elsewhere = receipt.transfers.find((t) => same(t.token, w.cfg.usdtContract!));
    throw new BizError(Err.CHAIN_TX_WRONG_RECIPIENT, { actual: shown(elsewhere?.to ?? tx.to), expected });
  }
  const ours = toUs.filter((t) => same(t.token, w.cfg.usdtContract!));
  // the same Transfer event from another contract is another token, whatever its name says
  if (ours.length === 0) throw new BizError(Err.CHAIN_TX_WRONG_TOKEN, { claimed: coin, actual: shown(toUs[0].token) });
  const match = ours.find((t) => new Decimal(unitsToAmount(t.value, decimals, coin)).eq(claimed));
  if (!match) {
    throw new BizError(Err.CHAIN_TX_WRONG_AMOUNT, { claimed, actual: unitsToAmount(ours[0].value, decimals, coin), coin });
  }
  return { coin, txHash: tx.hash, logIndex: match.logIndex, from: match.from, to: match.to, amountRaw: match.value, decimals };
}
