/**
 * HTTP read benchmark (npm run bench:http). Not part of the test suite; loopback only.
 *
 * Two servers, each in a child process of its own, measured by autocannon from this process:
 *   - platform: the real service (createPlatform on embedded PGlite, the simulated feed of the
 *     whole catalogue stepping once a second, the built app from dist/ when there is one);
 *   - bare: Fastify with one route answering {"hello":"world"}, the reference.
 * For ROUNDS rounds, each platform path is measured right after a measurement of the bare server,
 * and the pair gives that round's ratio: this machine's speed drifts by a third within a minute
 * (a neighbour's load, the sandbox's own), so a path compared with a bare figure taken moments
 * before is compared under the same conditions. The table gives the medians of the rounds: the
 * path's req/s, the bare server's (all its measurements), and the ratio (the median of the
 * rounds' ratios).
 *
 * Env: BENCH_DURATION_S (per measurement, default 3), BENCH_ROUNDS (default 5),
 * BENCH_CONNECTIONS (default 32), BENCH_PATHS (comma-separated names, default all).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const DURATION = Math.min(30, Number(process.env.BENCH_DURATION_S ?? 3));
const ROUNDS = Math.min(9, Number(process.env.BENCH_ROUNDS ?? 5));
const CONNECTIONS = Math.min(256, Number(process.env.BENCH_CONNECTIONS ?? 32));

interface Ready { port: number; token?: string }

// ---------------------------------------------------------------- servers (child processes)

async function platformServer(): Promise<{ port: number; token: string; close: () => Promise<unknown> }> {
  const { loadConfig } = await import('../server/config.ts');
  const { createPlatform } = await import('../server/start.ts');
  const { users } = await import('../server/db/schema/index.ts');
  const { createSession } = await import('../server/auth/sessions.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-http-'));
  const staticDir = path.resolve('dist');
  const config = loadConfig({ LOG_LEVEL: 'warn', FEED_SEED: '7' }, {
    dataDir, engines: true, staticDir: fs.existsSync(path.join(staticDir, 'index.html')) ? staticDir : undefined,
  });
  const app = await createPlatform(config, { memoryDb: true, logger: false });
  // a signed-in customer for the authenticated paths (a session as the login call makes one)
  const [user] = await app.db.insert(users).values({ username: 'bench_user', inviteCode: 'BENCH1' }).returning({ id: users.id });
  const token = await createSession(app.db, user.id, 3600_000, { now: app.clock.now() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as { port: number }).port, token, close: () => app.close() };
}

async function bareServer(): Promise<{ port: number; close: () => Promise<unknown> }> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as { port: number }).port, close: () => app.close() };
}

async function runChild(kind: string) {
  const server: { port: number; token?: string; close: () => Promise<unknown> } = kind === 'platform' ? await platformServer() : await bareServer();
  process.on('message', async (m: { cmd: string }) => {
    if (m.cmd === 'stop') {
      await server.close();
      process.exit(0);
    }
  });
  process.send!({ port: server.port, token: server.token } satisfies Ready);
}

function start(kind: 'platform' | 'bare'): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(fileURLToPath(import.meta.url), ['--child', kind], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (ready: Ready) => resolve({ child, ready }));
    child.once('exit', (code) => reject(new Error(`${kind} server exited (${code})`)));
  });
}

async function stop(child: ChildProcess) {
  child.removeAllListeners('exit');
  child.send({ cmd: 'stop' });
  await new Promise((r) => child.once('exit', r));
}

// ---------------------------------------------------------------- load (this process)

interface Target {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  auth?: boolean;
  /** Only when the service serves the built app. */
  needsBuild?: boolean;
}

const I = '/swx/customer/index';
const TARGETS: Target[] = [
  { name: 'homeFigures', path: `${I}/homeFigures` },
  { name: 'marketStats', path: `${I}/marketStats` },
  { name: 'market list (20 rows)', path: `${I}/listMarketByType?pageNum=1&pageSize=20` },
  { name: 'listContents/2', path: `${I}/listContents/2` },
  { name: 'getPrice/bitcoin', path: `${I}/getPrice/bitcoin` },
  { name: '/ (index.html)', path: '/', needsBuild: true },
  { name: 'getUserInfo (signed in)', method: 'POST', path: '/swx/customer/user/getUserInfo', auth: true },
  { name: 'listRecharge (signed in)', path: '/swx/customer/user/listRecharge?pageNum=1&pageSize=20', auth: true },
];

