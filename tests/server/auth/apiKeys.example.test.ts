import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { optionsOrders } from '../../../server/trading/schema.ts';
import { Ok } from '../../../src/contract/errors.ts';
import { useTestApp } from '../helpers.ts';
import { createUser, fund, type TestUser } from '../wallet/walletFixtures.ts';
import { createKey } from './apiKeyFixtures.ts';

/**
 * docs/api.md's runnable example, run as a reader would run it (`node examples/api-client.mjs`,
 * a child process speaking HTTP to a listening platform) with a key registered through the route,
 * so the example cannot drift from the service: it opens and closes a demo order.
 */
describe('examples/api-client.mjs against a listening platform', () => {
  // the example signs with the computer's clock, so the platform keeps it: the system's, which the
  // PGlite run's moved Date (tests/setup/shiftedDate.ts) is not, as the child process's is not
  const systemNow = () => Math.round(performance.timeOrigin + performance.now());
  const t = useTestApp(() => ({ clock: systemNow }));
  let u: TestUser;
  let url: string;

  beforeAll(async () => {
    u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '1000', 'demo');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it('places and closes a demo order with an Ed25519 key', async () => {
    const { res, key } = await createKey(t.app, u, ['read', 'trade'], { name: 'example' });
    expect(res.code, res.msg).toBe(Ok.SUCCESS);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-key-'));
    const file = path.join(dir, 'key.pem');
    fs.writeFileSync(file, key.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string, { mode: 0o600 });
    const now = t.app.clock.now();
    await t.app.market.applyFeed([{ code: 'BTCUSDT', price: 60000, time: now, volume: 0 }], now);

    const child = spawn(process.execPath, ['examples/api-client.mjs'], {
      env: { PATH: process.env.PATH ?? '', PLATFORM_URL: url, API_KEY_ID: key.id, API_KEY_FILE: file },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    fs.rmSync(dir, { recursive: true, force: true });
    expect(code, `${out}\n${err}`).toBe(0);
    expect(out).toMatch(/opened order \d+ on BTCUSDT/);
    expect(out).toMatch(/closed order \d+ at /);
    const rows = await t.app.db.select().from(optionsOrders);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: u.id, book: 'demo' });
    expect(rows[0].status).not.toBe('open');
  });
});
