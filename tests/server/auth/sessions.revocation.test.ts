/**
 * The session check is served from memory (server/auth/sessionCache.ts, issue 26); a revoked
 * session must still be refused at the next request on any instance. On PostgreSQL: two
 * instances sharing the database and Redis, each story revoking on A and asking B (over HTTP, as
 * a client would) right after; on the embedded database, one instance (no second one can share
 * it) plays both parts. Every session is first used on both, so both hold it in memory.
 */
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SessionCache } from '../../../server/auth/sessionCache.ts';
import { createSession } from '../../../server/auth/sessions.ts';
import { sessions } from '../../../server/auth/schema.ts';
import type { Bus } from '../../../server/platform/bus/bus.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { buildTestApp, createTestDatabase, usingPostgres, useTestApp, type TestApp } from '../helpers.ts';
import { PASSWORD, registerByEmail, U } from '../auth.helpers.ts';
import { REDIS_URL } from '../productionFixtures.ts';
import { adminCall, createUser, fund, type TestUser } from '../wallet/walletFixtures.ts';

const MIN = 60_000;

describe(`session revocation reaches every instance at once (${usingPostgres() ? 'two instances, PostgreSQL + Redis' : 'embedded, one instance'})`, () => {
  // the platform clock of both instances: wall time plus what the test moves it by
  let offset = 0;
  const clock = () => Date.now() + offset;
  let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let a: TestApp;
  let b: TestApp;
  const url = (t: TestApp) => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

  beforeAll(async () => {
    const overrides = { clock, operatorProbationHours: 0 };
    if (usingPostgres()) {
      db = await createTestDatabase();
      const env = {
        DATABASE_URL: db.url,
        REDIS_URL,
        BUS_NAMESPACE: `revocation-${crypto.randomBytes(6).toString('hex')}:`,
        SESSION_IDLE_MINUTES: '30',
      };
      a = await buildTestApp(overrides, env);
      b = await buildTestApp(overrides, env);
    } else {
      a = b = await buildTestApp(overrides, { SESSION_IDLE_MINUTES: '30' });
    }
    for (const t of new Set([a, b])) await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect(a.app.sessionCache.enabled && b.app.sessionCache.enabled).toBe(true);
  }, 240_000); // two platforms
  afterAll(async () => {
    for (const t of new Set([a, b])) await t?.close();
    await db?.drop();
  });

  /** getUserInfo over HTTP: the answer's code (401 → Err.LOGIN_REQUIRED). */
  const info = async (t: TestApp, token: string) => {
    const res = await fetch(`${url(t)}${U}/getUserInfo`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json', virtually: 'YES' },
      body: '{}',
    });
    return (await res.json()) as {
      code: number;
      result: { balances: { real: { assets: Array<{ asset: string; available: string }> } } };
    };
  };
  /** Used on both instances, so both hold it in memory. */
  const warm = async (token: string) => {
    expect((await info(a, token)).code).toBe(Ok.SUCCESS);
    expect((await info(b, token)).code).toBe(Ok.SUCCESS);
  };
  const post = async (t: TestApp, path: string, token: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url: path, headers: { authorization: token }, payload })).json() as { code: number };

  it('logout on A: the token is refused on B at the next request, and on A', async () => {
    const u = await createUser(a.app);
    await warm(u.token);
    expect((await post(a, '/swx/customer/login/logout', u.token, {})).code).toBe(Ok.SUCCESS);
    expect((await info(b, u.token)).code).toBe(Err.LOGIN_REQUIRED);
    expect((await info(a, u.token)).code).toBe(Err.LOGIN_REQUIRED);
  });

  it('password change on A: the other sessions are refused on B, the one that changed it lives on', async () => {
    await registerByEmail(a, 'rena', 'rena@example.com');
    const login = async () =>
      (
        await a.app.inject({ method: 'POST', url: '/swx/customer/login/login', payload: { account: 'rena', password: PASSWORD } })
      ).json() as { result: { token: string } };
    const [here, elsewhere] = [(await login()).result.token, (await login()).result.token];
    await warm(here);
    await warm(elsewhere);
    expect(
      (
        await post(a, `${U}/repassword`, here, {
          oldPassword: PASSWORD,
          password: 'Quiet-Otter-58',
          confirmPassword: 'Quiet-Otter-58',
        })
      ).code,
    ).toBe(Ok.MODIFIED);
    expect((await info(b, elsewhere)).code).toBe(Err.LOGIN_REQUIRED);
    expect((await info(b, here)).code).toBe(Ok.SUCCESS);
  });

  it('an operator disabled through A is refused on B at the next request', async () => {
    const [p, c, x]: TestUser[] = [
      await createUser(a.app, 'operator'),
      await createUser(a.app, 'operator'),
      await createUser(a.app, 'operator'),
    ];
    await warm(x.token);
    const proposal = await adminCall(a.app, p, 'POST', `/operators/${x.id}/disable`);
    expect(proposal.code).toBe(Ok.SUCCESS);
    expect((await adminCall(a.app, c, 'POST', `/operator-proposals/${proposal.result.id}/confirm`)).code).toBe(Ok.SUCCESS);
    expect((await info(b, x.token)).code).toBe(Err.LOGIN_REQUIRED);
  });

  it('a balance changed anywhere is shown at once (the reads kept in memory are forgotten on every instance)', async () => {
    const u = await createUser(a.app);
    await warm(u.token);
    await fund(a.app, u.id, 'USDT', '123.45');
    const usdt = (await info(b, u.token)).result.balances.real.assets.find((x) => x.asset === 'USDT');
    expect(usdt?.available).toBe('123.450000');
  });

  it('idle timeout on the test clock: refused on both; activity on A keeps it alive on B', async () => {
    const policy = { sessionTtlMs: 12 * 60 * MIN, sessionIdleMs: 30 * MIN, sessionRememberMs: 7 * 24 * 60 * MIN };
    const u = await createUser(a.app);
    const [idle, busy] = [
      await createSession(a.app.db, u.id, policy, { now: clock() }),
      await createSession(a.app.db, u.id, policy, { now: clock() }),
    ];
    await warm(idle);
    await warm(busy);
    offset += 20 * MIN;
    expect((await info(a, busy)).code).toBe(Ok.SUCCESS); // activity, written by A
    offset += 20 * MIN; // 40 min since B last saw either
    expect((await info(b, busy)).code).toBe(Ok.SUCCESS);
    expect((await info(b, idle)).code).toBe(Err.LOGIN_REQUIRED);
    expect((await info(a, idle)).code).toBe(Err.LOGIN_REQUIRED);
  });
});

