/**
 * Websocket fan-out benchmark (npm run bench:ws). Not part of the test suite.
 *
 * For N = 1,000 and 10,000 clients on loopback, runs two servers in turn, each in its own
 * child process so its CPU can be measured alone:
 *   - platform: the real service (createPlatform, embedded PGlite, simulated feed of the whole
 *     catalogue at one tick per second per instrument) serving /ws;
 *   - bare: a plain `ws` server that makes the same ticks and broadcasts each step, serialised
 *     once, to every client as soon as it is made.
 * Clients (in this process) connect, then for PHASE_S seconds record when each batch arrives.
 * Latency = arrival time - the time the feed step that produced the BTCUSDT price in that batch
 * was made (the server reports it over IPC; same machine, same clock). Both send each step as
 * soon as it is made. Memory is reported before any client connects and at the end of the
 * phase, so what the clients cost is told apart from what the server holds anyway.
 *
 * Env: BENCH_CLIENTS="1000,10000", BENCH_PHASE_S=20 (capped at 60).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import WebSocket, { WebSocketServer } from 'ws';
import { tickToWire, type PriceTick } from '../src/contract/ws.ts';

const PHASE_S = Math.min(60, Number(process.env.BENCH_PHASE_S ?? 20));
const SIZES = (process.env.BENCH_CLIENTS ?? '1000,10000').split(',').map(Number);
const now = () => performance.timeOrigin + performance.now();

type Memory = { rss: number; heapUsed: number; external: number; arrayBuffers: number };
type FromServer =
  { port: number; idle: Memory } | { gen: string; t: number } | { cpu: NodeJS.CpuUsage; wall: number; mem: Memory };
const memory = (): Memory => {
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
};

// ---------------------------------------------------------------- servers (child processes)

async function platformServer() {
  const { loadConfig } = await import('../server/config.ts');
  const { createPlatform } = await import('../server/start.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ws-'));
  // every benchmark client connects from loopback: lift the per-address socket cap
  const config = loadConfig(
    { LOG_LEVEL: 'warn', FEED_SEED: '7' },
    { dataDir, staticDir: undefined, engines: true, wsMaxPerAddress: Number.MAX_SAFE_INTEGER },
  );
  const app = await createPlatform(config, { memoryDb: true, logger: false });
  // first listener: the production time is taken before the hub sends the step (as the bare server
  // does), else an arrival can precede its own step's time and be matched to an older equal price
  app.market.events.prependListener('prices', (ticks: PriceTick[]) => {
    const btc = ticks.find((x) => x.code === 'BTCUSDT');
    if (btc) process.send!({ gen: btc.price, t: now() } satisfies FromServer);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return { port, close: () => app.close() };
}

async function bareServer() {
  const { CATALOGUE } = await import('../server/market/catalogue/index.ts');
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise((r) => wss.once('listening', r));
  const prices = CATALOGUE.map((e) => ({ code: e.code, p: e.refPrice, precision: e.pricePrecision, open: e.refPrice }));
  // the same work: a GBM-like step for every instrument once a second, one JSON array to everyone
  const timer = setInterval(() => {
    const batch = prices.map((x) => {
      x.p *= Math.exp(0.0002 * (Math.random() * 2 - 1));
      return tickToWire({
        code: x.code,
        price: x.p.toFixed(x.precision),
        change24hPct: Math.round(((x.p - x.open) / x.open) * 10_000) / 100,
      });
    });
    const data = JSON.stringify(batch);
    process.send!({ gen: batch[0].price, t: now() } satisfies FromServer);
    for (const c of wss.clients) if (c.readyState === WebSocket.OPEN) c.send(data);
  }, 1000);
  wss.on('connection', (ws) =>
    ws.send(JSON.stringify(prices.map((x) => tickToWire({ code: x.code, price: x.p.toFixed(x.precision), change24hPct: 0 })))),
  );
  const port = (wss.address() as { port: number }).port;
  return {
    port,
    close: async () => {
      clearInterval(timer);
      for (const c of wss.clients) c.terminate();
      wss.close();
    },
  };
}

async function runChild(kind: string) {
  const server = kind === 'platform' ? await platformServer() : await bareServer();
  let cpu0 = process.cpuUsage();
  let wall0 = now();
  process.on('message', async (m: { cmd: string }) => {
    if (m.cmd === 'mark') {
      cpu0 = process.cpuUsage();
      wall0 = now();
    } else if (m.cmd === 'report') {
      process.send!({ cpu: process.cpuUsage(cpu0), wall: now() - wall0, mem: memory() } satisfies FromServer);
    } else if (m.cmd === 'stop') {
      await server.close();
      process.exit(0);
    }
  });
  // the server's own memory before any client: what the clients add is measured against it
  await new Promise((r) => setTimeout(r, 3000));
  process.send!({ port: server.port, idle: memory() } satisfies FromServer);
}

// ---------------------------------------------------------------- clients (this process)

interface PhaseResult {
  server: string;
  clients: number;
  connected: number;
  connectMs: number;
  p50: number;
  p99: number;
  msgsPerSec: number;
  mbPerSec: number;
  cpuPct: number;
  rssMb: number;
  /** Before any client connected. */
  idleRssMb: number;
  heapMb: number;
  idleHeapMb: number;
  /** ArrayBuffers (PGlite's WebAssembly memory is one) and other memory outside the JS heap. */
  externalMb: number;
}

