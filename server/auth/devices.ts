/**
 * Device cookies (issue 25; OWASP's "Slow down online guessing attacks with device cookies"):
 * a successful password sign-in leaves a random token in an HttpOnly cookie, stored here only as
 * its SHA-256. A later sign-in to the same account from that device is throttled on the device
 * alone, so however many wrong guesses come from elsewhere, the owner's own device is not locked
 * out; guesses from unknown devices are throttled per account and per address (throttle.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client.ts';
import { sqlTime } from '../platform/db/time.ts';
import { knownDevices } from './schema.ts';

export const DEVICE_COOKIE = 'swx_device';
/** A device unused this long is forgotten (its cookie lives as long). */
export const DEVICE_TTL_DAYS = 180;
/** Devices remembered per account, the most recently used. */
const DEVICES_PER_ACCOUNT = 20;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The device token in a Cookie header, when it has the shape of one. */
export function deviceTokenOf(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (name === DEVICE_COOKIE && /^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return undefined;
}

/** The throttle key of a known device (throttle.ts counts its failures like an account's). */
export const deviceKey = (token: string) => `dev:${hashOf(token).slice(0, 32)}`;

/**
 * Whether `token` is a device that signed in to `userId` within DEVICE_TTL_DAYS before `now`
 * (the platform clock's ms, as `last_used_at` is written).
 */
export async function isKnownDevice(db: DbOrTx, userId: bigint, token: string | undefined, now: number): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.tokenHash, hashOf(token)),
        eq(knownDevices.userId, userId),
        sql`${knownDevices.lastUsedAt} > ${sqlTime(now)} - make_interval(days => ${DEVICE_TTL_DAYS})`,
      ),
    );
  return Boolean(row);
}

/**
 * After a right password: the device's token, the one it has when it is known to this account
 * (its use recorded at `now`, the platform clock's ms), else a new one. Keeps the account's
 * most recently used devices only.
 */
export async function rememberDevice(db: DbOrTx, userId: bigint, token: string | undefined, now: number): Promise<string> {
  if (token && (await isKnownDevice(db, userId, token, now))) {
    await db
      .update(knownDevices)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(knownDevices.tokenHash, hashOf(token)));
    return token;
  }
  const fresh = randomBytes(32).toString('base64url');
  await db.insert(knownDevices).values({ tokenHash: hashOf(fresh), userId, lastUsedAt: new Date(now) });
  const keep = db
    .select({ h: knownDevices.tokenHash })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .orderBy(desc(knownDevices.lastUsedAt))
    .limit(DEVICES_PER_ACCOUNT);
  await db.delete(knownDevices).where(and(eq(knownDevices.userId, userId), notInArray(knownDevices.tokenHash, keep)));
  return fresh;
}

/** Forgets every device of an account (a password reset: whoever reset it starts anew). */
export async function forgetDevices(db: DbOrTx, userIds: bigint[]): Promise<void> {
  if (userIds.length) await db.delete(knownDevices).where(inArray(knownDevices.userId, userIds));
}

/** The Set-Cookie value for a device token: HttpOnly, only sent to the sign-in routes. */
export function deviceCookie(token: string): string {
  return `${DEVICE_COOKIE}=${token}; Max-Age=${DEVICE_TTL_DAYS * 86_400}; Path=/swx/customer/login; HttpOnly; Secure; SameSite=Strict`;
}