interface Sample { reqPerSec: number; p99: number; non2xx: number; errors: number; bytesPerReq: number }

async function load(port: number, p: string, headers: Record<string, string>, method: 'GET' | 'POST' = 'GET'): Promise<Sample> {
  const r = await autocannon({
    url: `http://127.0.0.1:${port}${p}`, method, headers, connections: CONNECTIONS, duration: DURATION,
    // POST without a body: getUserInfo takes none
    ...(method === 'POST' ? { body: '{}', headers: { ...headers, 'content-type': 'application/json' } } : {}),
  });
  return {
    reqPerSec: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts,
    bytesPerReq: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  const only = process.env.BENCH_PATHS?.split(',').map((s) => s.trim());
  console.log(`bench:http: ${CONNECTIONS} connections, ${DURATION} s per measurement, ${ROUNDS} rounds, loopback, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), node ${process.version}`);
  const platform = await start('platform');
  const bare = await start('bare');
  const hasBuild = fs.existsSync(path.resolve('dist/index.html'));
  const targets = TARGETS.filter((t) => (!only || only.some((o) => t.name.startsWith(o))) && (!t.needsBuild || hasBuild));
  const headers = (t: Target): Record<string, string> => ({
    lang: 'en',
    ...(t.auth ? { authorization: platform.ready.token!, virtually: 'YES' } : {}),
  });
  try {
    // every path answers successfully before it is measured (a refusal is fast and would flatter)
    for (const t of targets) {
      const res = await fetch(`http://127.0.0.1:${platform.ready.port}${t.path}`, {
        method: t.method ?? 'GET', headers: { ...headers(t), ...(t.method === 'POST' ? { 'content-type': 'application/json' } : {}) }, body: t.method === 'POST' ? '{}' : undefined,
      });
      const text = await res.text();
      const code = t.needsBuild ? 200 : (JSON.parse(text) as { code: number }).code;
      if (res.status !== 200 || code !== 200) throw new Error(`${t.name}: HTTP ${res.status}, ${text.slice(0, 200)}`);
    }
    // warm up both (JIT, the platform's first rings and caches)
    await load(bare.ready.port, '/', {});
    for (const t of targets) await load(platform.ready.port, t.path, headers(t), t.method);

    const bareSamples: Sample[] = [];
    const samples = new Map<string, Array<{ sample: Sample; ratio: number }>>(targets.map((t) => [t.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const t of targets) {
        const b = await load(bare.ready.port, '/', {});
        bareSamples.push(b);
        const s = await load(platform.ready.port, t.path, headers(t), t.method);
        samples.get(t.name)!.push({ sample: s, ratio: s.reqPerSec / b.reqPerSec });
        console.log(`round ${round}: ${t.name} ${Math.round(s.reqPerSec)} req/s, p99 ${s.p99} ms${s.non2xx || s.errors ? `, ${s.non2xx} non-2xx, ${s.errors} errors` : ''}; bare just before ${Math.round(b.reqPerSec)} req/s; ratio ${(s.reqPerSec / b.reqPerSec).toFixed(2)}`);
      }
    }
    const bareMedian = median(bareSamples.map((s) => s.reqPerSec));
    console.log(`\n| path | platform req/s | p99 ms | bytes/answer | bare Fastify req/s (same run) | ratio (median of paired rounds) |`);
    console.log('|---|---|---|---|---|---|');
    for (const t of targets) {
      const rounds = samples.get(t.name)!;
      const ss = rounds.map((r) => r.sample);
      const rps = median(ss.map((s) => s.reqPerSec));
      const bad = ss.reduce((n, s) => n + s.non2xx + s.errors, 0);
      const ratios = rounds.map((r) => r.ratio);
      console.log(`| ${t.name} | ${Math.round(rps)} | ${median(ss.map((s) => s.p99))} | ${median(ss.map((s) => s.bytesPerReq))} | ${Math.round(bareMedian)} | ${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})${bad ? ` (${bad} failed)` : ''} |`);
    }
  } finally {
    await stop(platform.child);
    await stop(bare.child);
  }
}

if (process.argv[2] === '--child') void runChild(process.argv[3]);
else await main();
