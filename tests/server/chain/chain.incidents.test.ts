/**
 * Resolving an incident (docs/wallet.md, "Incidents"): a credited deposit reorganised away on a
 * real node becomes an incident; an operator resolves it once with a note, audit-logged, and
 * nothing else changes (no transfer, no balance). Resolving twice, an unknown id, a blank note or a
 * customer are refused with nothing written.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { body, useTestApp } from '../helpers.ts';
import { adminCall, createUser } from '../wallet/walletFixtures.ts';
import { addressOf, available, chainCounts, expectReconciled, N, reorg, useChainWorld, watching } from './chainFixtures.ts';

describe('chain incidents: an operator resolves one, once, and no money moves', () => {
  const world = useChainWorld();
  const t = useTestApp(() => watching(world));
  const audits = async (id: string) =>
    Number(
      (
        await t.app.db
          .select({ n: sql<number>`count(*)` })
          .from(auditLog)
          .where(and(eq(auditLog.action, 'chain_incident.resolve'), eq(auditLog.targetId, id)))
      )[0].n,
    );

  it('resolves with who, when and the note; a second time, an unknown id, a blank note and a customer are refused', async () => {
    const op = await createUser(t.app, 'operator');
    const u = await createUser(t.app);
    await world.send.eth(await addressOf(t.app, u), '2');
    await world.anvil.mine(N);
    await t.app.chain.watchOnce();
    expect(await available(t.app, u, 'ETH')).toBe('2.00000000');
    // the credited block reorganised away, deeper than N: an incident, the credit stays
    await reorg(world, N + 1);
    await world.anvil.mine(1);
    await t.app.chain.watchOnce();
    const listed = await adminCall(t.app, op, 'GET', '/chain/incidents');
    const [incident] = listed.result.rows;
    expect(incident).toMatchObject({ kind: 'credited_reorged', resolvedAt: null, resolvedBy: null, resolutionNote: null });

    const before = await chainCounts(t.app);
    const refused = async (url: string, payload: object, who = op) => {
      const res = await adminCall(t.app, who, 'POST', url, payload);
      expect(await chainCounts(t.app)).toEqual(before);
      expect(await audits(incident.id)).toBe(0);
      return res.code;
    };
    expect(await refused('/chain/incidents/999999/resolve', { note: 'checked' })).toBe(Err.CHAIN_INCIDENT_UNKNOWN);
    expect(await refused(`/chain/incidents/${incident.id}/resolve`, { note: '   ' })).toBe(Err.MALFORMED_REQUEST);
    expect(await refused(`/chain/incidents/${incident.id}/resolve`, {})).toBe(Err.MALFORMED_REQUEST);
    const customer = body(
      await t.app.inject({
        method: 'POST',
        url: `/admin-api/chain/incidents/${incident.id}/resolve`,
        headers: { authorization: u.token },
        payload: { note: 'mine now' },
      }),
    );
    expect(customer.code).toBe(Err.OPERATOR_ONLY);

    const note = 'Sender re-sent 2 ETH after the reorganisation (tx 0xabc); nothing to correct.';
    const from = t.app.clock.now();
    const done = await adminCall(t.app, op, 'POST', `/chain/incidents/${incident.id}/resolve`, { note: `  ${note} ` });
    const to = t.app.clock.now();
    expect(done.code).toBe(Ok.SUCCESS);
    expect(done.result).toMatchObject({ id: incident.id, resolvedBy: op.id.toString(), resolutionNote: note });
    // the platform clock's moment, during the call
    expect(Date.parse(done.result.resolvedAt)).toBeGreaterThanOrEqual(from);
    expect(Date.parse(done.result.resolvedAt)).toBeLessThanOrEqual(to);
    expect(await audits(incident.id)).toBe(1);
    // an acknowledgement only: no transfer, no notification, the balance as it was
    expect(await chainCounts(t.app)).toEqual(before);
    expect(await available(t.app, u, 'ETH')).toBe('2.00000000');
    expect((await adminCall(t.app, op, 'GET', '/chain/incidents')).result.rows[0]).toEqual(done.result);

    const again = await adminCall(t.app, op, 'POST', `/chain/incidents/${incident.id}/resolve`, { note: 'again' });
    expect(again.code).toBe(Err.CHAIN_INCIDENT_RESOLVED);
    expect(again.msg).toContain(done.result.resolvedAt);
    expect(await audits(incident.id)).toBe(1);
    expect((await adminCall(t.app, op, 'GET', '/chain/incidents')).result.rows[0]).toEqual(done.result);
    await expectReconciled(t.app);
  });
});
