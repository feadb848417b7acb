/**
 * A user's reads kept in memory (server/platform/userReads.ts) and the telling of the users a
 * write changed (server/platform/db/userWrites.ts), on a bus and a database of their own: a read racing a
 * forgetting is not kept, the bounds hold, a gap or a bus not heard forgets or bypasses, and the
 * users of a transaction are told after it ends, never before.
 */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../../server/platform/bus/bus.ts';
import { memoryBus } from '../../../server/platform/bus/bus.ts';
import { UserReads, USER_READS_CHANNEL, type UserReadsOptions } from '../../../server/platform/userReads.ts';
import type { UserVersions } from '../../../server/platform/bus/userVersions.ts';
import { onUserWrites, trackUserWrites, userWrite, userWritten, writesSettled } from '../../../server/platform/db/userWrites.ts';
import type { Db, DbOrTx } from '../../../server/platform/db/client.ts';

const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

/** A bus whose hearing and gaps the test decides. */
function testBus() {
  const bus = memoryBus();
  const gaps = new EventEmitter();
  let hearing = true;
  const b: Bus & { deaf: (v: boolean) => void; gap: () => void } = {
    ...bus,
    hearing: () => hearing,
    onGap: (h) => {
      gaps.on('gap', h);
      return () => gaps.off('gap', h);
    },
    deaf: (v) => {
      hearing = !v;
    },
    gap: () => gaps.emit('gap'),
  };
  return b;
}

const reads = (over: Partial<UserReadsOptions> = {}) =>
  new UserReads({ bus: testBus(), log, enabled: true, maxAgeMs: 60_000, maxRows: 1_000, ...over });