/**
 * Redis hands a revocation to every instance's socket at once, but an instance may read it only
 * after a request the client sent when the logout had returned. The revoking instance therefore
 * answers only once every instance has said it forgot: shown on a bus that delivers late.
 */
describe('a revocation returns only when every instance has forgotten the session', () => {
  const t = useTestApp();

  /** Instances joined by a network that takes `delayMs` to deliver, as PUBLISH counts receivers. */
  function lateNetwork(delayMs: number) {
    const processes: Array<{ local: EventEmitter; channels: Set<string> }> = [];
    return (): Bus => {
      const me = { local: new EventEmitter(), channels: new Set<string>() };
      processes.push(me);
      return {
        async publish(channel, message) {
          const to = processes.filter((p) => p.channels.has(channel));
          for (const p of to) setTimeout(() => p.local.emit(channel, message), delayMs);
          return to.length;
        },
        subscribe(channel, handler) {
          me.channels.add(channel);
          me.local.on(channel, handler);
          return () => me.local.off(channel, handler);
        },
        async close() {},
        async ping() {},
        hearing: () => true,
        onGap: () => () => {},
      };
    };
  }

  it('B holds the session in memory; after A.revoked resolves, B refuses it', async () => {
    const join = lateNetwork(40);
    const cache = () =>
      new SessionCache({ db: t.app.db, bus: join(), clock: t.app.clock, log: t.app.log, enabled: true, maxAgeMs: 60 * MIN });
    const [onA, onB] = [cache(), cache()];
    const u = await createUser(t.app);
    expect((await onB.find(u.token, t.app.clock.now()))?.id).toBe(u.id);
    expect(onB.size).toBe(1);
    await t.app.db
      .update(sessions)
      .set({ revokedAt: new Date(t.app.clock.now()) })
      .where(eq(sessions.userId, u.id));
    await onA.revoked(u.id);
    expect(onB.size).toBe(0);
    expect(await onB.find(u.token, t.app.clock.now())).toBeUndefined();
    onA.close();
    onB.close();
  });
});
