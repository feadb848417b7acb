/**
 * The operators' review window, "step-up once, then work" (docs/security.md, "Review window"):
 * a fresh second factor (an authenticator code or a passkey) opens a window on that one session
 * for REVIEW_WINDOW_MINUTES; each money review inside it is let through without a code and
 * moves its idle limit (REVIEW_WINDOW_IDLE_MINUTES). Each check is one conditional UPDATE on the
 * window's row, so two instances answering the same session agree, and a revoked session (signed
 * out, ended, password changed) has no window whatever its row says.
 */
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { ReviewWindowRef, ReviewWindowState } from '../../../src/contract/reviewWindow.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { sqlTime } from '../../platform/db/time.ts';
import { sessions } from '../schema.ts';
import { reviewWindows } from './reviewWindowSchema.ts';

export interface ReviewWindowPolicy {
  /** how long a window stays open at most */
  lengthMs: number;
  /** a window closes after this long without a review */
  idleMs: number;
}

export type ReviewFactor = 'totp' | 'passkey';
type WindowRow = typeof reviewWindows.$inferSelect;

export const windowRef = (w: WindowRow): ReviewWindowRef => ({
  id: w.id.toString(),
  openedAt: w.openedAt.toISOString(),
  factor: w.factor,
});

/** The session is still live (not revoked): its windows count only then. */
const liveSession = (sessionId: bigint) =>
  inArray(
    reviewWindows.sessionId,
    sql`(select ${sessions.id} from ${sessions} where ${sessions.id} = ${sessionId} and ${sessions.revokedAt} is null)`,
  );

/** The conditions of an open window of the session at `now`. */
const openAt = (sessionId: bigint, now: number, p: ReviewWindowPolicy) =>
  and(
    eq(reviewWindows.sessionId, sessionId),
    isNull(reviewWindows.closedAt),
    gt(reviewWindows.endsAt, sqlTime(now)),
    gt(reviewWindows.lastReviewAt, sqlTime(now - p.idleMs)),
    liveSession(sessionId),
  );

/** Opens a window on the session, from `now`, after its factor was checked. */
export async function openWindow(
  db: DbOrTx,
  s: { sessionId: bigint; userId: bigint },
  factor: ReviewFactor,
  now: number,
  p: ReviewWindowPolicy,
): Promise<WindowRow> {
  const [row] = await db
    .insert(reviewWindows)
    .values({
      sessionId: s.sessionId,
      userId: s.userId,
      factor,
      openedAt: new Date(now),
      endsAt: new Date(now + p.lengthMs),
      lastReviewAt: new Date(now),
    })
    .returning();
  return row;
}

/**
 * A review in the session's open window: moves its idle limit and answers the window, or
 * undefined when none is open. The last review only moves forward (parallel requests may read
 * the clock in another order than they write, docs/design.md "Time").
 */
export async function reviewInWindow(db: DbOrTx, sessionId: bigint, now: number, p: ReviewWindowPolicy) {
  const [row] = await db
    .update(reviewWindows)
    .set({ lastReviewAt: sql`greatest(${reviewWindows.lastReviewAt}, ${sqlTime(now)})` })
    .where(openAt(sessionId, now, p))
    .returning();
  return row as WindowRow | undefined;
}

/** The session's window as the console shows it (reads only). */
export async function windowState(
  db: DbOrTx,
  sessionId: bigint,
  now: number,
  p: ReviewWindowPolicy,
): Promise<Omit<ReviewWindowState, 'asked'>> {
  const [w] = await db
    .select()
    .from(reviewWindows)
    .where(openAt(sessionId, now, p))
    .orderBy(desc(reviewWindows.endsAt))
    .limit(1);
  if (!w) return { open: false, window: null, endsAt: null, idleEndsAt: null, secondsLeft: 0 };
  const idleEnds = w.lastReviewAt.getTime() + p.idleMs;
  const closes = Math.min(w.endsAt.getTime(), idleEnds);
  return {
    open: true,
    window: windowRef(w),
    endsAt: w.endsAt.toISOString(),
    idleEndsAt: new Date(idleEnds).toISOString(),
    secondsLeft: Math.max(0, Math.floor((closes - now) / 1000)),
  };
}

/** Closes the session's windows (sign-out, or the operator closing it). */
export async function closeWindows(db: DbOrTx, sessionId: bigint, now: number): Promise<void> {
  await db
    .update(reviewWindows)
    .set({ closedAt: new Date(now) })
    .where(and(eq(reviewWindows.sessionId, sessionId), isNull(reviewWindows.closedAt), gt(reviewWindows.endsAt, sqlTime(now))));
}
