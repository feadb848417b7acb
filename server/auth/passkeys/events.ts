/**
 * A passkey added or removed is a change of credentials: an audit line (the user as actor) and a
 * notification in the change's transaction, the live event after the commit, and a mail to the
 * account's address in the account's language, since whoever added it may not be the owner
 * (as for a password change, server/auth/securityEvents.ts).
 */
import { writeAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { recordNotification, type UserEvent } from '../../platform/realtime/notify.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { securityKind, sendSecurityNotice } from '../securityEvents.ts';
import type { Client } from '../sessions.ts';

type PasskeyEvent = 'passkey_added' | 'passkey_removed';

export async function recordPasskeyEvent(
  tx: DbOrTx,
  userId: bigint,
  event: PasskeyEvent,
  p: { name: string; ip: string; userAgent?: string },
): Promise<UserEvent & { id?: bigint }> {
  const params = { name: p.name, ip: p.ip, userAgent: p.userAgent?.slice(0, 200) ?? null };
  const kind = securityKind(event);
  await writeAudit(tx, { actorId: userId, action: kind, targetType: 'user', targetId: userId, after: params });
  const row = await recordNotification(tx, userId, { kind, params, refType: 'user', refId: String(userId) });
  return { kind, params, refType: 'user', refId: String(userId), id: row?.id };
}

export async function mailPasskeyChange(
  mailer: Mailer,
  user: { email: string | null; phone: string | null; language: string },
  event: PasskeyEvent,
  name: string,
  client: Client,
): Promise<void> {
  await sendSecurityNotice(mailer, client.log, user, [`security.${event}`, 'security.notYou'], { name, ip: client.ip });
}
