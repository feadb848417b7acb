/**
 * One run of the loans scheduler (docs/loans.md): every open loan, oldest first, each in its own
 * transaction with its row locked: accrue the days due, mark it overdue, then watch its LTV at
 * the feed price. Two runs at once (two instances) take turns on the row and the second finds
 * nothing left to do; the accrual rows' unique (loan, day) would refuse a second write anyway.
 */
import { asc, eq, gt, inArray, and } from 'drizzle-orm';
import { OPEN_LOAN_STATUSES } from '../../src/machines/loans/loan.ts';
import { loans } from './schema.ts';
import { users } from '../platform/identity/schema.ts';
import { accountLanguage, renderMail } from '../platform/mail/mailText.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import type { LoansContext } from './deps.ts';
import { accrue, lockLoan, watch, type WatchOutcome } from './settle.ts';

export interface RunResult {
  loans: number;
  accrued: number;
  warnings: number;
  liquidations: number;
  paused: number;
}

/**
 * Mail for what the user must act on now (margin call) or must hear of at once (liquidation), in
 * the account's language (`users.language`, kept by the app's language switch).
 */
async function mail(s: LoansContext, userId: bigint, o: WatchOutcome): Promise<void> {
  const what =
    o.liquidated === 'fully'
      ? 'liquidated'
      : o.liquidated === 'partly'
        ? 'liquidated_partly'
        : o.warned === 'loan.margin_call'
          ? 'margin_call'
          : null;
  if (!what || !s.deps.mailer) return;
  const [u] = await s.deps.db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, userId));
  if (!u?.email) return;
  const text = renderMail(accountLanguage(u.language), `loan.${what}.subject`, [`loan.${what}.body`], {
    id: o.loan.id,
    asset: o.loan.collateralAsset,
  });
  await s.deps.mailer.deliver({ channel: 'email', recipient: u.email, ...text });
}

export async function runDueLoans(s: LoansContext, now: number): Promise<RunResult> {
  const r: RunResult = { loans: 0, accrued: 0, warnings: 0, liquidations: 0, paused: 0 };
  const prices = new Map<string, string | null>();
  let after = 0n;
  for (;;) {
    const ids = await s.deps.db
      .select({ id: loans.id })
      .from(loans)
      .where(and(inArray(loans.status, [...OPEN_LOAN_STATUSES]), gt(loans.id, after)))
      .orderBy(asc(loans.id))
      .limit(200);
    if (ids.length === 0) break;
    for (const { id } of ids) {
      after = id;
      const events = new PendingEvents();
      try {
        const out = await s.deps.db.transaction(async (tx) => {
          const l = await lockLoan(tx, id);
          if (!l) return null;
          const accrued = await accrue(tx, l, now, events);
          if (!prices.has(l.collateralAsset)) prices.set(l.collateralAsset, s.priceOf(l.collateralAsset));
          const o = await watch(tx, accrued, prices.get(l.collateralAsset) ?? null, now, events);
          return { o, days: accrued.daysAccrued - l.daysAccrued };
        });
        await events.publish(s.deps);
        if (!out) continue;
        r.loans++;
        r.accrued += out.days;
        if (out.o.warned) r.warnings++;
        if (out.o.liquidated) r.liquidations++;
        if (out.o.paused) r.paused++;
        await mail(s, out.o.loan.userId, out.o).catch((err: unknown) =>
          s.deps.log.warn({ err, loan: id.toString() }, 'loan notice not mailed'),
        );
      } catch (err) {
        s.deps.log.error({ err, loan: id.toString() }, 'loan run failed; retried on the next run');
      }
    }
  }
  return r;
}
