import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { usingPostgres } from '../helpers.ts';
import { serviceCommand } from '../../setup/serviceCommand.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Starts the real service (`server/main.ts`) as `npm start` does, on the embedded database. */
async function startService(dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, serviceCommand('server/main.ts'), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-app'),
      FEED_SEED: '7',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`service did not start:\n${log}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (r.ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { port, child, exited, log: () => log };
}

// One embedded-database scenario; the PostgreSQL project does not need to repeat it.
describe.skipIf(usingPostgres())('graceful shutdown', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-shutdown-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('drains, closes the database on SIGTERM and starts again on the same data', async () => {
    const first = await startService(dataDir);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.log()).toMatch(/shutting down/);

    // the embedded database was closed cleanly: a second start opens and migrates it again
    const second = await startService(dataDir);
    const res = await fetch(`http://127.0.0.1:${second.port}/swx/customer/index/listMarketByType?type=crypto&pageSize=1`);
    expect(res.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);
});
