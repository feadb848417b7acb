/**
 * getUserInfo's read: the profile and both books' ledger rows in one prepared statement (issue 26).
 * Every signed-in screen asks for it, so it is the platform's most frequent read; two statements
 * cost twice the driver's work per request (on the embedded database each statement's protocol
 * handling costs as much as the query), and building the SQL again each time cost a tenth of the
 * request. The balances are read from the ledger at each request, never kept in memory, so one
 * shown after a change is never older than the change.
 */
import { eq, sql } from 'drizzle-orm';
import type { Book } from '../../src/contract/constants.ts';
import type { UserInfoResult } from '../../src/contract/auth.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Db } from '../db/client.ts';
import { preparedOnce } from '../db/prepared.ts';
import { ledgerAccounts, users } from '../db/schema/index.ts';
import { BizError } from '../http/errors.ts';
import type { BalanceRow } from '../ledger/ledger.ts';
import { summariesFrom } from '../wallet/summary.ts';
import type { Market } from '../wallet/valuation.ts';
import { toProfile } from './accounts.ts';

/** [book, asset, purpose, balance as PostgreSQL writes the numeric], ordered by asset and purpose. */
type LedgerRowTuple = [Book, string, string, string];

function prepare(db: Db) {
  // written out with an alias: drizzle leaves columns unqualified in a select list, where
  // "id" would name the ledger row's own id instead of the user's
  return db.select({
    id: users.id, username: users.username, email: users.email, phone: users.phone, areaCode: users.areaCode, role: users.role,
    kycStatus: users.kycStatus, kycRejectReason: users.kycRejectReason, smartEnabled: users.smartEnabled, inviteCode: users.inviteCode,
    passwordHash: users.passwordHash, createdAt: users.createdAt,
    ledger: sql<LedgerRowTuple[]>`coalesce((
      select json_agg(json_build_array(la.book, la.asset, la.purpose, la.balance::text) order by la.asset, la.purpose)
      from ${ledgerAccounts} la where la.owner_kind = 'user' and la.user_id = ${users}.id), '[]'::json)`,
  }).from(users).where(eq(users.id, sql.placeholder('id'))).limit(1).prepare('get_user_info');
}

/** The signed-in user's profile and both books' summaries; 401 if the user is gone. */
export async function userInfo(db: Db, market: Market, userId: bigint): Promise<Omit<UserInfoResult, 'book'>> {
  const [row] = await preparedOnce(db, 'get_user_info', () => prepare(db)).execute({ id: userId });
  if (!row) throw new BizError(Err.LOGIN_REQUIRED);
  const rows: Array<BalanceRow & { book: Book }> = row.ledger.map(([book, asset, purpose, balance]) => ({ book, asset, purpose, balance }));
  return { user: toProfile(row), balances: summariesFrom(market, rows) };
}
