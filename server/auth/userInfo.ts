/**
 * getUserInfo's read: the profile and both books' ledger rows in one prepared statement (issue 26).
 * Every signed-in screen asks for it, so it is the platform's most frequent read; two statements
 * cost twice the driver's work per request (on the embedded database each statement's protocol
 * handling costs as much as the query), and building the SQL again each time cost a tenth of the
 * request.
 *
 * What the statement gives (the profile as the wire shows it, no password hash, and the ledger
 * rows) is kept among the user's reads in memory (server/platform/userReads.ts): every transfer
 * of the user's money and every write of their users row forgets it on every instance before the
 * write answers, so a balance shown after a change is never older than the change. The books'
 * summaries are valued at the current prices at each request.
 */
import { eq, sql } from 'drizzle-orm';
import type { Book } from '../../src/contract/constants.ts';
import type { UserInfoResult, UserProfile } from '../../src/contract/auth.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Db } from '../platform/db/client.ts';
import { Interned } from '../platform/db/interned.ts';
import { preparedOnce } from '../platform/db/prepared.ts';
import { ledgerAccounts } from '../platform/ledger/schema.ts';
import { users } from '../platform/identity/schema.ts';
import { BizError } from '../platform/http/errors.ts';
import type { BalanceRow } from '../platform/ledger/ledger.ts';
import type { UserReads } from '../platform/userReads.ts';
import { summariesFrom } from '../wallet/index.ts';
import type { Market } from '../wallet/index.ts';
import { toProfile } from './accounts.ts';

/** [book, asset, purpose, balance as PostgreSQL writes the numeric], ordered by asset and purpose. */
type LedgerRowTuple = [Book, string, string, string];

function prepare(db: Db) {
  // written out with an alias: drizzle leaves columns unqualified in a select list, where
  // "id" would name the ledger row's own id instead of the user's
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      phone: users.phone,
      areaCode: users.areaCode,
      role: users.role,
      kycStatus: users.kycStatus,
      kycRejectReason: users.kycRejectReason,
      smartEnabled: users.smartEnabled,
      inviteCode: users.inviteCode,
      passwordHash: users.passwordHash,
      createdAt: users.createdAt,
      // as text: the same ledger gives the same rows object (ledgers below), whose books'
      // summaries server/wallet/summary.ts keeps while the prices stay (issue 44 item 1)
      ledger: sql<string>`coalesce((
      select json_agg(json_build_array(la.book, la.asset, la.purpose, la.balance::text) order by la.asset, la.purpose)
      from ${ledgerAccounts} la where la.owner_kind = 'user' and la.user_id = ${users}.id), '[]'::json)::text`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('get_user_info');
}

/** What is kept of the statement's answer: the profile as shown and the ledger rows of both books. */
interface Kept {
  user: UserProfile;
  ledger: Array<BalanceRow & { book: Book }>;
}

/** A ledger's text to its rows: shared objects, never changed. */
const ledgers = new Interned((text: string) =>
  (JSON.parse(text) as LedgerRowTuple[]).map(([book, asset, purpose, balance]) => ({ book, asset, purpose, balance })),
);

async function read(db: Db, userId: bigint): Promise<Kept | undefined> {
  const [row] = await preparedOnce(db, 'get_user_info', () => prepare(db)).execute({ id: userId });
  if (!row) return undefined;
  return {
    user: toProfile(row),
    ledger: ledgers.of(row.ledger),
  };
}

/** The signed-in user's profile and both books' summaries; 401 if the user is gone. */
export async function userInfo(db: Db, reads: UserReads, market: Market, userId: bigint): Promise<Omit<UserInfoResult, 'book'>> {
  const kept = await reads.read(
    userId,
    'user-info',
    () => read(db, userId),
    (k) => 1 + (k?.ledger.length ?? 0),
  );
  if (!kept) throw new BizError(Err.LOGIN_REQUIRED);
  return { user: kept.user, balances: summariesFrom(market, kept.ledger) };
}
