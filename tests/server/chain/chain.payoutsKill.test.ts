/**
 * Payouts on two instances as `npm start` runs them (NODE_ENV=production, one PostgreSQL, one
 * Redis, separate processes), the signer beside them: the instance leading `chain-payouts` is killed
 * with SIGKILL after the node received its first payout and before it heard back. The other takes the
 * job over, broadcasts that payout's recorded transaction again (the node already has it: no second
 * one is signed) and pays the rest with the following nonces. On chain each address receives its
 * amount exactly once, the hot wallet's nonces run without a gap or a reuse, and the ledger reconciles.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { parseEther, type Hex } from 'viem';
import { chainPayouts } from '../../../server/chain/schema.ts';
import { signerSignatures } from '../../../server/signer/schema.ts';
import { Ok } from '../../../src/contract/errors.ts';
import { usingPostgres } from '../helpers.ts';
import { createUser, fund, real, type TestUser } from '../wallet/walletFixtures.ts';
import { waitFor } from '../productionFixtures.ts';
import { call } from '../processFixtures.ts';
import { expectReconciled, N, newAddress, useChainInstances } from './chainFixtures.ts';
import { HOT } from './signerFixtures.ts';

describe.runIf(usingPostgres())('payouts: kill -9 of the sender mid-broadcast, two instances', () => {
  const chain = useChainInstances('payouts-kill');
  const { world, signer } = chain;

  it('pays each approved withdrawal once, with consecutive nonces, after the sender dies between broadcast and record', async () => {
    const { database, proxy } = chain;
    const a = await chain.start('instance A');
    await signer.start(database.db, { usdtContract: world.usdt });
    await chain.untilLeads(a, 'chain-payouts');
    const b = await chain.start('instance B');
    const nonceBefore = await world.send.pub.getTransactionCount({ address: HOT });

    // three approved ETH withdrawals, approved on B; the first broadcast reaches the node, A never hears back
    const dbApp = { db: database.db };
    const op: TestUser = await createUser(dbApp, 'operator');
    // killed the moment the node has A's first payout: A cannot have recorded that it was sent
    const killed = proxy.holdNextSend().then(() => a.child.kill('SIGKILL'));
    const paid: Array<{ id: string; to: Hex; u: TestUser; receive: string }> = [];
    for (let i = 0; i < 3; i++) {
      const u = await createUser(dbApp);
      await fund(dbApp, u.id, 'ETH', '1');
      const to = newAddress();
      const w = await call(b, 'POST', '/swx/customer/user/withdrawal', real(u), {
        method: 'ETH-ERC20',
        address: to,
        amount: '0.05',
        clientKey: crypto.randomUUID(),
      });
      expect(w.code, JSON.stringify(w)).toBe(Ok.WITHDRAWAL_SUBMITTED);
      const approved = await call(b, 'POST', `/admin-api/withdrawals/${w.result.id}/approve`, { authorization: op.token }, {});
      expect(approved.result?.status, JSON.stringify(approved)).toBe('queued');
      paid.push({ id: w.result.id, to, u, receive: w.result.receiveAmount });
    }
    await killed;
    expect(await a.exited).toBe(null);
    await chain.untilLeads(b, 'chain-payouts');

    const statusOf = async (p: (typeof paid)[number]) => {
      const r = await call(b, 'GET', '/swx/customer/user/listWithdrwal', real(p.u));
      return r.result.rows.find((x: { id: string }) => x.id === p.id)?.status as string;
    };
    await waitFor(
      'all three sent, seen on B',
      async () => (await Promise.all(paid.map(statusOf))).every((s) => s === 'sent'),
      60_000,
    );
    await world.anvil.mine(N + 1);
    await waitFor(
      'all three confirmed, seen on B',
      async () => {
        await world.anvil.mine(1);
        return (await Promise.all(paid.map(statusOf))).every((s) => s === 'confirmed');
      },
      60_000,
    );

    // on chain: each address got its receive amount once; the hot wallet used three nonces in a row
    for (const p of paid) expect(await world.send.pub.getBalance({ address: p.to })).toBe(parseEther(p.receive));
    expect(await world.send.pub.getTransactionCount({ address: HOT })).toBe(nonceBefore + 3);
    const payouts = await database.db.select().from(chainPayouts).orderBy(asc(chainPayouts.nonce));
    expect(payouts.map((p) => p.nonce)).toEqual([nonceBefore, nonceBefore + 1, nonceBefore + 2]);
    // the payout A had broadcast was not signed again by B: one signature per withdrawal
    const signatures = await database.db.select().from(signerSignatures);
    expect(signatures).toHaveLength(3);
    expect(new Set(signatures.map((s) => s.withdrawalId?.toString()))).toEqual(new Set(paid.map((p) => p.id)));
    await expectReconciled({ db: database.db } as never);
  }, 240_000);
});
