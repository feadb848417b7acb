/**
 * House capital into and out of the yield reserve, under four eyes (issue 32, docs/smart-plans.md
 * "House capital"). One operator proposes a movement with where the capital is held; nothing
 * moves until a second, different operator confirms it. The rules are those of large deposits and
 * withdrawals (server/wallet/fourEyes.ts, server/platform/operators/operatorTrust.ts): the proposer confirming
 * is 10081, an operator on probation (10150) or linked by creation to the proposer (10151) may
 * not confirm, and any operator may reject (stopping money is never the risk). Every step writes
 * the audit log in its transaction; a refusal writes nothing.
 *
 * Bounds: at most RESERVE_FUNDING_MAX a movement (10265), the asset's precision (10270); a funding
 * may not take the house capital declared in the reserve beyond the attested holdings (10266,
 * server/smart/attested.ts); a withdrawal takes only what no running plan is promised (10268).
 */
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { Err } from '../../src/contract/errors.ts';
import { SMART_ASSET, type AdminReserve, type CapitalEvidence, type FundReserveBody } from '../../src/contract/smart.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { smartReserveFundings } from './schema.ts';
import { BizError } from '../platform/http/errors.ts';
import { writeAudit } from '../platform/audit/audit.ts';
import { parseOperatorAmount } from '../platform/operators/operatorAmounts.ts';
import { assertMayReviewMoney } from '../platform/operators/operatorTrust.ts';
import { platformAccount } from '../platform/ledger/accounts.ts';
import { transfer } from '../platform/ledger/ledger.ts';
import { isValidAddress } from '../../src/contract/chainAddresses.ts';
import { fmt } from '../platform/ledger/amounts.ts';
import { attestedHoldings } from './attested.ts';
import { adminReserve, declaredCapital, lockReserve } from './reserve.ts';
import type { SmartDeps } from './deps.ts';

type Deps = Pick<SmartDeps, 'db' | 'now' | 'operatorProbationHours' | 'reserveFundingMax'>;
type FundingRow = typeof smartReserveFundings.$inferSelect;

const evidenceInvalid = (field: string) => new BizError(Err.RESERVE_EVIDENCE_INVALID, { field });
/** A transaction id: 64 hex digits, with 0x on Ethereum networks (as explorers print them). */
const TX_HASH = { ERC20: /^0x[0-9a-f]{64}$/, TRC20: /^[0-9a-f]{64}$/ } as const;
/** A bank's reference: letters and digits (an IBAN, a SWIFT reference, a statement line id) with spaces, dots, slashes, dashes. */
const BANK_REFERENCE = /^[A-Za-z0-9][A-Za-z0-9 ./_-]{4,62}[A-Za-z0-9]$/;

/** The evidence as stored, each field checked (10267 names the one that fails). */
export function evidenceColumns(e: CapitalEvidence) {
  if (e.kind === 'bank') {
    const reference = e.reference.trim();
    if (!BANK_REFERENCE.test(reference)) throw evidenceInvalid('reference');
    return { evidenceKind: 'bank' as const, evidenceReference: reference };
  }
  const address = e.address.trim();
  if (!isValidAddress(e.network, address)) throw evidenceInvalid('address');
  const txHash = e.txHash.trim().toLowerCase();
  if (!TX_HASH[e.network].test(txHash)) throw evidenceInvalid('txHash');
  return { evidenceKind: 'chain' as const, evidenceNetwork: e.network, evidenceAddress: address, evidenceTxHash: txHash };
}

const amountOf = (deps: Deps, raw: string) =>
  parseOperatorAmount(SMART_ASSET, raw, { max: deps.reserveFundingMax, field: 'amount', code: Err.RESERVE_FUNDING_ABOVE_MAX });

/** A funding may not put more house capital in the reserve than the attested holdings (once any are attested). */
async function assertWithinAttested(tx: DbOrTx, amount: string): Promise<void> {
  const attested = await attestedHoldings(tx, SMART_ASSET);
  if (!attested) return;
  const declared = new Decimal(await declaredCapital(tx)).plus(amount);
  if (declared.gt(attested.amount)) {
    throw new BizError(Err.RESERVE_ABOVE_ATTESTED, {
      declared: fmt(SMART_ASSET, declared.toFixed()),
      attested: fmt(SMART_ASSET, attested.amount),
    });
  }
}

/** A withdrawal takes only the reserve not promised to plans (the committed yield is another account). */
function assertWithdrawable(balance: string, amount: string): void {
  if (new Decimal(amount).gt(balance))
    throw new BizError(Err.RESERVE_WITHDRAWAL_TOO_LARGE, { available: fmt(SMART_ASSET, balance) });
}

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/**
 * Proposes a movement (audited); moves nothing. Checked now so the proposer hears a refusal at
 * once, and again at confirmation, which is what counts. A retry with the same client key
 * answers without a second proposal; a transaction hash backs one movement (10038).
 */