/** A load the test answers by hand, counting its calls. */
function manual<T>() {
  const calls: Array<(v: T) => void> = [];
  return {
    calls,
    load: () => new Promise<T>((resolve) => calls.push(resolve)),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('UserReads', () => {
  it('serves a kept read from memory until the user is changed, then reads again', async () => {
    const r = reads();
    let n = 0;
    const load = async () => ++n;
    expect(await r.read(1n, 'info', load)).toBe(1);
    expect(await r.read(1n, 'info', load)).toBe(1);
    expect(await r.read(2n, 'info', load)).toBe(2);
    await r.changed([1n]);
    expect(await r.read(1n, 'info', load)).toBe(3);
    // another user's read was not forgotten
    expect(await r.read(2n, 'info', load)).toBe(2);
    r.close();
  });

  /** A read of user 1 under way while `meanwhile` happens: its answer, and how many reads are kept after it. */
  async function keptAcross(
    meanwhile: (r: UserReads) => unknown,
    r = reads(),
  ): Promise<{ answer: string; kept: number; r: UserReads }> {
    const slow = manual<string>();
    const pending = r.read(1n, 'info', slow.load);
    await meanwhile(r);
    slow.calls[0]('read under way');
    return { answer: await pending, kept: r.size, r };
  }

  it('a read under way when its user is changed is answered but not kept (it may hold the rows of before the commit)', async () => {
    const { answer, kept, r } = await keptAcross((x) => x.changed([1n]));
    expect([answer, kept]).toEqual(['read under way', 0]);
    // a read that started after the change is kept
    expect(await r.read(1n, 'info', async () => 'after')).toBe('after');
    expect(r.size).toBe(1);
    r.close();
  });

  it("another user's change does not stop a read from being kept", async () => {
    const { kept, r } = await keptAcross((x) => x.changed([2n]));
    expect(kept).toBe(1);
    r.close();
  });

  it('the change heard from another instance forgets too, and a read racing it is not kept', async () => {
    const bus = testBus();
    const [a, b] = [reads({ bus }), reads({ bus })];
    await b.read(1n, 'info', async () => 'old');
    const slow = manual<string>();
    const pending = b.read(2n, 'info', slow.load);
    await a.changed([1n, 2n]);
    expect(b.size).toBe(0);
    slow.calls[0]('old too');
    await pending;
    expect(b.size).toBe(0);
    a.close();
    b.close();
  });

  it('a gap forgets everything, and a read under way across it is not kept', async () => {
    const bus = testBus();
    const r = reads({ bus });
    await r.read(2n, 'a', async () => 2);
    await r.read(3n, 'a', async () => 3);
    const { kept } = await keptAcross(() => {
      bus.gap();
      expect(r.size).toBe(0);
    }, r);
    expect(kept).toBe(0);
    r.close();
  });

  it('while the bus is not heard nothing is served from memory nor kept', async () => {
    const bus = testBus();
    const r = reads({ bus });
    let n = 0;
    const load = async () => ++n;
    await r.read(1n, 'a', load);
    bus.deaf(true);
    expect(await r.read(1n, 'a', load)).toBe(2);
    expect(await r.read(1n, 'a', load)).toBe(3);
    expect(r.size).toBe(0);
    bus.deaf(false);
    expect(await r.read(1n, 'a', load)).toBe(4);
    expect(await r.read(1n, 'a', load)).toBe(4);
    r.close();
  });

  it('a kept read is served for at most maxAgeMs (monotonic time)', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const r = reads({ maxAgeMs: 5_000 });
    let n = 0;
    const load = async () => ++n;
    await r.read(1n, 'a', load);
    vi.advanceTimersByTime(4_999);
    expect(await r.read(1n, 'a', load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await r.read(1n, 'a', load)).toBe(2);
    r.close();
  });

  it('keeps at most maxRows rows, the oldest read going first; a read heavier than the bound is not kept', async () => {
    const r = reads({ maxRows: 10 });
    for (let u = 1n; u <= 4n; u++)
      await r.read(
        u,
        'page',
        async () => [1, 2, 3],
        (v) => v.length,
      );
    // 4 × 3 rows > 10: the first went
    expect(r.weight).toBe(9);
    expect(r.size).toBe(3);
    let again = 0;
    await r.read(
      1n,
      'page',
      async () => (again++, [1, 2, 3]),
      (v) => v.length,
    );
    expect(again).toBe(1);
    await r.read(
      4n,
      'page',
      async () => (again++, [1, 2, 3]),
      (v) => v.length,
    );
    expect(again).toBe(1);
    await r.read(
      5n,
      'page',
      async () => Array.from({ length: 11 }, (_, i) => i),
      (v) => v.length,
    );
    expect(r.weight).toBeLessThanOrEqual(10);
    expect(r.size).toBe(3);
    await r.changed([1n, 2n, 3n, 4n]);
    expect(r.weight).toBe(0);
    r.close();
  });

  it('many users forgotten at once start every read under way over', async () => {
    const { kept, r } = await keptAcross((x) => x.changed([2n, 3n, 4n, 5n]), reads({ maxForgotten: 3 }));
    expect(kept).toBe(0);
    r.close();
  });

  it('off (PostgreSQL without Redis, or 0 seconds): every read loads, nothing is published', async () => {
    const bus = testBus();
    const publish = vi.spyOn(bus, 'publish');
    for (const r of [reads({ bus, enabled: false }), reads({ bus, maxAgeMs: 0 })]) {
      let n = 0;
      await r.read(1n, 'a', async () => ++n);
      expect(await r.read(1n, 'a', async () => ++n)).toBe(2);
      await r.changed([1n]);
      expect(r.size).toBe(0);
    }
    expect(publish).not.toHaveBeenCalled();
  });

  /** A bus to a paused instance: PUBLISH counts it, nothing is ever delivered (no hint arrives). */
  const pausedBus = (): Bus => ({ ...testBus(), publish: async () => 1, subscribe: () => () => {} });

  /** The contract of server/platform/bus/userVersions.ts in memory (Redis's own is tested in tests/server/platform/userVersions.redis.test.ts). */
  function sharedVersions() {
    const tokens = new Map<bigint, string>();
    let n = 0;
    let failing = false;
    const up = () => {
      if (failing) throw new Error('redis down');
    };
    const versions: UserVersions & { failing: (v: boolean) => void; bumps: number } = {
      bumps: 0,
      async take(id) {
        up();
        if (!tokens.has(id)) tokens.set(id, `t${n++}`);
        return tokens.get(id)!;
      },
      async current(id) {
        up();
        return tokens.get(id) ?? null;
      },
      async bump(ids) {
        up();
        versions.bumps++;
        for (const id of ids) tokens.set(id, `t${n++}`);
      },
      async close() {},
      failing: (v) => {
        failing = v;
      },
    };
    return versions;
  }

  it('with versions, a change waits for no other instance, and another instance never serves its copy of before', async () => {
    const versions = sharedVersions();
    // b is paused: the hint never reaches it, and changed must not wait for it
    const [a, b] = [reads({ bus: pausedBus(), versions }), reads({ bus: pausedBus(), versions })];
    let value = 'old';
    const load = async () => value;
    expect(await b.read(1n, 'info', load)).toBe('old');
    expect(await b.read(2n, 'info', load)).toBe('old');
    value = 'new';
    expect(await b.read(1n, 'info', load)).toBe('old'); // served from memory while nothing changed
    await a.changed([1n]);
    expect(b.size).toBe(2); // b was told nothing
    expect(await b.read(1n, 'info', load)).toBe('new');
    expect(await b.read(2n, 'info', load)).toBe('old'); // another user's copy is still current
    a.close();
    b.close();
  });

  it('with versions, a read under way on another instance when the user is changed keeps the version of before its query: its copy is never served', async () => {
    const versions = sharedVersions();
    const [a, b] = [reads({ bus: pausedBus(), versions }), reads({ bus: pausedBus(), versions })];
    const slow = manual<string>();
    const pending = b.read(1n, 'info', slow.load);
    await vi.waitFor(() => expect(slow.calls).toHaveLength(1)); // the version is taken, the query under way
    await a.changed([1n]); // commits and moves the version while b's query may hold the old rows
    slow.calls[0]('old rows');
    expect(await pending).toBe('old rows');
    expect(b.size).toBe(1); // kept, with the version of before
    expect(await b.read(1n, 'info', async () => 'new rows')).toBe('new rows');
    expect(await b.read(1n, 'info', async () => 'not asked')).toBe('new rows');
    a.close();
    b.close();
  });

  it('with versions, Redis not answering: reads go to the database and nothing is kept; a write still answers (logged)', async () => {
    const versions = sharedVersions();
    const r = reads({ bus: pausedBus(), versions });
    let n = 0;
    const load = async () => ++n;
    await r.read(1n, 'a', load);
    versions.failing(true);
    expect(await r.read(1n, 'a', load)).toBe(2);
    expect(await r.read(2n, 'a', load)).toBe(3);
    expect(r.size).toBe(0);
    await r.changed([1n]);
    expect(log.warn).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/user versions not moved/));
    versions.failing(false);
    expect(await r.read(1n, 'a', load)).toBe(4);
    expect(await r.read(1n, 'a', load)).toBe(4);
    r.close();
  });

  it('without versions (one process), a change reaches the other readers of the bus before it resolves', async () => {
    const bus = testBus();
    const [a, b] = [reads({ bus }), reads({ bus })];
    await b.read(1n, 'info', async () => 'old');
    await a.changed([1n]);
    expect(b.size).toBe(0);
    a.close();
    b.close();
  });

  it('verify: a kept read that differs from the database with no write under way throws; one explained by a write does not', async () => {
    let settled: () => Promise<void> = async () => {};
    const r = reads({ verify: { settled: () => settled() } });
    let value = 'a';
    const load = async () => value;
    await r.read(1n, 'info', load);
    value = 'b';
    await expect(r.read(1n, 'info', load)).rejects.toThrow(/differs from the database/);
    // a write that committed and tells its user while the check waits
    settled = async () => r.changed([1n]);
    expect(await r.read(1n, 'info', load)).toBe('a');
    expect(await r.read(1n, 'info', load)).toBe('b');
    r.close();
  });

  it('ignores a malformed message by forgetting everything', async () => {
    const bus = testBus();
    const r = reads({ bus });
    await r.read(1n, 'a', async () => 1);
    await bus.publish(USER_READS_CHANNEL, { userIds: ['x'] });
    expect(r.size).toBe(0);
    r.close();
  });
});

