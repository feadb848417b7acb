import { and, eq, inArray } from 'drizzle-orm';
import { OPEN_LOAN_STATUSES } from '../../src/machines/loans/loan.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { loans } from './schema.ts';
import type { LoanRow } from './view.ts';

/** A user's loans that still owe something (the portfolio subtracts their debt). */
export function openLoansOf(db: DbOrTx, userId: bigint): Promise<LoanRow[]> {
  return db
    .select()
    .from(loans)
    .where(and(eq(loans.userId, userId), inArray(loans.status, [...OPEN_LOAN_STATUSES])));
}
