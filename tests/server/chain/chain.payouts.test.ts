/**
 * Approved withdrawals paid by the platform itself through the separate signer (docs/wallet.md,
 * "Payouts on the chain"): queued → sent (hash) → confirmed at N, live; the amount and recipient as
 * Anvil holds them, exactly once; a stuck transaction (Anvil mines only when told) replaced with
 * the same nonce and higher fees, one payment in the end; two senders at once pay once; above what
 * the hot wallet holds a withdrawal waits whole until it is refilled. The web service's environment,
 * configuration and database hold no private key.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { parseEther, parseUnits, type Hex } from 'viem';
import { signerSignatures } from '../../../server/signer/schema.ts';
import { useTestApp, waitFor } from '../helpers.ts';
import { createUser, type TestUser } from '../wallet/walletFixtures.ts';
import { testClock } from '../smart/smartFixtures.ts';
import { ANVIL_KEYS } from '../../setup/anvil.ts';
import {
  approvedWithdrawal,
  N,
  expectReconciled,
  payoutsOf,
  useChainWorld,
  watching,
  withdrawalRecord,
} from './chainFixtures.ts';
import { TEST_TOKEN_ABI } from './testToken.ts';
import { HOT, SIGNER_TOKEN, useSignerPort } from './signerFixtures.ts';

const STUCK_MS = 120_000;

describe('approved withdrawals paid through the signer', () => {
  const world = useChainWorld();
  const signer = useSignerPort();
  const clock = testClock();
  const t = useTestApp(() => ({
    ...watching(world, {
      signer: { url: signer.url, token: SIGNER_TOKEN },
      hotWallets: [HOT.toLowerCase() as Hex],
      stuckMs: STUCK_MS,
      explorerTxUrl: 'https://explorer.test/tx/{hash}',
    }),
    clock: clock.now,
  }));
  const send = () => t.app.chain.sendOnce();
  const watch = () => t.app.chain.watchOnce();
  let op: TestUser;
  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    await signer.start(t.app.db, { usdtContract: world.usdt });
    // the hot wallet holds 1,000 USDT to begin with
    await world.send.token(world.usdt, HOT, '1000');
    await world.anvil.mine(1);
  });

  const ethOf = (a: Hex) => world.send.pub.getBalance({ address: a });
  const usdtOf = (a: Hex) =>
    world.send.pub.readContract({
      address: world.usdt,
      abi: TEST_TOKEN_ABI,
      functionName: 'balanceOf',
      args: [a],
    }) as Promise<bigint>;
  const withdrawal = (coin: 'ETH' | 'USDT', amount: string) => approvedWithdrawal(t.app, op, coin, amount);
  const recordOf = (u: TestUser, id: string) => withdrawalRecord(t.app, u, id);

  it('an approved ETH withdrawal reaches its address once, through the signer, sent → confirmed live', async () => {
    const w = await withdrawal('ETH', '0.05');
    const events: Array<{ kind: string; params?: Record<string, unknown> }> = [];
    t.app.bus.subscribe(`user:${w.u.id}`, (m) => events.push(m as { kind: string }));
    expect((await send())[0]).toMatchObject({ sent: 1 });
    const sent = await recordOf(w.u, w.id);
    expect(sent).toMatchObject({ status: 'sent', verifiedOnChain: true, confirmations: 0, required: N });
    expect(sent.payoutLink).toBe(`https://explorer.test/tx/${sent.payoutTxHash}`);
    await waitFor('sent, live', () => events.some((e) => e.kind === 'withdrawal.sent'));
    // a second run sends nothing more
    expect((await send())[0]).toMatchObject({ sent: 0, replaced: 0 });

    await world.anvil.mine(1);
    await watch();
    expect(await recordOf(w.u, w.id)).toMatchObject({ status: 'sent', confirmations: 1 });
    await world.anvil.mine(N - 1);
    await watch();
    expect(await recordOf(w.u, w.id)).toMatchObject({ status: 'confirmed', confirmations: N });
    await waitFor('confirmed, live', () => events.some((e) => e.kind === 'withdrawal.confirmed'));
    expect(await ethOf(w.address)).toBe(parseEther(w.receive));
    const receipt = await world.send.pub.getTransactionReceipt({ hash: sent.payoutTxHash });
    expect(receipt.from.toLowerCase()).toBe(HOT.toLowerCase());
    expect(receipt.to?.toLowerCase()).toBe(w.address);
    // the signer logged its one signature
    expect(signer.logged.filter((l) => l.msg === 'signer signed' && l.o.withdrawalId === w.id)).toHaveLength(1);
    await expectReconciled(t.app);
  });

  it('a USDT withdrawal is the token’s transfer of its receive amount', async () => {
    const w = await withdrawal('USDT', '150');
    await send();
    await world.anvil.mine(N);
    await watch();
    expect(await recordOf(w.u, w.id)).toMatchObject({ status: 'confirmed' });
    expect(await usdtOf(w.address)).toBe(parseUnits(w.receive, 6));
  });

  it('a stuck payout is replaced with the same nonce and higher fees; one payment in the end', async () => {
    const w = await withdrawal('ETH', '0.05');
    await send();
    const first = await recordOf(w.u, w.id);
    const [p1] = await payoutsOf(t.app, w.id);
    // not mined (Anvil mines only when told); before the stuck time nothing is replaced
    clock.ms(STUCK_MS - 1000);
    expect((await send())[0]).toMatchObject({ replaced: 0 });
    clock.ms(2000);
    expect((await send())[0]).toMatchObject({ replaced: 1 });
    const second = await recordOf(w.u, w.id);
    expect(second.status).toBe('sent');
    expect(second.payoutTxHash).not.toBe(first.payoutTxHash);
    const [p2] = await payoutsOf(t.app, w.id);
    expect(p2).toMatchObject({ nonce: p1.nonce, replacements: 1 });
    expect(BigInt(p2.maxFeePerGas!)).toBeGreaterThan(BigInt(p1.maxFeePerGas!));
    const signed = await t.app.db
      .select()
      .from(signerSignatures)
      .where(eq(signerSignatures.withdrawalId, BigInt(w.id)));
    expect(signed.map((s) => s.nonce)).toEqual([p1.nonce, p1.nonce]);

    await world.anvil.mine(N);
    await watch();
    const done = await recordOf(w.u, w.id);
    expect(done.status).toBe('confirmed');
    // exactly one of the two was mined, and it is the one the record names
    const mined = await Promise.all(
      [first.payoutTxHash, second.payoutTxHash].map((hash) => world.send.pub.getTransactionReceipt({ hash }).catch(() => null)),
    );
    expect(mined.filter(Boolean)).toHaveLength(1);
    expect(done.payoutTxHash).toBe(mined[0] ? first.payoutTxHash : second.payoutTxHash);
    expect(await ethOf(w.address)).toBe(parseEther(w.receive));
  });

  it('a crash between signing and broadcasting resumes with the same transaction: no nonce skipped, one payment', async () => {
    const w = await withdrawal('ETH', '0.05');
    // the node refuses the first broadcast, as if the process died right after recording the signature
    const evm = (
      t.app.chain as unknown as { watched: Map<string, { w: { evm: { broadcast: (raw: Hex) => Promise<void> } } }> }
    ).watched.get('ERC20')!.w.evm;
    const broadcast = evm.broadcast.bind(evm);
    evm.broadcast = async () => {
      throw new Error('killed mid-broadcast');
    };
    await expect(send()).rejects.toThrow('killed mid-broadcast');
    evm.broadcast = broadcast;
    const [p] = await payoutsOf(t.app, w.id);
    expect(p.state).toBe('signed');
    expect((await recordOf(w.u, w.id)).status).toBe('queued');
    // the next run broadcasts what was signed, with the nonce taken before
    expect((await send())[0]).toMatchObject({ sent: 1 });
    const [after] = await payoutsOf(t.app, w.id);
    expect(after).toMatchObject({ state: 'broadcast', nonce: p.nonce });
    const signed = await t.app.db
      .select()
      .from(signerSignatures)
      .where(eq(signerSignatures.withdrawalId, BigInt(w.id)));
    expect(signed).toHaveLength(1);
    await world.anvil.mine(N);
    await watch();
    expect(await recordOf(w.u, w.id)).toMatchObject({ status: 'confirmed', payoutTxHash: signed[0].txHash });
    expect(await ethOf(w.address)).toBe(parseEther(w.receive));
  });

  it('two senders at once pay each withdrawal once, each with its own nonce', async () => {
    const a = await withdrawal('ETH', '0.05');
    const b = await withdrawal('ETH', '0.06');
    await Promise.all([send(), send(), send()]);
    const rows = [...(await payoutsOf(t.app, a.id)), ...(await payoutsOf(t.app, b.id))];
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.nonce)).size).toBe(2);
    await world.anvil.mine(N);
    await watch();
    expect(await ethOf(a.address)).toBe(parseEther(a.receive));
    expect(await ethOf(b.address)).toBe(parseEther(b.receive));
    expect((await recordOf(a.u, a.id)).status).toBe('confirmed');
  });

  it('above what the hot wallet holds a withdrawal waits whole, then is paid once it is refilled', async () => {
    const w = await withdrawal('USDT', '2000');
    expect((await send())[0]).toMatchObject({ waiting: 1, sent: 0 });
    expect(await recordOf(w.u, w.id)).toMatchObject({ status: 'waitingFunds', payoutTxHash: null });
    expect(await usdtOf(w.address)).toBe(0n);
    await world.send.token(world.usdt, HOT, '5000');
    await world.anvil.mine(1);
    expect((await send())[0]).toMatchObject({ sent: 1 });
    await world.anvil.mine(N);
    await watch();
    expect(await recordOf(w.u, w.id)).toMatchObject({ status: 'confirmed' });
    expect(await usdtOf(w.address)).toBe(parseUnits(w.receive, 6));
  });

  it('the web service’s environment, configuration and database hold no private key', async () => {
    const keys = ANVIL_KEYS.map((k) => k.slice(2).toLowerCase());
    const env = JSON.stringify(process.env).toLowerCase();
    const config = JSON.stringify(t.app.config, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)).toLowerCase();
    const tables = (await t.app.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: Array<{ table_name: string }> };
    let dump = '';
    for (const { table_name } of tables.rows) {
      const rows = (await t.app.db.execute(sql.raw(`select row_to_json(t)::text as j from "${table_name}" t`))) as unknown as {
        rows: Array<{ j: string }>;
      };
      dump += rows.rows
        .map((r) => r.j)
        .join('\n')
        .toLowerCase();
    }
    expect(dump).toContain(HOT.slice(2).toLowerCase()); // the dump is real: the hot wallet's address is in it
    for (const k of keys) {
      expect(env).not.toContain(k);
      expect(config).not.toContain(k);
      expect(dump).not.toContain(k);
    }
  });
});