const BTC = /"code":"BTCUSDT","price":"([0-9.]+)"/;

async function phase(kind: 'platform' | 'bare', n: number): Promise<PhaseResult> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--child', kind], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // a price can recur: keep every production time and match an arrival to the latest one before it
  const gens = new Map<string, number[]>();
  let report: Extract<FromServer, { cpu: unknown }> | undefined;
  let idle: Memory | undefined;
  const port = await new Promise<number>((resolve) => {
    child.on('message', (m: FromServer) => {
      if ('port' in m) {
        idle = m.idle;
        resolve(m.port);
      } else if ('gen' in m) gens.set(m.gen, [...(gens.get(m.gen) ?? []), m.t]);
      else if ('cpu' in m) report = m;
    });
  });

  const sockets: WebSocket[] = [];
  const arrivals: Array<[string, number]> = [];
  let messages = 0;
  let bytes = 0;
  let recording = false;
  const t0 = now();
  const url = kind === 'platform' ? `ws://127.0.0.1:${port}/ws` : `ws://127.0.0.1:${port}/`;
  for (let i = 0; i < n; i += 250) {
    const batch = Array.from(
      { length: Math.min(250, n - i) },
      () =>
        new Promise<void>((resolve) => {
          const ws = new WebSocket(url, { perMessageDeflate: false });
          ws.on('open', () => {
            sockets.push(ws);
            resolve();
          });
          ws.on('error', () => resolve());
          ws.on('message', (raw: Buffer) => {
            if (!recording) return;
            messages++;
            bytes += raw.length;
            // only batches (arrays); find the BTCUSDT price without parsing the whole message
            if (raw[0] !== 0x5b) return;
            const m = BTC.exec(raw.toString('latin1', 0, Math.min(raw.length, 400)));
            if (m) arrivals.push([m[1], now()]);
          });
        }),
    );
    await Promise.all(batch);
  }
  const connectMs = now() - t0;
  await new Promise((r) => setTimeout(r, 2000)); // let the initial full lists drain
  recording = true;
  child.send({ cmd: 'mark' });
  const start = now();
  await new Promise((r) => setTimeout(r, PHASE_S * 1000));
  recording = false;
  const elapsed = (now() - start) / 1000;
  child.send({ cmd: 'report' });
  while (!report) await new Promise((r) => setTimeout(r, 20));

  const lat = arrivals
    .flatMap(([price, t]) => {
      const made = (gens.get(price) ?? []).filter((g) => g <= t);
      return made.length ? [t - Math.max(...made)] : [];
    })
    .sort((a, b) => a - b);
  const pct = (p: number) => (lat.length ? lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))] : NaN);
  for (const s of sockets) s.terminate();
  child.send({ cmd: 'stop' });
  await new Promise((r) => child.once('exit', r));
  return {
    server: kind,
    clients: n,
    connected: sockets.length,
    connectMs: Math.round(connectMs),
    p50: Math.round(pct(50)),
    p99: Math.round(pct(99)),
    msgsPerSec: Math.round(messages / elapsed),
    mbPerSec: Math.round((bytes / elapsed / 1e6) * 10) / 10,
    cpuPct: Math.round(((report.cpu.user + report.cpu.system) / 1000 / report.wall) * 100),
    rssMb: Math.round(report.mem.rss / 1e6),
    idleRssMb: Math.round(idle!.rss / 1e6),
    heapMb: Math.round(report.mem.heapUsed / 1e6),
    idleHeapMb: Math.round(idle!.heapUsed / 1e6),
    externalMb: Math.round(report.mem.external / 1e6),
  };
}

async function main() {
  console.log(
    `ws fan-out: ${SIZES.join(' and ')} clients, ${PHASE_S} s per phase, loopback, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'})`,
  );
  const rows: PhaseResult[] = [];
  for (const n of SIZES) {
    for (const kind of ['platform', 'bare'] as const) {
      const r = await phase(kind, n);
      rows.push(r);
      console.log(JSON.stringify(r));
    }
  }
  console.log(
    '\n| clients | server | connected | connect ms | latency p50 ms | latency p99 ms | msgs/s | MB/s | server CPU % (one core = 100) | server RSS MB (idle → with clients) | JS heap MB (idle → with clients) | external MB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.clients} | ${r.server} | ${r.connected} | ${r.connectMs} | ${r.p50} | ${r.p99} | ${r.msgsPerSec} | ${r.mbPerSec} | ${r.cpuPct} | ${r.idleRssMb} → ${r.rssMb} | ${r.idleHeapMb} → ${r.heapMb} | ${r.externalMb} |`,
    );
  }
}

if (process.argv[2] === '--child') void runChild(process.argv[3]);
else await main();
