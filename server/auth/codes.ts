import crypto from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { VERIFY_CODE_MAX_ATTEMPTS, VERIFY_CODE_TTL_MS, type Language } from '../../src/contract/constants.ts';
import { CODE_RESEND_SECONDS, type CodePurpose } from '../../src/contract/auth.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Db, DbOrTx } from '../platform/db/client.ts';
import { reserveInHourWindow } from '../platform/db/rateWindow.ts';
import { sqlTime } from '../platform/db/time.ts';
import { rateCounters } from '../platform/db/rateCountersSchema.ts';
import { verificationCodes } from './schema.ts';
import { BizError } from '../platform/http/errors.ts';
import { renderMail } from '../platform/mail/mailText.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import type { Target } from './targets.ts';

/** Codes one address may receive per hour, and one client IP may ask for per hour. */
export const CODES_PER_TARGET_PER_HOUR = 5;
export const CODES_PER_IP_PER_HOUR = 20;

/**
 * Codes are stored as a keyed hash (target and purpose mixed in), never in clear. Six
 * digits are few, so the real protection is the short life and the attempt limit.
 */
const codeHash = (target: string, purpose: CodePurpose, code: string) =>
  crypto.createHash('sha256').update(`${purpose}\n${target}\n${code}`).digest('hex');

/** The key of an address's lock row, and of the global hourly counter, in `rate_counters`. */
const targetKey = (target: string) => `code:${target}`;
export const GLOBAL_CODES_KEY = 'code:*';

/**
 * Issues a new 6-digit code for target+purpose and hands it to the mailer. Refuses within
 * the resend cool-down (10054 with seconds) and over the hourly limits (10031): per address,
 * per client IP, and over all addresses (`globalPerHour`, against mail bombing). Earlier
 * codes of the same target and purpose stop working: only the newest counts.
 *
 * The checks and the new code are one transaction that starts by locking the address's row
 * in `rate_counters`, so parallel requests for one address take turns and each sees the codes
 * the ones before it issued; the global count is reserved atomically in the same transaction
 * (a refusal rolls it back).
 *
 * The message is in `language`, the request's: a code is read at once by whoever asked for it.
 *
 * Every time here is the platform clock's (`client.now`, docs/design.md "Time"): the code's
 * `created_at`, the cool-down's age, the hourly counts and the clean-up, so a test that moves
 * the clock moves them all.
 */
export async function issueCode(
  db: Db,
  mailer: Mailer,
  target: Target,
  purpose: CodePurpose,
  client: { ip: string; language: Language; now: number },
  globalPerHour: number,
) {
  const { ip } = client;
  const now = sqlTime(client.now);
  const hourAgo = sql`${now} - interval '1 hour'`;
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx
      .insert(rateCounters)
      .values({ key: targetKey(target.value), count: 1, windowStart: new Date(client.now) })
      .onConflictDoUpdate({
        target: rateCounters.key,
        set: { count: sql`${rateCounters.count} + 1`, windowStart: new Date(client.now) },
      });
    const [latest] = await tx
      .select({ age: sql<string>`extract(epoch from ${now} - ${verificationCodes.createdAt})` })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, target.value), eq(verificationCodes.purpose, purpose)))
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    if (latest) {
      // `now` is when this request read the clock: a code issued while it waited for the lock,
      // by a request that read the clock later, looks younger than 0 seconds (the wait is capped)
      const wait = Math.min(CODE_RESEND_SECONDS, Math.ceil(CODE_RESEND_SECONDS - Number(latest.age)));
      if (wait > 0) throw new BizError(Err.CODE_SEND_TOO_SOON, { seconds: wait });
    }
    const [{ n: perTarget }] = await tx
      .select({ n: count() })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, target.value), gt(verificationCodes.createdAt, hourAgo)));
    if (perTarget >= CODES_PER_TARGET_PER_HOUR) throw new BizError(Err.TOO_MANY_REQUESTS);
    const [{ n: perIp }] = await tx
      .select({ n: count() })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.ip, ip), gt(verificationCodes.createdAt, hourAgo)));
    if (perIp >= CODES_PER_IP_PER_HOUR) throw new BizError(Err.TOO_MANY_REQUESTS);
    // over all addresses: a window of an hour from its first code
    if (!(await reserveInHourWindow(tx, GLOBAL_CODES_KEY, globalPerHour, client.now))) throw new BizError(Err.TOO_MANY_REQUESTS);

    await tx
      .update(verificationCodes)
      .set({ consumedAt: new Date(client.now) })
      .where(
        and(
          eq(verificationCodes.target, target.value),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
        ),
      );
    await tx.insert(verificationCodes).values({
      target: target.value,
      purpose,
      codeHash: codeHash(target.value, purpose, code),
      expiresAt: new Date(client.now + VERIFY_CODE_TTL_MS),
      ip,
      createdAt: new Date(client.now),
    });
  });
  const minutes = Math.round(VERIFY_CODE_TTL_MS / 60_000);
  await mailer.deliver({
    channel: target.kind === 'email' ? 'email' : 'sms',
    recipient: target.value,
    // the code is in the body only; the outbox keeps it masked (mailer.ts)
    ...renderMail(client.language, 'code.subject', [`code.${purpose}`], { code, minutes }),
    secret: code,
    language: client.language,
  });
  // old rows are only kept for the hourly limits
  await db.delete(verificationCodes).where(lt(verificationCodes.createdAt, sql`${now} - interval '1 day'`));
  await db.delete(rateCounters).where(lt(rateCounters.windowStart, sql`${now} - interval '1 day'`));
}

/**
 * Checks a code against the newest one of target+purpose. Counts the attempt first, in its
 * own statement outside any caller transaction, so a refused request still uses up an
 * attempt. Returns the code's id for `consumeCode`; refuses 10091 (wrong) or 10032
 * (expired at `now`, the platform clock's ms; used up; none issued).
 */
export async function checkCode(db: Db, target: Target, purpose: CodePurpose, code: string, now: number): Promise<bigint> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.target, target.value),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= now) throw new BizError(Err.VERIFY_CODE_EXPIRED);
  const counted = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, row.id),
        lt(verificationCodes.attempts, VERIFY_CODE_MAX_ATTEMPTS),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .returning({ id: verificationCodes.id });
  if (counted.length === 0) throw new BizError(Err.VERIFY_CODE_EXPIRED);
  const given = codeHash(target.value, purpose, code.trim());
  if (!crypto.timingSafeEqual(Buffer.from(given), Buffer.from(row.codeHash))) throw new BizError(Err.VERIFY_CODE_WRONG);
  return row.id;
}

/**
 * Marks the code used at `now` (the platform clock's ms), inside the caller's transaction; a
 * second use (race) gets 10032.
 */
export async function consumeCode(tx: DbOrTx, id: bigint, now: number): Promise<void> {
  const done = await tx
    .update(verificationCodes)
    .set({ consumedAt: new Date(now) })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (done.length === 0) throw new BizError(Err.VERIFY_CODE_EXPIRED);
}
