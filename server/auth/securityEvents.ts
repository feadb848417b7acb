/**
 * Security events: a sign-in, a password change or reset, a Google identity linked to an
 * account. Each one is a line in the audit log (the user as actor, so operators and auditors see
 * account take-overs next to operator actions) and a notification to the user, written in the
 * caller's transaction; a change of credentials is also mailed to the account's address, so the
 * owner hears of it even when someone else now holds the password.
 */
import type { Bus } from '../platform/bus/bus.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { writeAudit } from '../platform/audit/audit.ts';
import { publishUserEvent, recordNotification } from '../platform/realtime/notify.ts';
import { accountLanguage, renderMail, type MailKey } from '../platform/mail/mailText.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import type { Client } from './sessions.ts';

export const SECURITY_EVENTS = [
  'login',
  'password_changed',
  'password_reset',
  'google_linked',
  'passkey_added',
  'passkey_removed',
  'two_factor_enabled',
  'two_factor_disabled',
  'api_key_created',
  'api_key_new_ip',
  'api_key_revoked',
] as const;
export type SecurityEvent = (typeof SECURITY_EVENTS)[number];

/** The notification and audit kind of an event, e.g. 'security.password_reset' (src/contract/userEvents.ts). */
export const securityKind = <E extends SecurityEvent>(event: E) => `security.${event}` as const;

export interface SecurityNotice {
  userId: bigint;
  /** a passkey's events name it (server/auth/passkeys/events.ts), an API key's too (server/auth/apiKeys/events.ts) */
  event: Exclude<SecurityEvent, 'passkey_added' | 'passkey_removed' | 'api_key_created' | 'api_key_new_ip' | 'api_key_revoked'>;
  /** how the user signed in, for 'login' */
  method?: SignInMethod;
}

/** How a session was opened (a passkey: server/auth/passkeys/passkeys.ts). */
export type SignInMethod = 'password' | 'google' | 'passkey';

/** Audit line and notification, inside the caller's transaction; returns what to publish after commit. */
export async function recordSecurityEvent(tx: DbOrTx, n: SecurityNotice, client: Pick<Client, 'ip' | 'userAgent'>) {
  const params = { ip: client.ip, userAgent: client.userAgent?.slice(0, 200) ?? null, ...(n.method ? { method: n.method } : {}) };
  await writeAudit(tx, {
    actorId: n.userId,
    action: securityKind(n.event),
    targetType: 'user',
    targetId: n.userId,
    after: params,
  });
  const kind = securityKind(n.event);
  const row = await recordNotification(tx, n.userId, { kind, params, refType: 'user', refId: String(n.userId) });
  return { userId: n.userId, kind, params, id: row?.id };
}

/** After the commit: the live event for the user's open apps. A bus hiccup does not fail the request. */
export async function publishSecurityEvent(bus: Bus, ev: Awaited<ReturnType<typeof recordSecurityEvent>>, client: Client) {
  await publishUserEvent(bus, ev.userId, {
    kind: ev.kind,
    params: ev.params,
    refType: 'user',
    refId: String(ev.userId),
    id: ev.id,
  }).catch((err) => client.log.warn({ err }, 'security event not published'));
}

const CHANGE_TEXT: Partial<Record<SecurityEvent, MailKey>> = {
  password_changed: 'security.password_changed',
  password_reset: 'security.password_reset',
  google_linked: 'security.google_linked',
  passkey_added: 'security.passkey_added',
  passkey_removed: 'security.passkey_removed',
};

/**
 * Mails (or texts) the account's address about a change of credentials, in the account's
 * language: whoever made the change may not be its owner, so not in the request's.
 */
export async function mailCredentialChange(
  mailer: Mailer,
  user: NoticeAddress,
  event: SecurityEvent,
  client: Client,
  holdHours: number,
) {
  const text = CHANGE_TEXT[event];
  if (!text) return;
  const sentences: MailKey[] = [text, ...(holdHours > 0 ? ['security.hold' as const] : []), 'security.notYou'];
  await sendSecurityNotice(mailer, client.log, user, sentences, { hours: holdHours, ip: client.ip });
}

/** Where an account's security notices go, and in which language. */
export interface NoticeAddress {
  email: string | null;
  phone: string | null;
  language: string;
}

/**
 * Sends a security notice (under "security.subject") to the account's email, else as a text to
 * its phone, else nowhere; in the account's language, since whoever acted may not be its owner.
 * A failed delivery is logged, never thrown: the change it tells of is already made.
 */
export async function sendSecurityNotice(
  mailer: Mailer,
  log: Pick<Client['log'], 'warn'>,
  user: NoticeAddress,
  sentences: readonly MailKey[],
  params: Record<string, unknown>,
): Promise<void> {
  const to = user.email
    ? { channel: 'email' as const, recipient: user.email }
    : user.phone
      ? { channel: 'sms' as const, recipient: user.phone }
      : undefined;
  if (!to) return;
  const mail = renderMail(accountLanguage(user.language), 'security.subject', sentences, params);
  await mailer.deliver({ ...to, ...mail }).catch((err) => log.warn({ err }, 'security notice not delivered'));
}
