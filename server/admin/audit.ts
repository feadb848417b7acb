import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

/** JSON-safe copy of a record: bigint → string, Date → ISO (jsonb cannot hold either). */
export function snapshotOf(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v ?? null, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)));
}

export interface AuditEntry {
  actorId: bigint;
  /** e.g. 'deposit.approve', 'deposit_address.create' */
  action: string;
  targetType: string;
  targetId: string | bigint;
  before?: unknown;
  after?: unknown;
}

/**
 * Records an operator action in the caller's transaction, so the action and its record commit
 * together. The table is append-only (a trigger refuses UPDATE and DELETE).
 */
export async function writeAudit(tx: DbOrTx, e: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: e.actorId,
    action: e.action,
    targetType: e.targetType,
    targetId: String(e.targetId),
    before: snapshotOf(e.before ?? null),
    after: snapshotOf(e.after ?? null),
  });
}
