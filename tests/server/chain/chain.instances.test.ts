/**
 * Two instances on one PostgreSQL database and one Redis, NODE_ENV=production, both with their engines: one leads the
 * chain watcher (its advisory lock), the deposits it credits reach the customer's channel on the
 * other instance too ("confirming k/N" live), and even both instances running the watcher at once
 * (as two leaders would, for a moment) credit each deposit exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, usingPostgres, waitFor, type TestApp } from '../helpers.ts';
import { createUser, type TestUser } from '../wallet/walletFixtures.ts';
import {
  addressOf,
  available,
  chainDepositsOf,
  creditsOf,
  depositRows,
  expectReconciled,
  N,
  useChainWorld,
  watching,
  XPUB,
} from './chainFixtures.ts';
import { productionEnv } from '../productionFixtures.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.runIf(usingPostgres())('chain deposits on two instances (PostgreSQL + Redis)', () => {
  const world = useChainWorld();
  let db: { url: string; drop: () => Promise<void> };
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase();
    // the production shape (docs/testing-production-shape.md): NODE_ENV=production, the chain's
    // variables parsed as `npm start` parses them; only the watcher's pace is the test's
    const env = {
      ...productionEnv(db.url, 300),
      REDIS_URL,
      CHAIN_ETH_RPC_URL: world.anvil.url,
      CHAIN_ETH_XPUB: XPUB,
      CHAIN_ETH_CONFIRMATIONS: String(N),
      CHAIN_USDT_ERC20_CONTRACT: world.usdt,
      CHAIN_ETH_START_BLOCK: '0',
    };
    const overrides = {
      engines: true,
      feed: { kind: 'simulated' as const, seed: 39, staleAfterMs: 30_000 },
      ...watching(world, { tickMs: 100 }),
    };
    a = await buildTestApp(overrides, env);
    b = await buildTestApp(overrides, env);
    expect([a.config.production, b.config.production]).toEqual([true, true]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  const leader = () => [a, b].filter((t) => t.app.jobs.isLeading('chain-watcher'));
  const lastProcessed = async (t: TestApp) =>
    (await t.app.chain.networks()).rows.find((r) => r.network === 'ERC20')!.lastProcessed ?? -1;

  it('one instance leads the watcher; what it credits, the other instance tells the customer live', async () => {
    expect(leader()).toHaveLength(1);
    const follower = leader()[0] === a ? b : a;
    const u: TestUser = await createUser(a.app);
    const events: Array<{ kind: string; params: Record<string, unknown> }> = [];
    follower.app.bus.subscribe(`user:${u.id}`, (m) => events.push(m as (typeof events)[number]));
    const to = await addressOf(follower.app, u);
    const eth = await world.send.eth(to, '3');
    const usdt = await world.send.token(world.usdt, to, '400');
    await world.anvil.mine(1);
    await waitFor('both deposits seen', async () => (await chainDepositsOf(b.app, u)).length === 2);
    // one block at a time: the customer hears each count, and nothing is credited before N
    for (let k = 2; k < N; k++) {
      await world.anvil.mine(1);
      await waitFor(`confirming ${k}/${N}`, async () => (await chainDepositsOf(b.app, u)).every((d) => d.confirmations === k));
      expect(await available(a.app, u, 'ETH')).toBe('0.00000000');
    }
    await world.anvil.mine(1);
    await waitFor('both credited', async () => (await chainDepositsOf(a.app, u)).every((d) => d.status === 'credited'));
    // the leader keeps running: let it pass a few more blocks, then count
    await world.anvil.mine(3);
    const head = await world.anvil.head();
    await waitFor('the watcher at the head', async () => (await lastProcessed(b)) === head);
    expect(await creditsOf(a.app, eth)).toBe(1);
    expect(await creditsOf(a.app, usdt)).toBe(1);
    expect(await available(b.app, u, 'ETH')).toBe('3.00000000');
    expect(await available(b.app, u, 'USDT')).toBe('400.000000');
    await waitFor(
      'the credits told on the other instance',
      () => events.filter((e) => e.kind === 'chain.deposit_credited').length === 2,
    );
    expect(events.filter((e) => e.kind === 'chain.deposit_seen')).toHaveLength(2);
    await waitFor('confirming N-1/N told on the other instance', () =>
      events.some((e) => e.kind === 'chain.deposit_confirming' && e.params.confirmations === N - 1),
    );
    await expectReconciled(a.app);
  });

  it('both instances running the watcher at the same moment still credit each deposit once', async () => {
    const u = await createUser(a.app);
    const to = await addressOf(a.app, u);
    const hashes = [];
    for (let i = 0; i < 4; i++) {
      hashes.push(await world.send.eth(to, '1'));
      hashes.push(await world.send.token(world.usdt, to, '150'));
      await world.anvil.mine(1);
    }
    await world.anvil.mine(N);
    // as if both led the job for a moment, beside the real leader's own runs: a run that finds the
    // cursor moved by another gives up its range (and may fail); none may credit twice
    await Promise.allSettled([a, b, a, b].map((t) => t.app.chain.watchOnce()));
    await waitFor('all credited', async () => (await chainDepositsOf(b.app, u)).every((d) => d.status === 'credited'));
    for (const h of hashes) {
      expect(await depositRows(a.app, h)).toHaveLength(1);
      expect(await creditsOf(a.app, h)).toBe(1);
    }
    expect(await available(a.app, u, 'ETH')).toBe('4.00000000');
    expect(await available(a.app, u, 'USDT')).toBe('600.000000');
    await expectReconciled(b.app);
  });
});
