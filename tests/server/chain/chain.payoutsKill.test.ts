/**
 * Payouts on two instances as `npm start` runs them (NODE_ENV=production, one PostgreSQL, one
 * Redis, separate processes), the signer beside them: the instance leading `chain-payouts` is killed
 * with SIGKILL after the node received its first payout and before it heard back. The other takes the
 * job over, broadcasts that payout's recorded transaction again (the node already has it: no second
 * one is signed) and pays the rest with the following nonces. On chain each address receives its
 * amount exactly once, the hot wallet's nonces run without a gap or a reuse, and the ledger reconciles.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { parseEther, type Hex } from 'viem';
import { chainPayouts } from '../../../server/chain/schema.ts';
import { signerSignatures } from '../../../server/signer/schema.ts';
import { openDatabase, type Database } from '../../../server/platform/db/client.ts';
import { Ok } from '../../../src/contract/errors.ts';
import { createTestDatabase, usingPostgres } from '../helpers.ts';
import { createUser, fund, real, type TestUser } from '../wallet/walletFixtures.ts';
import { jobRows, productionEnv, REDIS_URL, waitFor } from '../productionFixtures.ts';
import { call, startInstance, type Instance } from '../processFixtures.ts';
import { expectReconciled, N, newAddress, useChainWorld, XPUB } from './chainFixtures.ts';
import { startRpcProxy, type RpcProxy } from './rpcProxy.ts';
import { HOT, SIGNER_TOKEN, useSignerPort } from './signerFixtures.ts';

const leads = (i: Instance, jobs: Record<string, string | null>) =>
  jobs['chain-payouts']?.startsWith(`${os.hostname()}:${i.child.pid}:`) ?? false;

describe.runIf(usingPostgres())('payouts: kill -9 of the sender mid-broadcast, two instances', () => {
  const world = useChainWorld();
  const signer = useSignerPort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-payouts-kill-'));
  const started: Instance[] = [];
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let database: Database;
  let watcher: pg.Client;
  let proxy: RpcProxy;
  beforeAll(async () => {
    db = await createTestDatabase();
    database = await openDatabase({ databaseUrl: db.url, poolSize: 4 });
    watcher = new pg.Client({ connectionString: db.url });
    await watcher.connect();
    proxy = await startRpcProxy(world.anvil.url);
  });
  afterAll(async () => {
    for (const i of started) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
    await Promise.all(started.map((i) => i.exited));
    await proxy?.close();
    await watcher?.end();
    await database?.close();
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('pays each approved withdrawal once, with consecutive nonces, after the sender dies between broadcast and record', async () => {
    const env = {
      ...productionEnv(db.url, 300),
      REDIS_URL,
      CHAIN_ETH_RPC_URL: proxy.url,
      CHAIN_ETH_XPUB: XPUB,
      CHAIN_ETH_CONFIRMATIONS: String(N),
      CHAIN_USDT_ERC20_CONTRACT: world.usdt,
      CHAIN_ETH_START_BLOCK: '0',
      CHAIN_ETH_SIGNER_URL: signer.url,
      CHAIN_ETH_SIGNER_TOKEN: SIGNER_TOKEN,
      CHAIN_ETH_HOT_WALLETS: HOT,
    };
    const a = await startInstance('instance A', env, path.join(dataDir, 'a'));
    started.push(a);
    await signer.start(database.db, { usdtContract: world.usdt });
    await waitFor('A leads chain-payouts', async () => leads(a, await jobRows(watcher)), 20_000);
    const b = await startInstance('instance B', env, path.join(dataDir, 'b'));
    started.push(b);
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
    await waitFor('B leads chain-payouts', async () => leads(b, await jobRows(watcher)), 20_000);

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
