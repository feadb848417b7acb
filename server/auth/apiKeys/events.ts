/**
 * A key created, used from a new address or revoked is a security event, as a passkey added is
 * (server/auth/passkeys/events.ts): an audit line with the user as actor and a notification, in
 * the change's transaction; the live event after the commit; a mail to the account's address in
 * the account's language, since whoever made the key may not be the owner.
 */
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit } from '../../platform/audit/audit.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { publishUserEvent, recordNotification, type UserEvent } from '../../platform/realtime/notify.ts';
import { securityKind, sendSecurityNotice } from '../securityEvents.ts';

export type ApiKeyEvent = 'api_key_created' | 'api_key_new_ip' | 'api_key_revoked';

export interface ApiKeyEventParams {
  keyId: string;
  name: string;
  ip: string;
  userAgent?: string;
}

export type RecordedEvent = UserEvent & { id?: bigint };

export async function recordApiKeyEvent(
  tx: DbOrTx,
  userId: bigint,
  event: ApiKeyEvent,
  p: ApiKeyEventParams,
): Promise<RecordedEvent> {
  const params = { keyId: p.keyId, name: p.name, ip: p.ip, userAgent: p.userAgent?.slice(0, 200) ?? null };
  const kind = securityKind(event);
  await writeAudit(tx, { actorId: userId, action: kind, targetType: 'user', targetId: userId, after: params });
  const row = await recordNotification(tx, userId, { kind, params, refType: 'user', refId: String(userId) });
  return { kind, params, refType: 'user', refId: String(userId), id: row?.id };
}

export interface Announce {
  bus: Bus;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** After the commit: the live event and the mail; neither failing fails the request. */
export async function announceApiKeyEvent(
  deps: Announce,
  user: { id: bigint; email: string | null; phone: string | null; language: string },
  event: ApiKeyEvent,
  recorded: RecordedEvent,
  p: ApiKeyEventParams,
): Promise<void> {
  await publishUserEvent(deps.bus, user.id, recorded).catch((err) => deps.log.warn({ err }, 'security event not published'));
  await sendSecurityNotice(deps.mailer, deps.log, user, [`security.${event}`, 'security.notYou'], {
    name: p.name,
    keyId: p.keyId,
    ip: p.ip,
  });
}
