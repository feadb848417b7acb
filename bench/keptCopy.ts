/**
 * A paused instance and everyone's writes (npm run bench:keptcopy; issue 44 item 3,
 * docs/performance.md "Kept copies without waiting on peers"). Not part of the test suite.
 *
 * Two instances of the service as processes (NODE_ENV=production, one PostgreSQL database created
 * for the run, one Redis), as `npm start` runs them. BENCH_USERS users each keep their reads in
 * memory on B (getUserInfo asked there); then BENCH_WRITES writes that name their user (the
 * language switch: one statement, its user's version moved) go through A, BENCH_CONCURRENCY at a
 * time, twice: with B running, then with B stopped by SIGSTOP. Printed side by side: requests/s,
 * p50 and p99 of A's writes in each phase, and the ratio of the p99s (the goal: within 1.2×).
 * Before issue 44 each write waited for every instance's answer, up to 2 s with B stopped.
 *
 * Env: BENCH_WRITES (per phase, default 3000), BENCH_CONCURRENCY (default 8), BENCH_USERS
 * (default 200), BENCH_PG_ADMIN_URL, BENCH_REDIS_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { admin, dbUrl } from './pgAdmin.ts';
import { Ok } from '../src/contract/errors.ts';

const WRITES = Number(process.env.BENCH_WRITES ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const USERS = Number(process.env.BENCH_USERS ?? 200);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LANGS = ['en', 'de', 'fr', 'es'] as const;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function start(name: string, env: Record<string, string>, dataDir: string): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  fs.mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-app'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const end = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode})`);
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { port, child };
    if (Date.now() > end) throw new Error(`${name} does not answer /healthz`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** `total` writes through `port`, `CONCURRENCY` at a time: their latencies (ms) and the rate. */
async function writes(port: number, tokens: string[], total: number, from = 0) {
  const ms: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        const i = from + next++;
        const s = performance.now();
        const r = await fetch(`http://127.0.0.1:${port}/swx/customer/user/language`, {
          method: 'POST',
          headers: {
            authorization: tokens[i % tokens.length],
            'content-type': 'application/json',
            // each write from its own address: the route's limit (30 a minute per address) is not what is measured
            'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          },
          body: JSON.stringify({ language: LANGS[i % LANGS.length] }),
        });
        const answer = (await r.json()) as { code: number };
        if (answer.code !== Ok.SUCCESS) throw new Error(`write refused: ${JSON.stringify(answer)}`);
        ms.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  ms.sort((x, y) => x - y);
  return { rate: total / seconds, p50: pct(ms, 50), p99: pct(ms, 99) };
}

async function main() {
  const { openDatabase } = await import('../server/platform/db/client.ts');
  const { users } = await import('../server/platform/identity/schema.ts');
  const { createSession } = await import('../server/auth/sessions.ts');
  const name = `bench_keptcopy_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-keptcopy-'));
  await admin(`CREATE DATABASE ${name}`);
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    CONSOLE_DELIVERY: 'true',
    OPERATOR_EMAIL: 'operator@example.test',
    OPERATOR_PASSWORD: `Op-${crypto.randomBytes(9).toString('base64url')}-7`,
    KYC_KEY: crypto.randomBytes(32).toString('base64'),
    OPERATOR_2FA_REQUIRED: 'false',
    DATABASE_URL: dbUrl(name),
    REDIS_URL,
    TRUST_PROXY: '127.0.0.1',
    BUS_NAMESPACE: `bench-keptcopy-${crypto.randomBytes(6).toString('hex')}:`,
  };
  const started: ChildProcess[] = [];
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    const a = await start('instance A', env, path.join(dataDir, 'a'));
    started.push(a.child);
    const b = await start('instance B', env, path.join(dataDir, 'b'));
    started.push(b.child);
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 2 });
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const tag = crypto.randomBytes(5).toString('hex');
      const [row] = await database.db
        .insert(users)
        .values({ username: `bench_${tag}`, inviteCode: `IC${tag}`.toUpperCase(), role: 'customer' })
        .returning({ id: users.id });
      const token = await createSession(database.db, row.id, 86_400_000, { now: Date.now() });
      tokens.push(token);
      // B keeps the user's reads (what a write makes stale there)
      await fetch(`http://127.0.0.1:${b.port}/swx/customer/user/getUserInfo`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: '{}',
      });
    }
    await writes(a.port, tokens, Math.min(WRITES, 200), 1 << 20); // warm-up
    const running = await writes(a.port, tokens, WRITES, 2 << 20);
    b.child.kill('SIGSTOP');
    let stopped;
    try {
      stopped = await writes(a.port, tokens, WRITES, 3 << 20);
    } finally {
      b.child.kill('SIGCONT');
    }
    const load = os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
    const row = (label: string, r: { rate: number; p50: number; p99: number }) =>
      `${label.padEnd(22)} ${r.rate.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)}`;
    console.log(`\nWrites through A (language switch), ${WRITES} per phase, ${CONCURRENCY} at a time, ${USERS} users kept on B`);
    console.log(`${'phase'.padEnd(22)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
    console.log(row('B running', running));
    console.log(row('B stopped (SIGSTOP)', stopped));
    console.log(`p99 stopped / running: ${(stopped.p99 / running.p99).toFixed(2)}× (goal ≤ 1.2×); load average ${load}`);
  } finally {
    for (const c of started) {
      c.kill('SIGCONT');
      c.kill('SIGKILL');
    }
    await Promise.all(
      started.map((c) => (c.exitCode !== null || c.signalCode !== null ? undefined : new Promise((r) => c.once('exit', r)))),
    );
    await database?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
