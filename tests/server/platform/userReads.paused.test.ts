/**
 * A paused instance slows nobody's writes (issue 44 item 3), and no stale read is served: two
 * instances of the service as processes (NODE_ENV=production, PostgreSQL + Redis), B reaching
 * Redis through a proxy 400 ms late. B holds a user's deposits page in memory and is stopped
 * (SIGSTOP); the user's deposit claims through A each answer while B is still stopped and within
 * WRITE_BOUND_MS, below the two seconds every write used to wait for a peer's answer (the
 * bound is that old wait, not a benchmark: a claim takes tens of milliseconds). A reads its own
 * writes at once. Once B runs again (SIGCONT) every read on either instance after each write
 * shows that write: B's hints come 400 ms late, so B's read right after A's write would be its
 * old copy if the write did not move the user's version in Redis or B did not check it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usingPostgres } from '../helpers.ts';
import { productionEnv } from '../productionFixtures.ts';
import { startInstance, type Instance } from '../processFixtures.ts';
import { lateRedis } from '../lateRedis.ts';
import {
  addReceiveAddresses,
  createUser,
  multipart,
  PNG,
  real,
  rechargeFields,
  type TestUser,
} from '../wallet/walletFixtures.ts';
import { openDatabase, type Database } from '../../../server/platform/db/client.ts';
import { Ok } from '../../../src/contract/errors.ts';

const U = '/swx/customer/user';
/** Below the two seconds (ACK_WAIT_MS) each write waited for a stopped peer before issue 44. */
const WRITE_BOUND_MS = 1_500;
const LATE_MS = 400;

/** Whether the kernel holds `i` stopped (state T in /proc/<pid>/stat). */
const stopped = (i: Instance) => fs.readFileSync(`/proc/${i.child.pid}/stat`, 'utf8').split(') ')[1]?.[0] === 'T';

describe.runIf(usingPostgres())('two instances, one stopped with SIGSTOP: writes through the other', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-paused-'));
  const started: Instance[] = [];
  let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let proxy: Awaited<ReturnType<typeof lateRedis>> | undefined;
  let database: Database | undefined;
  afterAll(async () => {
    for (const i of started) {
      if (i.child.exitCode !== null || i.child.signalCode !== null) continue;
      i.child.kill('SIGCONT');
      i.child.kill('SIGKILL');
    }
    await Promise.all(started.map((i) => i.exited));
    await proxy?.close();
    await database?.close();
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = async (i: Instance, url: string, u: TestUser) => {
    const r = await fetch(`http://127.0.0.1:${i.port}${url}`, { headers: real(u) });
    return ((await r.json()) as { result: { total: number; rows: Array<{ amount: string }> } }).result;
  };
  /** The amounts of the user's deposits as `i` shows them (sorted). */
  const deposits = async (i: Instance, u: TestUser) =>
    (await get(i, `${U}/listRecharge`, u)).rows.map((d) => String(Number(d.amount))).sort();
  /** A deposit claim by the user through `i`, and how long it took to answer. */
  const claim = async (i: Instance, u: TestUser, amount: string) => {
    const m = multipart(rechargeFields({ amount }), { content: PNG });
    const t0 = performance.now();
    const r = await fetch(`http://127.0.0.1:${i.port}${U}/recharge`, {
      method: 'POST',
      headers: { ...real(u), ...m.headers },
      body: m.payload,
    });
    const answer = (await r.json()) as { code: number };
    const ms = performance.now() - t0;
    expect(answer.code, JSON.stringify(answer)).toBe(Ok.RECHARGE_SUBMITTED);
    return ms;
  };

  it("the other's writes answer while it is stopped, and every read after a write shows it on both", async () => {
    db = await createTestDatabase();
    proxy = await lateRedis(LATE_MS, { subscriberOnly: true });
    const env = productionEnv(db.url, 500);
    const a = await startInstance('instance A', env, path.join(dataDir, 'a'));
    started.push(a);
    const b = await startInstance('instance B', { ...env, REDIS_URL: proxy.url }, path.join(dataDir, 'b'));
    started.push(b);
    database = await openDatabase({ databaseUrl: db.url, poolSize: 2 });
    const dbApp = { db: database.db };
    await addReceiveAddresses(dbApp as Parameters<typeof addReceiveAddresses>[0]);
    // two users: a user may have five claims waiting at most
    const users = [await createUser(dbApp), await createUser(dbApp)];
    const written = new Map<TestUser, string[]>(users.map((u) => [u, []]));
    let next = 150;
    /** A claim by `u` through A; the amounts of `u`'s deposits as they should be now. */
    const write = async (u: TestUser) => {
      const amount = String(next++);
      const ms = await claim(a, u, amount);
      written.get(u)!.push(amount);
      return { ms, now: [...written.get(u)!].sort() };
    };

    // B keeps both pages (each asked twice; the second from memory), then is stopped
    for (const u of users) {
      expect(await deposits(b, u)).toEqual([]);
      expect(await deposits(b, u)).toEqual([]);
    }
    b.child.kill('SIGSTOP');
    await expect.poll(() => stopped(b)).toBe(true);

    const took: number[] = [];
    for (const u of [users[0], users[1], users[0], users[1], users[0]]) {
      const { ms, now } = await write(u);
      took.push(ms);
      expect(await deposits(a, u)).toEqual(now);
    }
    // every write answered while B was stopped, each without waiting for it
    expect(stopped(b)).toBe(true);
    expect(
      took.filter((ms) => ms >= WRITE_BOUND_MS),
      `write times ${took.map(Math.round).join(', ')} ms`,
    ).toEqual([]);

    b.child.kill('SIGCONT');
    await expect.poll(() => stopped(b)).toBe(false);
    for (const u of users) {
      expect(await deposits(b, u)).toEqual([...written.get(u)!].sort());
      // kept again on B
      expect(await deposits(b, u)).toEqual([...written.get(u)!].sort());
    }
    // each write through A is seen by the next read on B (its hint 400 ms late) and on A
    for (const u of [users[1], users[0], users[1], users[0], users[1]]) {
      const { now } = await write(u);
      expect(await deposits(b, u), `B after the claim of ${next - 1}`).toEqual(now);
      expect(await deposits(a, u), `A after the claim of ${next - 1}`).toEqual(now);
      expect(await deposits(b, u), `B again after the claim of ${next - 1}`).toEqual(now);
    }
  }, 240_000); // two processes
});