export async function proposeMovement(deps: Deps, operatorId: bigint, b: FundReserveBody): Promise<AdminReserve> {
  const kind = b.kind ?? 'fund';
  const amount = amountOf(deps, b.amount);
  const note = b.note.trim();
  if (!note) throw new BizError(Err.MALFORMED_REQUEST, { detail: 'note required' });
  const evidence = evidenceColumns(b.evidence);
  const now = deps.now();
  // an operator added in the console moves no house money while new (issue 25)
  await assertMayReviewMoney(deps.db, deps.operatorProbationHours, operatorId, {}, now);
  await deps.db
    .transaction(async (tx) => {
      if (b.clientKey) {
        const [first] = await tx
          .select({ id: smartReserveFundings.id })
          .from(smartReserveFundings)
          .where(and(eq(smartReserveFundings.operatorId, operatorId), eq(smartReserveFundings.clientKey, b.clientKey)));
        if (first) return; // the same proposal, retried
      }
      if (kind === 'fund') await assertWithinAttested(tx, amount);
      else assertWithdrawable(await lockReserve(tx), amount);
      const [row] = await tx
        .insert(smartReserveFundings)
        .values({
          operatorId,
          kind,
          status: 'proposed',
          amount,
          note,
          clientKey: b.clientKey ?? null,
          ...evidence,
          createdAt: new Date(now),
        })
        .returning();
      await writeAudit(tx, {
        actorId: operatorId,
        action: `smart_reserve.propose_${kind}`,
        targetType: 'smart_reserve',
        targetId: row.id,
        before: null,
        after: row,
      });
    })
    .catch((e: unknown) => {
      throw isUniqueViolation(e) ? new BizError(Err.TX_HASH_USED) : e;
    });
  return adminReserve(deps.db, deps.reserveFundingMax);
}

async function lockProposed(tx: DbOrTx, id: bigint): Promise<FundingRow> {
  const [row] = await tx.select().from(smartReserveFundings).where(eq(smartReserveFundings.id, id)).for('update');
  if (!row) throw new BizError(Err.RECORD_NOT_FOUND);
  if (row.status !== 'proposed') throw new BizError(Err.STATUS_TRANSITION_DENIED);
  return row;
}

/**
 * A second operator confirms: the ledger transfer, the status and the audit entry in one
 * transaction, after the reserve's row lock (the domain's one lock order, server/smart/reserve.ts).
 */
export async function confirmMovement(deps: Deps, operatorId: bigint, id: bigint): Promise<AdminReserve> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const balance = await lockReserve(tx);
    const before = await lockProposed(tx, id);
    if (before.operatorId === operatorId) throw new BizError(Err.SECOND_OPERATOR_REQUIRED);
    await assertMayReviewMoney(tx, deps.operatorProbationHours, operatorId, { firstApprovedBy: before.operatorId }, now);
    // the bound may have been lowered since the proposal
    const amount = amountOf(deps, new Decimal(before.amount).toFixed());
    if (before.kind === 'fund') {
      await assertWithinAttested(tx, amount);
      await transfer(tx, {
        key: `smart:reserve:funding:${id}`,
        book: 'real',
        asset: SMART_ASSET,
        from: platformAccount('house_capital'),
        to: platformAccount('yield_reserve'),
        amount,
        reason: 'smart.reserve_funded',
        refType: 'smart_reserve_funding',
        refId: id.toString(),
      });
    } else {
      assertWithdrawable(balance, amount);
      await transfer(tx, {
        key: `smart:reserve:withdrawal:${id}`,
        book: 'real',
        asset: SMART_ASSET,
        from: platformAccount('yield_reserve'),
        to: platformAccount('house_capital'),
        amount,
        reason: 'smart.reserve_withdrawn',
        refType: 'smart_reserve_funding',
        refId: id.toString(),
      });
    }
    const [after] = await tx
      .update(smartReserveFundings)
      .set({ status: 'confirmed', decidedBy: operatorId, decidedAt: new Date(now) })
      .where(eq(smartReserveFundings.id, id))
      .returning();
    await writeAudit(tx, {
      actorId: operatorId,
      action: `smart_reserve.confirm_${before.kind}`,
      targetType: 'smart_reserve',
      targetId: id,
      before,
      after,
    });
  });
  return adminReserve(deps.db, deps.reserveFundingMax);
}

/** Any operator rejects a proposal (its proposer withdraws it); nothing had moved, nothing moves. */
export async function rejectMovement(deps: Deps, operatorId: bigint, id: bigint): Promise<AdminReserve> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const before = await lockProposed(tx, id);
    const [after] = await tx
      .update(smartReserveFundings)
      .set({ status: 'rejected', decidedBy: operatorId, decidedAt: new Date(now) })
      .where(eq(smartReserveFundings.id, id))
      .returning();
    await writeAudit(tx, {
      actorId: operatorId,
      action: `smart_reserve.reject_${before.kind}`,
      targetType: 'smart_reserve',
      targetId: id,
      before,
      after,
    });
  });
  return adminReserve(deps.db, deps.reserveFundingMax);
}
