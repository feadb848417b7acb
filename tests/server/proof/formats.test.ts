import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { body, usingPostgres, useTestApp } from '../helpers.ts';
import { adminCall, createUser, fund, real, type TestUser } from '../wallet/walletFixtures.ts';
import { testClock } from '../smart/smartFixtures.ts';
import { liabilityLeaves, liabilitySnapshots } from '../../../server/proof/schema.ts';
import { buildTree, leafCountOf, rootOf } from '../../../server/proof/tree.ts';
import { leafHash, LEGACY_FORMAT, toUnits, verifyInclusion, type InclusionProofData } from '../../../src/contract/merkleSum.ts';
import { verify as scriptVerify } from '../../../scripts/verify-proof.mjs';

/**
 * The proof's formats in the service (docs/ledger.md, "Proof of liabilities"): a snapshot stores
 * PROOF_PARTS leaves per customer, none of them a customer's balances, adding up to the ledger;
 * and a snapshot stored in the older format (pol1, before the split) still gives its customers a
 * pol1 proof that both verifiers accept.
 */
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const myProof = async (app: FastifyInstance, u: TestUser) =>
  body<InclusionProofData>(await app.inject({ url: '/swx/customer/user/proof', headers: real(u) }));
const ASSETS = [
  { asset: 'USDT', decimals: 6 },
  { asset: 'BTC', decimals: 8 },
  { asset: 'ETH', decimals: 8 },
];

describe(`proof of liabilities: formats (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = testClock();
  const t = useTestApp(() => ({ clock: clock.now, proofParts: 4 }));
  let op: TestUser;
  let customers: TestUser[];

  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    customers = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await fund(t.app, customers[0].id, 'USDT', '1500.25');
    await fund(t.app, customers[0].id, 'ETH', '0.3');
    await fund(t.app, customers[1].id, 'BTC', '0.02');
    await fund(t.app, customers[2].id, 'USDT', '3');
  });

  it("a snapshot stores PROOF_PARTS leaves per customer, none of them a customer's balances, adding up to the ledger", async () => {
    const r = await adminCall(t.app, op, 'POST', '/proof/snapshots', { reason: 'parts check' });
    expect(r.result).toMatchObject({ status: 'published', users: 3 });
    const [snap] = await t.app.db
      .select()
      .from(liabilitySnapshots)
      .where(eq(liabilitySnapshots.id, BigInt(r.result.id)));
    expect(snap).toMatchObject({ format: 'pol2', leafCount: 16 });
    const leaves = await t.app.db
      .select()
      .from(liabilityLeaves)
      .where(eq(liabilityLeaves.snapshotId, snap.id))
      .orderBy(asc(liabilityLeaves.position));
    expect(leaves).toHaveLength(12);
    const ledger = rows<{ user_id: string; asset: string; total: string }>(
      await t.app.db.execute(sql`
      select user_id::text as user_id, asset, sum(balance)::text as total from ledger_accounts
      where owner_kind = 'user' and book = 'real' group by user_id, asset`),
    );
    for (const u of customers) {
      const mine = leaves.filter((l) => l.userId === u.id);
      expect(mine).toHaveLength(4);
      const balances = ASSETS.map(({ asset, decimals }) =>
        toUnits(ledger.find((x) => x.user_id === u.id.toString() && x.asset === asset)?.total ?? '0', decimals),
      );
      const parts = mine.map((l) => l.balances.map((b, i) => toUnits(b, ASSETS[i].decimals)!));
      expect(ASSETS.map((_, i) => parts.reduce((s, p) => s + p[i], 0n))).toEqual(balances);
      // no stored leaf anywhere is this customer's balances
      for (const l of leaves) expect(l.balances.map((b, i) => toUnits(b, ASSETS[i].decimals))).not.toEqual(balances);
      const p = await myProof(t.app, u);
      expect(p.result).toMatchObject({ format: 'pol2', parts: expect.any(Array) });
      expect(verifyInclusion(p.result)).toMatchObject({ ok: true, rootHash: snap.rootHash });
      expect(scriptVerify(p.result)).toEqual({ ok: true, hash: snap.rootHash });
    }
  });

  it('a snapshot stored in the older format (pol1, one exact leaf per customer) still gives a pol1 proof both verifiers accept', async () => {
    clock.ms(60_000);
    const salt = (i: number) => String(i + 1).repeat(64);
    const balances = [
      ['1500.250000', '0.00000000', '0.30000000'],
      ['0.000000', '0.02000000', '0.00000000'],
    ];
    const leaves = customers.slice(0, 2).map((u, i) => ({
      hash: leafHash(
        LEGACY_FORMAT,
        ASSETS.map((a) => a.asset),
        u.id.toString(),
        salt(i),
        balances[i].map((b, k) => toUnits(b, ASSETS[k].decimals)!),
      ),
      units: balances[i].map((b, k) => toUnits(b, ASSETS[k].decimals)!),
    }));
    const tree = buildTree(LEGACY_FORMAT, leaves, 3);
    const [old] = await t.app.db
      .insert(liabilitySnapshots)
      .values({
        format: 'pol1',
        status: 'published',
        trigger: 'operator',
        takenAt: new Date(clock.now()),
        assets: ASSETS,
        rootHash: rootOf(tree).hash,
        leafCount: leafCountOf(tree),
        users: 2,
        totals: { USDT: '1500.250000', BTC: '0.02000000', ETH: '0.30000000' },
      })
      .returning();
    try {
      await t.app.db.insert(liabilityLeaves).values(
        leaves.map((l, i) => ({
          snapshotId: old.id,
          userId: customers[i].id,
          position: i,
          salt: salt(i),
          balances: balances[i],
          hash: l.hash,
        })),
      );
      const pub = body(await t.app.inject({ url: '/swx/customer/index/proof' })).result;
      expect(pub.snapshot).toMatchObject({ id: old.id.toString(), format: 'pol1', rootHash: old.rootHash });
      for (const [i, u] of customers.slice(0, 2).entries()) {
        const p = await myProof(t.app, u);
        expect(p.result).toMatchObject({ format: 'pol1', balances: balances[i], index: i, salt: salt(i) });
        expect(verifyInclusion(p.result)).toMatchObject({ ok: true, rootHash: old.rootHash });
        expect(scriptVerify(p.result)).toEqual({ ok: true, hash: old.rootHash });
      }
    } finally {
      await t.app.db.delete(liabilityLeaves).where(eq(liabilityLeaves.snapshotId, old.id));
      await t.app.db.delete(liabilitySnapshots).where(eq(liabilitySnapshots.id, old.id));
    }
  });
});
