/**
 * Incidents the watcher raises and never decides alone (docs/wallet.md, "Incidents"): the list
 * operators read, and their resolution. Resolving is an acknowledgement after the matter was
 * handled off the platform: it records who, when and what they did, audit-logged, and moves no
 * money (any correction of a balance would be a separate reviewed flow).
 */
import { count, desc, eq } from 'drizzle-orm';
import type { ChainIncident, ChainIncidentPage } from '../../src/contract/chain.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Network } from '../../src/contract/wallet.ts';
import { writeAudit } from '../platform/audit/audit.ts';
import { BizError } from '../platform/http/errors.ts';
import type { ChainDeps } from './deps.ts';
import { chainIncidents, type ChainIncidentRow } from './schema.ts';

const view = (r: ChainIncidentRow): ChainIncident => ({
  id: r.id.toString(),
  network: r.network as Network,
  kind: r.kind,
  depositId: r.depositId?.toString() ?? null,
  blockNumber: r.blockNumber,
  details: r.details,
  createdAt: r.createdAt.toISOString(),
  resolvedAt: r.resolvedAt?.toISOString() ?? null,
  resolvedBy: r.resolvedBy?.toString() ?? null,
  resolutionNote: r.resolutionNote,
});

/** What the watcher flagged for operators, newest first, resolved or not. */
export async function listIncidents(deps: ChainDeps, q: { pageNum?: number; pageSize?: number }): Promise<ChainIncidentPage> {
  const size = q.pageSize ?? 20;
  const [rows, [{ n }]] = await Promise.all([
    deps.db
      .select()
      .from(chainIncidents)
      .orderBy(desc(chainIncidents.id))
      .limit(size)
      .offset(((q.pageNum ?? 1) - 1) * size),
    deps.db.select({ n: count() }).from(chainIncidents),
  ]);
  return { rows: rows.map(view), total: Number(n) };
}

/**
 * Marks an incident resolved by `operatorId` with their note, once: an unknown id is 10317, one
 * already resolved 10318 (naming when), and either writes nothing. The row is locked, so two
 * operators resolving at once get one resolution and one refusal.
 */
export async function resolveIncident(deps: ChainDeps, operatorId: bigint, id: bigint, note: string): Promise<ChainIncident> {
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(chainIncidents).where(eq(chainIncidents.id, id)).for('update');
    if (!before) throw new BizError(Err.CHAIN_INCIDENT_UNKNOWN, { id: id.toString() });
    if (before.resolvedAt)
      throw new BizError(Err.CHAIN_INCIDENT_RESOLVED, { id: id.toString(), at: before.resolvedAt.toISOString() });
    const [after] = await tx
      .update(chainIncidents)
      .set({ resolvedAt: deps.clock.date(), resolvedBy: operatorId, resolutionNote: note.trim() })
      .where(eq(chainIncidents.id, id))
      .returning();
    await writeAudit(tx, {
      actorId: operatorId,
      action: 'chain_incident.resolve',
      targetType: 'chain_incident',
      targetId: id,
      before,
      after,
    });
    return view(after);
  });
}
