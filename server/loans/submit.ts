/**
 * Submitting a loan (docs/loans.md): the signed agreement, the collateral moved from available to
 * loan_collateral at the feed price of the moment, the loan waiting for review; one transaction.
 * Every refusal comes before anything is written, or rolls the transaction back.
 */
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { Language } from '../../src/contract/constants.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Loan, LoanDetail } from '../../src/contract/loans.ts';
import { collateralFor, usdt } from '../../src/contract/loanMath.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { loanSignatures, loans } from './schema.ts';
import { users } from '../platform/identity/schema.ts';
import { BizError } from '../platform/http/errors.ts';
import { userAccount } from '../platform/ledger/accounts.ts';
import { transfer } from '../platform/ledger/ledger.ts';
import { cleanImage, sniffImage } from '../platform/uploads/images.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import { AGREEMENT_VERSION } from './agreement.ts';
import type { LoanForm } from './form.ts';
import type { LoansContext } from './deps.ts';
import { loanHistory, loanView, type LoanRow } from './view.ts';

async function byClientKey(db: DbOrTx, userId: bigint, clientKey: string): Promise<LoanRow | undefined> {
  const [row] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.userId, userId), eq(loans.clientKey, clientKey)));
  return row;
}

/** The amount as typed: USDT's 6 places, within the terms' range; anything else is 10120. */
function loanAmount(raw: string, min: string, max: string): string {
  const a = new Decimal(raw);
  if (a.decimalPlaces() > 6 || a.lt(min) || a.gt(max))
    throw new BizError(Err.LOAN_AMOUNT_WRONG, { min: usdt(min), max: usdt(max) });
  return a.toFixed(6);
}

function secondPending(e: unknown): boolean {
  type PgError = { code?: string; constraint?: string; message?: string };
  const err = e as (PgError & { cause?: PgError }) | undefined;
  const c = err?.code === '23505' ? err : err?.cause?.code === '23505' ? err.cause : undefined;
  return c !== undefined && (c.constraint === 'loans_one_pending' || String(c.message).includes('loans_one_pending'));
}

/**
 * Refusals in this order, each writing nothing: not verified 10022; (a retry with the same client
 * key answers the first loan); a loan already under review 10124; days not offered 10023; amount
 * 10120; agreement not the current version 10121; no signature or no full name 10122; signature
 * not an image 10039 (10086 too large in pixels); no trusted price 10047; collateral not
 * available 10011 (the ledger's CHECK, inside the transaction).
 */
export async function submitLoan(s: LoansContext, userId: bigint, lang: Language, form: LoanForm): Promise<Loan> {
  const { db, terms } = s.deps;
  const f = form.fields;
  const now = s.now();
  const [user] = await db.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, userId));
  if (user?.kycStatus !== 'verified') throw new BizError(Err.USER_NOT_AUTHENTICATED);
  const first = await byClientKey(db, userId, f.clientKey);
  if (first) return loanView(first, s.priceOf(first.collateralAsset));
  const [pending] = await db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.userId, userId), eq(loans.status, 'pending_review')));
  if (pending) throw new BizError(Err.LOAN_PENDING_EXISTS);
  const days = Number(f.days);
  if (!terms.days.includes(days)) throw new BizError(Err.LOAN_PERIOD_WRONG);
  if (!terms.collateralAssets.includes(f.collateralAsset))
    throw new BizError(Err.MALFORMED_REQUEST, { detail: 'collateralAsset not offered' });
  const amount = loanAmount(f.amount, terms.minAmount, terms.maxAmount);
  if (f.agreementVersion !== AGREEMENT_VERSION) throw new BizError(Err.LOAN_AGREEMENT_OUTDATED, { version: AGREEMENT_VERSION });
  const fullName = f.fullName.trim().replace(/\s+/g, ' ');
  if (fullName.length < 2 || !form.signature || form.signature.length === 0) throw new BizError(Err.LOAN_NOT_SIGNED);
  if (!sniffImage(form.signature)) throw new BizError(Err.IMAGE_FORMAT_WRONG);
  const image = await cleanImage(form.signature, s.deps.images);
  const price = s.priceOf(f.collateralAsset);
  if (price === null) throw new BizError(Err.PRICE_UNAVAILABLE, { code: f.collateralAsset });
  const collateral = collateralFor(amount, price, terms.initialLtv);

  // sealed into the blob store before the row that names it (server/platform/blobs/files.ts)
  const blobKey = await s.deps.files.put('loan-signature', image.bytes);
  const events = new PendingEvents();
  const row = await db
    .transaction(async (tx) => {
      const [ins] = await tx
        .insert(loans)
        .values({
          userId,
          amount,
          collateralAsset: f.collateralAsset,
          collateralAmount: collateral,
          collateralInitial: collateral,
          priceAtSubmit: price,
          days,
          dailyRate: terms.dailyRate,
          interestFreeDays: terms.interestFreeDays,
          overlayRate: terms.overlayRate,
          initialLtv: terms.initialLtv,
          warningLtv: terms.warningLtv,
          marginCallLtv: terms.marginCallLtv,
          liquidationLtv: terms.liquidationLtv,
          liquidationFee: terms.liquidationFee,
          liquidationOverdueDays: terms.liquidationOverdueDays,
          agreementVersion: AGREEMENT_VERSION,
          agreementLanguage: lang,
          fullName,
          clientKey: f.clientKey,
          principalOutstanding: amount,
          createdAt: new Date(now),
        })
        .onConflictDoNothing({ target: [loans.userId, loans.clientKey] })
        .returning();
      if (!ins) return undefined; // the same submission, retried while the first committed
      await tx
        .insert(loanSignatures)
        .values({ loanId: ins.id, mime: image.mime, blobKey, width: image.width, height: image.height });
      // the CHECK on user balances refuses collateral the user does not have (10011): all rolls back
      await transfer(tx, {
        key: `loan:${ins.id}:collateral`,
        book: 'real',
        asset: f.collateralAsset,
        from: userAccount(userId, 'available'),
        to: userAccount(userId, 'loan_collateral'),
        amount: collateral,
        reason: 'loan.collateral_locked',
        refType: 'loan',
        refId: ins.id.toString(),
      });
      await events.record(tx, userId, {
        kind: 'loan.submitted',
        params: { id: ins.id.toString(), amount, days, collateralAsset: f.collateralAsset, collateralAmount: collateral },
        refType: 'loan',
        refId: ins.id.toString(),
      });
      return ins;
    })
    .catch(async (e: unknown) => {
      await s.deps.files.discard(blobKey);
      if (!secondPending(e)) throw e;
      // the same submission racing itself trips the one-pending index: answer the first
      if (await byClientKey(db, userId, f.clientKey)) return undefined;
      throw new BizError(Err.LOAN_PENDING_EXISTS);
    });
  if (!row) {
    await s.deps.files.discard(blobKey);
    const again = await byClientKey(db, userId, f.clientKey);
    if (!again) throw new Error('loans: client key conflict without a first loan');
    return loanView(again, s.priceOf(again.collateralAsset));
  }
  await events.publish(s.deps);
  return loanView(row, price);
}

/** A loan of the caller with its accruals and movements; 10043 for another user's or no loan. */
export async function ownDetail(s: LoansContext, userId: bigint, id: bigint): Promise<LoanDetail> {
  const [l] = await s.deps.db.select().from(loans).where(eq(loans.id, id));
  if (!l || l.userId !== userId) throw new BizError(Err.RECORD_NOT_FOUND);
  return { loan: loanView(l, s.priceOf(l.collateralAsset)), ...(await loanHistory(s.deps.db, id)) };
}
