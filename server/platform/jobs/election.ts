import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Leadership across instances: the holder of a PostgreSQL advisory lock runs a job. The lock
 * lives on one dedicated pooled connection; if that connection (or its process) dies, PostgreSQL
 * releases the lock and another instance's periodic retry takes it over. Used only by
 * startLeaderJob (scheduler.ts), which takes the lock id from the job's declaration (its domain's manifest).
 */
export interface Election {
  isLeader(): boolean;
  /** Tries for the lock now instead of at the next retry (another instance said it let go). */
  nudge(): void;
  /** Gives leadership up (onLost runs first, then the lock is released) and stops trying. */
  stop(): Promise<void>;
}

export async function electLeader(
  pool: pg.Pool,
  opts: { key: number; retryMs: number; onElected: () => Promise<void>; onLost: () => Promise<void>; log: FastifyBaseLogger },
): Promise<Election> {
  const { key, log } = opts;
  let client: pg.PoolClient | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let onError: ((err: Error) => void) | undefined;
  let attempting: Promise<void> | undefined;
  const checkTimeoutMs = Math.max(1000, opts.retryMs);

  const lose = async (why: string) => {
    const c = client;
    if (!c) return;
    client = undefined;
    if (onError) c.off('error', onError);
    c.release(true); // destroy: the lock goes with the session
    log.error({ why }, 'leadership lost; another instance will take over');
    // a failing stop must not escape: it would end the retry loop (an unhandled rejection from a timer)
    await opts.onLost().catch((err: unknown) => log.error({ err }, 'stopping the job failed'));
  };

  const attempt = async () => {
    if (stopped) return;
    try {
      if (client) {
        // still there? A check that never answers (network gone, no error) must end leadership
        // too: PostgreSQL may already have released the lock to another instance.
        let timeout: NodeJS.Timeout | undefined;
        await Promise.race([
          client.query('SELECT 1'),
          new Promise(
            (_, reject) => (timeout = setTimeout(() => reject(new Error('leader lock check timed out')), checkTimeoutMs)),
          ),
        ]).finally(() => clearTimeout(timeout));
      } else {
        const c = await pool.connect();
        const r = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key]).catch((err: unknown) => {
          c.release(true); // not ours yet: give the connection back (destroyed, it may be broken)
          throw err;
        });
        if (r.rows[0]?.ok && !stopped) {
          client = c;
          onError = (err: Error) => void lose(err.message);
          c.on('error', onError);
          log.info({ lock: key }, 'elected leader');
          await opts.onElected();
        } else {
          if (r.rows[0]?.ok) await c.query('SELECT pg_advisory_unlock($1)', [key]);
          c.release();
        }
      }
    } catch (err) {
      if (client) await lose(String(err));
      else log.warn({ err }, 'leader election attempt failed');
    }
  };

  // one attempt at a time: a nudge while the timer's attempt runs joins it
  const once = () =>
    (attempting ??= attempt()
      .catch((err: unknown) => log.error({ err }, 'leader election failed'))
      .finally(() => {
        attempting = undefined;
      }));

  const loop = async () => {
    await once();
    if (!stopped) {
      timer = setTimeout(loop, opts.retryMs);
      timer.unref?.();
    }
  };
  await loop();

  return {
    isLeader: () => client !== undefined,
    nudge() {
      if (!stopped && !client) void once();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      // an attempt in flight sees `stopped` and lets the lock go; not awaited, it may hang on a dead database
      const c = client;
      if (!c) return;
      client = undefined;
      await opts.onLost();
      if (onError) c.off('error', onError);
      await c.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {});
      c.release();
    },
  };
}