describe('userWrites', () => {
  /** A database handle whose transactions the test runs; `commit` resolves when each one's callback has returned. */
  function fakeDb() {
    const events: string[] = [];
    const tx = (depth: number): object => ({
      depth,
      transaction: async (fn: (t: object) => Promise<unknown>) => {
        events.push(`savepoint ${depth + 1}`);
        return fn(tx(depth + 1));
      },
    });
    const db = {
      transaction: async (fn: (t: object) => Promise<unknown>) => {
        events.push('begin');
        try {
          const out = await fn(tx(0));
          events.push('commit');
          return out;
        } catch (e) {
          events.push('rollback');
          throw e;
        }
      },
    };
    trackUserWrites(db);
    onUserWrites(db as unknown as Db, async (ids) => {
      events.push(`told ${ids.join(',')}`);
    });
    return { db: db as unknown as Db, events };
  }

  it('the users named inside a transaction (savepoints included) are told once, after the commit', async () => {
    const { db, events } = fakeDb();
    await db.transaction(async (tx) => {
      await userWritten(tx, 1n, 2n);
      await tx.transaction(async (sp) => userWritten(sp as DbOrTx, 3n, 1n));
      events.push('last statement');
    });
    expect(events).toEqual(['begin', 'savepoint 1', 'last statement', 'commit', 'told 1,2,3']);
  });

  it('told after a rollback too (a failed COMMIT may have committed), and nothing when no user was named', async () => {
    const { db, events } = fakeDb();
    await expect(
      db.transaction(async (tx) => {
        await userWritten(tx, 7n);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await db.transaction(async () => {});
    expect(events).toEqual(['begin', 'rollback', 'told 7', 'begin', 'commit']);
  });

  it('the transaction promise resolves only after the users are told', async () => {
    const { db } = fakeDb();
    let release!: () => void;
    onUserWrites(db, () => new Promise<void>((r) => (release = r)));
    let resolved = false;
    const running = db.transaction(async (tx) => userWritten(tx, 1n)).then(() => (resolved = true));
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    expect(resolved).toBe(false);
    const settled = writesSettled(db);
    release();
    await running;
    await settled;
    expect(resolved).toBe(true);
  });

  it('a transaction handle used again (one per pooled connection) records the savepoints of each transaction into that transaction, without piling wrappers up', async () => {
    const events: string[] = [];
    let savepointCalls = 0;
    const handle = {
      transaction: async (fn: (t: object) => Promise<unknown>) => {
        savepointCalls++;
        return fn({ transaction: handle.transaction });
      },
    };
    const db = { transaction: async (fn: (t: object) => Promise<unknown>) => fn(handle) };
    trackUserWrites(db);
    onUserWrites(db as unknown as Db, async (ids) => void events.push(`told ${ids.join(',')}`));
    let wrapper: unknown;
    for (let i = 1; i <= 50; i++) {
      await (db as unknown as Db).transaction(async (tx) => {
        if (i === 1) wrapper = tx.transaction;
        expect(tx.transaction).toBe(wrapper); // wrapped once for the handle's life
        await tx.transaction(async (sp) => userWritten(sp as DbOrTx, BigInt(i)));
      });
    }
    expect(savepointCalls).toBe(50);
    expect(events).toEqual(Array.from({ length: 50 }, (_, i) => `told ${i + 1}`));
  });

  it('outside a transaction: userWrite tells after its statement; userWritten on the handle tells at once; a handle not opened by the service has nobody to tell', async () => {
    const { db, events } = fakeDb();
    await userWrite(db, [4n], async () => events.push('statement'));
    await userWritten(db, 5n);
    await userWritten({} as DbOrTx, 6n);
    expect(events).toEqual(['statement', 'told 4', 'told 5']);
  });
});
