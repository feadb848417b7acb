/**
 * The service as separate processes, as `npm start` runs it (docs/testing-production-shape.md):
 * started through tests/server/movedClockService.ts (its platform clock movable by a file), asked
 * over HTTP, and killed as the tests choose (SIGKILL: no shutdown, no unlock).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { JOB_NAMES, waitFor } from './productionFixtures.ts';
import { serviceCommand } from '../setup/serviceCommand.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

export interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  log: () => string;
}

/**
 * Starts the service with `env` as `npm start` does, through tests/server/movedClockService.ts:
 * the same platform with its clock ahead of the wall clock by the milliseconds in
 * `<dataDir>/clock-offset`, so that work due in a minute is due when the test says; resolves once
 * it answers /healthz.
 */
export async function startInstance(name: string, env: Record<string, string>, dataDir: string): Promise<Instance> {
  const port = await freePort();
  fs.mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, serviceCommand('tests/server/movedClockService.ts'), {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-app'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await waitFor(
    `${name} answers /healthz`,
    async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${log}`);
      return fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    90_000,
  );
  return { name, port, child, exited, log: () => log };
}

export async function call(i: Instance, method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) {
  const r = await fetch(`http://127.0.0.1:${i.port}${url}`, {
    method,
    headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
    body: payload ? JSON.stringify(payload) : undefined,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read fields freely; the route's schema checked the shape
  return (await r.json()) as { code: number; msg: string; result: any };
}

/** The jobs the jobs table says `i` leads (an instance is hostname:pid:…, server/platform/jobs/board.ts). */
export const ledBy = (i: Instance, jobs: Record<string, string | null>) =>
  JOB_NAMES.filter((n) => jobs[n]?.startsWith(`${os.hostname()}:${i.child.pid}:`));
